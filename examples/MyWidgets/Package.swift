// swift-tools-version:6.0
// An example widget package built against WidgetTerm: `swift run my-widgets` previews its widgets.
import PackageDescription

let package = Package(
    name: "MyWidgets",
    // A checkout of WidgetTerm; use `.package(url: ..., branch: ...)` for a remote one.
    dependencies: [.package(name: "WidgetTerm", path: "../..")],
    targets: [
        // The widget sources, as they would be in an iOS widget extension (imports aside).
        // Swift 5 language mode: real widget code declares `static var title: LocalizedStringResource = ...`,
        // which Swift 6 rejects as global mutable state.
        .target(
            name: "widgets",
            dependencies: [.product(name: "WidgetKitUI", package: "WidgetTerm")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The command line: `my-widgets list`, `my-widgets render KIND`, ... on this package's bundle.
        .executableTarget(
            name: "my-widgets",
            dependencies: ["widgets", .product(name: "WidgetTermCLI", package: "WidgetTerm")]
        ),
    ]
)
