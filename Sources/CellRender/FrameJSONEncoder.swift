import Foundation
import CellLayout
import WidgetKitUI

/// Encodes a frame as JSON data (`render --format json`): its size, the text of each row, each cell's glyph,
/// colours (hex) and attributes, the tap regions with their targets, widget URLs, live-text regions and
/// diagnostics. Rows and columns are cells; keys are sorted, so equal frames give equal bytes.
public enum FrameJSONEncoder {
    struct Document: Encodable {
        var widget: String
        var family: String
        var width: Int
        var height: Int
        /// One string per row: the text layer.
        var rows: [String]
        /// One array per row: each cell's glyph, colours and attributes.
        var cells: [[CellData]]
        var tapRegions: [TapData]
        var widgetURLs: [String]
        var liveRegions: [RectData]
        var diagnostics: [DiagnosticData]
    }
    struct CellData: Encodable {
        var glyph: String
        var foreground: String?
        var background: String?
        var attributes: [String]?
        var wide: Bool?
    }
    struct RectData: Encodable { var row: Int, column: Int, width: Int, height: Int }
    struct TapData: Encodable {
        var rect: RectData
        var kind: String
        var target: String
        /// True where the family or iOS version ignores this link or control (a tap there does something else).
        var ignored: Bool?
        var ignoredReason: String?
    }
    struct DiagnosticData: Encodable { var severity: String, code: String, message: String }

    static func rect(_ rect: CellRect) -> RectData { RectData(row: rect.y, column: rect.x, width: rect.width, height: rect.height) }

    /// The frame as a pretty-printed JSON document ending in a newline.
    /// - Parameters:
    ///   - frame: The rendered frame.
    ///   - widget: The widget kind, recorded as `widget`.
    ///   - family: The family it was rendered in, recorded as `family`.
    ///   - diagnostics: the findings to record (severity, code, message); nil records the frame's own.
    ///   - ignoredTaps: tap region index (in `frame.tapRegions`) → why the family or iOS version ignores it; those
    ///     regions get `"ignored": true` and `ignoredReason`.
    public static func encode(
        _ frame: Frame, widget: String, family: WidgetFamily,
        diagnostics: [(severity: String, code: String, message: String)]? = nil, ignoredTaps: [Int: String] = [:]
    ) -> String {
        let buffer = frame.buffer
        var cells: [[CellData]] = []
        for row in 0..<buffer.height {
            var line: [CellData] = []
            for column in 0..<buffer.width where !buffer[column, row].isContinuation {
                let cell = buffer[column, row]
                let wide = column + 1 < buffer.width && buffer[column + 1, row].isContinuation
                line.append(
                    CellData(
                        glyph: cell.glyph.description, foreground: cell.glyph.isSpace ? nil : cell.foreground?.hex,
                        background: cell.background?.hex,
                        attributes: cell.attributes.isEmpty ? nil : cell.attributes.names, wide: wide ? true : nil))
            }
            cells.append(line)
        }
        let taps = frame.tapRegions.enumerated().map { index, region -> TapData in
            var tap: TapData
            switch region.action {
            case .link(let url): tap = TapData(rect: rect(region.rect), kind: "link", target: url.absoluteString)
            case .intent(let intent): tap = TapData(rect: rect(region.rect), kind: "intent", target: intent.description)
            case .toggle(let isOn, let intent):
                tap = TapData(rect: rect(region.rect), kind: isOn ? "toggle-on" : "toggle-off", target: intent.description)
            }
            if let reason = ignoredTaps[index] {
                tap.ignored = true
                tap.ignoredReason = reason
            }
            return tap
        }
        let document = Document(
            widget: widget, family: family.rawValue, width: buffer.width, height: buffer.height,
            rows: (0..<buffer.height).map(buffer.text(ofRow:)), cells: cells, tapRegions: taps,
            widgetURLs: frame.widgetURLs.map(\.absoluteString), liveRegions: frame.liveRegions.map { rect($0.rect) },
            diagnostics: diagnostics?.map { DiagnosticData(severity: $0.severity, code: $0.code, message: $0.message) }
                ?? frame.diagnostics.map {
                    DiagnosticData(severity: $0.isFatalToRender ? "error" : "warning", code: $0.code, message: $0.message)
                })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
