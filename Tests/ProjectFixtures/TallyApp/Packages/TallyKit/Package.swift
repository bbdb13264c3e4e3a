// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "TallyKit",
    platforms: [.iOS(.v17)],
    products: [.library(name: "TallyKit", targets: ["TallyKit"])],
    targets: [
        .target(name: "TallyUnits"),
        .target(name: "TallyKit", dependencies: ["TallyUnits"]),
    ]
)
