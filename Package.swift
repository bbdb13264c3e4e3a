// swift-tools-version:6.0
// WidgetTerm: Apple WidgetKit widgets and Live Activities, previewed in a terminal.
// Module layering (lower never imports higher) is described in docs/ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "WidgetTerm",
    products: [
        .library(name: "WidgetKitUI", targets: ["WidgetKitUI"]),
        .library(name: "WidgetTermCLI", targets: ["WidgetTermCLI"]),
        // Apple's module names, so widget code compiles with its imports as written (docs/DECISIONS.md).
        .library(
            name: "AppleModules",
            targets: [
                "SwiftUI", "WidgetKit", "AppIntents", "ActivityKit", "os", "OSLog", "UIKit", "Charts", "Combine", "Intents",
            ]),
        .executable(name: "widgetterm", targets: ["widgetterm"]),
    ],
    targets: [
        .target(name: "CSimulatedClock"),
        .target(name: "CPreviewRecords"),
        // A timed wait measured on the monotonic clock, for the widget side and the host alike.
        .target(name: "MonotonicWait"),
        // Our own process launcher (posix_spawn), used instead of Foundation's Process.run(); see DECISIONS.md.
        .target(name: "CChildProcesses"),
        .target(name: "ChildProcesses", dependencies: ["CChildProcesses", "MonotonicWait"]),
        .target(name: "WidgetKitUI", dependencies: ["CSimulatedClock", "CPreviewRecords", "MonotonicWait"]),
        .target(name: "SpellingSuggestions"),
        // Builds the #Preview plugin (source in Sources/PreviewMacros, not a target) with swiftc; see DECISIONS.md.
        .target(name: "PreviewMacroPlugin"),
        .target(name: "WidgetProjects", dependencies: ["SpellingSuggestions"]),
        .target(name: "WidgetDocument", dependencies: ["WidgetKitUI", "SpellingSuggestions"]),
        .target(name: "CDisplayWidth"),
        .target(name: "CellLayout", dependencies: ["WidgetKitUI", "CDisplayWidth"], exclude: ["FontMetrics/generate_widths.py"]),
        .target(
            name: "CellRender", dependencies: ["CellLayout", "SpellingSuggestions"],
            exclude: [
                "SymbolGlyphs/symbols.tsv", "SymbolGlyphs/generate.py", "SymbolGlyphs/legacy.tsv", "SymbolGlyphs/generate_names.py",
            ]
        ),
        .target(name: "CAppGroupEnvironment"),
        .target(name: "CImageDecoding", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),
        .target(name: "AssetCatalog", dependencies: ["WidgetKitUI", "CImageDecoding"]),
        .target(
            name: "WidgetHost",
            dependencies: ["CellRender", "CSimulatedClock", "CAppGroupEnvironment", "CTerminalSignals", "MonotonicWait", "ChildProcesses"]),
        .target(name: "SampleWidgets", dependencies: ["WidgetKitUI"]),
        .systemLibrary(name: "CNCurses"),
        .target(name: "CTerminalSignals"),
        .target(name: "TerminalUI", dependencies: ["WidgetHost", "WidgetDocument", "CNCurses", "CTerminalSignals"]),
        .target(
            name: "WidgetTermCLI",
            dependencies: ["WidgetHost", "WidgetDocument", "SpellingSuggestions", "TerminalUI", "AssetCatalog", "WidgetProjects"]
        ),
        .target(name: "SwiftUI", dependencies: ["WidgetKitUI", "UIKit"]),
        .target(name: "WidgetKit", dependencies: ["WidgetKitUI", "WidgetTermCLI"]),
        .target(name: "AppIntents", dependencies: ["WidgetKitUI"]),
        .target(name: "ActivityKit", dependencies: ["WidgetKitUI"]),
        .target(name: "os"),
        .target(name: "OSLog", dependencies: ["os"]),
        .target(name: "UIKit", dependencies: ["WidgetKitUI", "CellLayout"]),
        .target(name: "Charts", dependencies: ["WidgetKitUI"]),
        .target(name: "Combine", dependencies: ["WidgetKitUI"]),
        .target(name: "Intents", dependencies: ["WidgetKitUI"]),
        .target(name: "HostPackage", dependencies: ["PreviewMacroPlugin", "WidgetProjects", "ChildProcesses"]),
        .executableTarget(name: "widgetterm", dependencies: ["WidgetTermCLI", "SampleWidgets", "HostPackage"]),
        // A widget extension the extension-process tests start (a widget that works, providers that crash or hang).
        .executableTarget(
            name: "widgetterm-test-extension", dependencies: ["WidgetTermCLI", "SampleWidgets"], path: "Tests/TestExtension",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // Shared by the test targets: the fixed clock, goldens, the in-memory preview and the tmux harness
        // that drives the real binary.
        .target(
            name: "TestSupport", dependencies: ["WidgetKitUI", "CellLayout", "CellRender", "WidgetHost", "TerminalUI", "WidgetDocument"],
            path: "Tests/TestSupport"),
        // Each module's own unit tests (docs/ARCHITECTURE.md "How the tests are organised").
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"]),
        .testTarget(name: "CellLayoutTests", dependencies: ["CellLayout", "CellRender", "WidgetKitUI", "TestSupport"]),
        .testTarget(name: "CellRenderTests", dependencies: ["CellRender", "CellLayout", "WidgetKitUI", "TestSupport"]),
        .testTarget(name: "WidgetKitUITests", dependencies: ["WidgetKitUI", "TestSupport"]),
        .testTarget(
            name: "WidgetDocumentTests", dependencies: ["WidgetDocument", "WidgetKitUI", "SpellingSuggestions", "TestSupport"]),
        .testTarget(
            name: "WidgetHostTests",
            dependencies: ["WidgetHost", "CellRender", "CellLayout", "WidgetKitUI", "SampleWidgets", "TestSupport"]),
        .testTarget(
            name: "TerminalUITests", dependencies: ["TerminalUI", "WidgetHost", "CellRender", "CellLayout", "WidgetKitUI", "TestSupport"]),
        // End-to-end (the real binary, tmux, source folders) and cross-module suites; the goldens and fixtures
        // of every test target.
        .testTarget(
            name: "WidgetTermTests",
            dependencies: [
                "WidgetKitUI", "WidgetDocument", "SpellingSuggestions", "CellLayout", "CellRender", "WidgetHost",
                "SampleWidgets", "WidgetTermCLI", "TerminalUI", "AssetCatalog", "PreviewMacroPlugin", "WidgetProjects",
                "HostPackage", "os", "Charts", "Combine", "Intents", "UIKit", "TestSupport",
            ],
            exclude: ["Goldens", "Fixtures"]
        ),
    ]
)
