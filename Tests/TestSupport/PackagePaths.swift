// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import Foundation

/// Where the package's files are, found from this source file's path, so a test in any test target reads
/// the shared goldens and fixtures (kept in `Tests/WidgetTermTests`, where every target's tests add them).
public enum PackagePaths {
    /// The package root: the folder holding `Package.swift`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/WidgetTermTests/Goldens`: the golden snapshots of every test target.
    public static let goldens = root.appendingPathComponent("Tests/WidgetTermTests/Goldens")
    /// `Tests/WidgetTermTests/Fixtures`: the fixture files of every test target.
    public static let fixtures = root.appendingPathComponent("Tests/WidgetTermTests/Fixtures")
    /// `examples/`: the sample documents, themes and projects.
    public static let examples = root.appendingPathComponent("examples")
}
#endif
