// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "WidgetPackage",
    dependencies: [
        // .package(path: "../Commented"),
        .package(path: "../ClassicApp/Packages/ForecastKit")
    ],
    targets: [
        .target(name: "Support"),
        .executableTarget(name: "MyWidgets", dependencies: ["Support", .product(name: "ForecastKit", package: "ForecastKit")]),
    ]
)
