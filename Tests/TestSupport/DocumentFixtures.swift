// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import Foundation
import Testing
import CellRender
import WidgetDocument
import WidgetHost
import WidgetKitUI

/// Widget documents for tests: loading examples and probes, the error a broken one throws, and rendering one
/// like `widgetterm render` at the fixed clock. Shared by `WidgetDocumentTests` and the cross-module suites.
public enum DocumentFixtures {
    /// `examples/`: the sample documents and their twins.
    public static let examples = PackagePaths.examples

    /// A document from `examples/` (or `examples/twins/`).
    public static func example(_ name: String) throws -> WidgetDescriptor {
        try WidgetDocument(contentsOf: examples.appendingPathComponent(name).path).descriptor
    }

    /// The error loading `text` throws (the test fails when it loads).
    public static func error(_ text: String, file: String = "test.json", sourceLocation: SourceLocation = #_sourceLocation)
        -> DocumentError?
    {
        do {
            _ = try WidgetDocument(text: text, file: file)
            Issue.record("the document loaded, but an error was expected", sourceLocation: sourceLocation)
            return nil
        } catch let error as DocumentError {
            return error
        } catch {
            Issue.record("expected a DocumentError, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The `DocumentError` `body` throws; nil when it throws none (or another error).
    public static func catching(_ body: () throws -> Void) -> DocumentError? {
        do {
            try body()
            return nil
        } catch {
            return error as? DocumentError
        }
    }

    /// A one-view widget document around `view` (JSON text), in `systemSmall` with a container background.
    public static func widget(_ view: String, data: String = "{}", extra: String = "") -> String {
        """
        {"kind": "probe", "families": ["systemSmall"], \(extra)
         "timeline": {"entries": [{"data": \(data)}]},
         "view": {"VStack": [\(view)], "modifiers": [{"containerBackground": "background"}]}}
        """
    }

    /// Renders like `widgetterm render` at the fixed clock, in a paint style.
    public static func render(
        _ descriptor: WidgetDescriptor, family: WidgetFamily, style: PaintStyle = PaintStyle(colorScheme: .light),
        context: ProviderContext = .timeline, at date: Date = FixedClock.reference
    ) throws -> Frame {
        try FixedClock.run(at: date) {
            let session = WidgetSession(descriptor: descriptor)
            let selection = try session.selectEntry(family: family, device: .default, context: context)
            let options = WidgetRenderOptions(
                family: family, device: .default, osVersion: 26, style: style, date: HostClock.now,
                format: FixedClock.utcFormat)
            return session.render(selection, options: options)
        }
    }

    /// The frame's rows as text, trailing spaces dropped.
    public static func rows(_ frame: Frame) -> [String] {
        (0..<frame.buffer.height).map { String(frame.buffer.text(ofRow: $0).reversed().drop(while: { $0 == " " }).reversed()) }
    }
}
#endif
