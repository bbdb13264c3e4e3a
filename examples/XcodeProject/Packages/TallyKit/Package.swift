// swift-tools-version:5.9
// A local package of models, as Xcode projects reference them (XCLocalSwiftPackageReference).
import PackageDescription

let package = Package(
    name: "TallyKit",
    products: [.library(name: "TallyKit", targets: ["TallyKit"])],
    targets: [.target(name: "TallyKit")]
)
