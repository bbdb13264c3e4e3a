import Foundation
import Testing
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI
@testable import WidgetTermCLI

// Issue 14 item 4 (the rest): a line that fits on iOS stays one line, its glyphs condensed behind `⋯` with a
// `text-condensed` note (docs/DECISIONS.md "A caption that fits on iOS stays on its lines").

enum CondensedFixtures {
    /// A systemSmall widget: a caption of 22 glyphs (118.7 pt, 15 cells by points) over a second line, in the 16
    /// columns systemSmall's content gets on the default phone.
    static let drizzle = tapTestWidget("drizzle", families: [.systemSmall]) {
        VStack(alignment: .leading, spacing: 0) {
            Text("Drizzle until 11:30 AM").font(.caption)
            Text("Next: dry")
        }
    }

    static func run(_ arguments: [String], widgets: [WidgetDescriptor]) -> (status: Int32, output: String, errors: String) {
        CheckFixtures.run(arguments, widgets: widgets)
    }
}

@Suite("A caption that fits on iOS stays on its lines")
struct CondensedCaptionTests {
    static func shaper(_ view: Text) throws -> TextShaper {
        let node = ViewResolver.resolve(view, environment: EnvironmentValues()).0
        guard case .text(let text) = node else { throw UsageError("not a text") }
        return TextShaper(node: text, date: Date(timeIntervalSince1970: 0), format: FixedClock.utcFormat)
    }

    @Test("a line that fits in points keeps iOS's line count; its middle is hidden behind ⋯ when its glyphs do not fit")
    func condensedLine() throws {
        let caption = try Self.shaper(Text("Drizzle until 11:30 AM").font(.caption))
        #expect(abs(caption.naturalPointWidth - 118.734) < 0.001, "\(caption.naturalPointWidth)")
        let lines = caption.lines(width: 17, pointsPerColumn: 8, maxLines: nil)
        // Head up to 8 columns (`Drizzle `, its space hidden), the mark, the tail in the 9 left (` 11:30 AM`, its
        // space hidden): 16 columns, the 7 graphemes ` until ` hidden.
        #expect(lines.map(\.string) == ["Drizzle\u{22EF}11:30 AM"])
        #expect(lines.map(\.hiddenCount) == [7])
        #expect(lines.map(\.width) == [16])
        #expect(lines.map(\.isTruncated) == [false])
        // Wide enough for its glyphs: drawn whole. Counting columns only (no points): it wraps, nothing hidden.
        #expect(caption.lines(width: 22, pointsPerColumn: 8, maxLines: nil).map(\.string) == ["Drizzle until 11:30 AM"])
        #expect(caption.lines(width: 17, maxLines: nil).map(\.string) == ["Drizzle until", "11:30 AM"])
        // Narrower than its points (118.7 pt, 15 cells), as in 14 columns (112 pt): iOS breaks before `AM`
        // (`Drizzle until 11:30` is 98.6 pt, 12 cells), so two lines, as on iOS, the first with its 19 glyphs
        // condensed into 13 of the 14 columns.
        let twoLines = caption.lines(width: 14, pointsPerColumn: 8, maxLines: nil)
        #expect(twoLines.map(\.string) == ["Drizzle\u{22EF}11:30", "AM"])
        #expect(twoLines.map(\.hiddenCount) == [7, 0])
        // A line cut by iOS: one line of 9 columns (72 pt) holds `Drizzle until…` (74.9 pt, 9 cells), whose 14 glyphs are
        // condensed to its head and its tail, `…` kept at the end.
        let cut = caption.lines(width: 9, pointsPerColumn: 8, maxLines: 1)
        #expect(cut.map(\.string) == ["Driz\u{22EF}til\u{2026}"])
        #expect(cut.map(\.hiddenCount) == [6])
        #expect(cut.map(\.isTruncated) == [true])
    }

    @Test("in systemSmall: one line in the frame with the exact glyphs shown, and a text-condensed note")
    func captionInSystemSmall() throws {
        let result = CondensedFixtures.run(
            ["render", "drizzle", "--format", "text", "--timezone", "UTC"], widgets: [CondensedFixtures.drizzle])
        #expect(result.status == 0, "\(result.errors)")
        let rows = result.output.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
        // The caption is one row, as on iOS; the second text sits on the next row.
        let captionRow = try #require(rows.firstIndex { $0.contains("Drizzle") })
        #expect(rows[captionRow].trimmingCharacters(in: .whitespaces) == "Drizzle\u{22EF}11:30 AM")
        #expect(rows[captionRow + 1].trimmingCharacters(in: .whitespaces) == "Next: dry")
        #expect(
            result.errors.contains(
                "widgetterm: note: [text-condensed] \"Drizzle until 11:30 AM\" (caption, 12 pt) fits its line in 16 cells on iOS "
                    + "(measured with DejaVu Sans Condensed, SF Pro's stand-in), but one glyph per cell does not: the terminal "
                    + "hides 7 characters behind \u{22EF}. iOS shows the text whole, on as many lines as here; nothing to fix.\n"),
            "\(result.errors)")

        let check = CondensedFixtures.run(
            ["check", "drizzle", "--family", "systemSmall", "--mode", "fullColor", "--theme", "light", "--format", "json"],
            widgets: [CondensedFixtures.drizzle])
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [[String: Any]])
        let condensed = findings.filter { $0["code"] as? String == "text-condensed" }
        #expect(condensed.map { "\($0["severity"] ?? "-") \($0["origin"] ?? "-")" } == ["note preview"])
        #expect(check.status == 0)
        let report = CondensedFixtures.run(
            ["check", "drizzle", "--family", "systemSmall", "--mode", "fullColor", "--theme", "light"],
            widgets: [CondensedFixtures.drizzle])
        #expect(
            report.output
                == "drizzle: clean (1 note on what the terminal cannot draw)\n"
                + "  what the terminal cannot draw as iOS does (notes, nothing to fix):\n"
                + "    text-condensed: 1 note on systemSmall/fullColor/light\n"
                + "      e.g. \"Drizzle until 11:30 AM\" (caption, 12 pt) fits its line in 16 cells on iOS (measured with "
                + "DejaVu Sans Condensed, SF Pro's stand-in), but one glyph per cell does not: the terminal hides 7 characters "
                + "behind \u{22EF}. iOS shows the text whole, on as many lines as here; nothing to fix.\n")
    }
}
