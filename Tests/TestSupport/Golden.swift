// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import Foundation
import Testing

/// Golden snapshots: a text layer plus a style layer (FrameEncoder.golden), in `PackagePaths.goldens`.
/// They are written only when the environment says `WIDGETTERM_RECORD_GOLDENS=1`; otherwise a missing or
/// different golden fails the test with both versions shown.
public enum Golden {
    /// The folder the goldens are read from and recorded to.
    public static let directory = PackagePaths.goldens
    /// True when the run records goldens (`WIDGETTERM_RECORD_GOLDENS=1`), never otherwise.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["WIDGETTERM_RECORD_GOLDENS"] == "1" }

    /// Compares `actual` with `<name>.golden`, or records it when `isRecording`.
    public static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".golden")
        if isRecording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record(
                "missing golden \(name).golden; run with WIDGETTERM_RECORD_GOLDENS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record("golden \(name) differs\n--- expected\n\(expected)--- actual\n\(actual)", sourceLocation: sourceLocation)
        }
    }
}
#endif
