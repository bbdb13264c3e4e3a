import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// Text measured and wrapped in points (SF Pro's stand-in widths at each run's size and weight), then placed on
// cells one glyph per cell (docs/DECISIONS.md "Text laid out in points, placed on cells").

/// 2023-11-14 22:13:20 UTC, as the layout tests use.
private let pointLayoutDate = Date(timeIntervalSince1970: 1_700_000_000)

private enum PointProbe {
    static let environment = LayoutEnvironment(
        date: pointLayoutDate,
        format: SystemTextFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))

    struct NotText: Error {}

    static func shaper(_ view: Text) throws -> TextShaper {
        guard case .text(let text) = ViewResolver.resolve(view, environment: EnvironmentValues()).0 else { throw NotText() }
        return TextShaper(node: text, date: pointLayoutDate, format: environment.format)
    }

    /// The lines of `view` wrapped to `width` columns of the standard 8 pt metric.
    static func lines(_ view: Text, width: Int, maxLines: Int? = nil) throws -> [String] {
        try shaper(view).lines(width: width, pointsPerColumn: CellMetric.standard.pointsPerColumn, maxLines: maxLines).map(\.string)
    }

    /// `view` laid out and painted in a `width` × `height` area: one string per row, trailing blanks trimmed.
    static func picture<V: View>(_ view: V, width: Int, height: Int) -> [String] {
        let node = ViewResolver.resolve(view, environment: EnvironmentValues()).0
        let placed = CellLayout.layout(node, in: CellSize(width: width, height: height), environment: environment)
        var painter = Painter(
            size: CellSize(width: width, height: height), style: PaintStyle(colorScheme: .light),
            date: pointLayoutDate, format: environment.format)
        painter.paint(placed)
        var rows = FrameEncoder.text(painter.frame.buffer).components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
}

@Suite("Text laid out in points, placed on cells")
struct TextPointLayoutTests {
    @Test("named strings: their width in points, the cells those points round to, and the columns their glyphs take")
    func namedStrings() throws {
        let cases: [(Text, String, points: Double, pointCells: Int, columns: Int)] = [
            (Text("Rain at 4 PM").font(.caption), "caption, 12 pt", 67.7808, 8, 12),
            (Text("18°").font(.largeTitle), "largeTitle, 34 pt", 54.2062, 7, 3),
            (Text("0.0"), "body, 17 pt", 24.3134, 3, 3),
            (Text("Light rain soon").font(.headline), "headline, 17 pt semibold", 129.7797, 16, 15),
            (Text("WWWW"), "body", 60.4928, 8, 4),
            (Text("iiii"), "body", 17.0, 2, 4),
        ]
        for (text, font, points, pointCells, columns) in cases {
            let shaper = try PointProbe.shaper(text)
            #expect(abs(shaper.naturalPointWidth - points) < 0.001, "\(font): \(shaper.naturalPointWidth)")
            #expect(TextShaper.cells(forPoints: shaper.naturalPointWidth, pointsPerColumn: 8) == pointCells, "\(font)")
            #expect(shaper.naturalWidth == columns, "\(font)")
        }
    }

    @Test("a line breaks where its points, rounded to cells, outgrow the columns offered; glyphs that do not fit are condensed")
    func lineBreaks() throws {
        // 129.8 pt is 16 cells: iOS breaks it in 15 columns (120 pt) though its 15 glyphs would fit them.
        let headline = Text("Light rain soon").font(.headline)
        #expect(try PointProbe.lines(headline, width: 15) == ["Light rain", "soon"])
        #expect(try PointProbe.lines(headline, width: 16) == ["Light rain soon"])
        // Counting glyphs only (the rule before points), the same 15 columns held it.
        #expect(try PointProbe.shaper(headline).lines(width: 15, maxLines: nil).map(\.string) == ["Light rain soon"])
        // 24.3 pt rounds to 3 cells: the minimal island's distance (`0.0`) stays on one line in 3 columns.
        #expect(try PointProbe.lines(Text("0.0"), width: 3) == ["0.0"])
        // 67.8 pt fits 11 columns (88 pt), but 12 glyphs do not: the line stays one line, as on iOS, and its middle
        // (` a`) is hidden behind `⋯` (docs/DECISIONS.md "A caption that fits on iOS stays on its lines").
        let caption = Text("Rain at 4 PM").font(.caption)
        #expect(try PointProbe.lines(caption, width: 12) == ["Rain at 4 PM"])
        #expect(try PointProbe.lines(caption, width: 11) == ["Rain\u{22EF}t 4 PM"])
        // A cut line keeps room for the ellipsis in points too: `Light rain so` (108.4 pt) and `…` (15.3 pt)
        // round to 15 cells; one more `o` (120.1 pt) would not fit.
        #expect(try PointProbe.lines(headline, width: 15, maxLines: 1) == ["Light rain so…"])
    }

    /// The two texts side by side in 31 columns (248 pt), as laid out before text was measured in points: the
    /// headline's 15 glyphs took 15 columns, the caption the 15 left, and it wrapped.
    static let besideBefore = [
        "Light rain soon Showers after 4",
        "                PM",
    ]

    @Test("a caption that fits on iOS no longer wraps: the headline beside it breaks where iOS breaks it")
    func captionBesideHeadline() {
        let view = HStack(alignment: .top) {
            Text("Light rain soon").font(.headline)
            Text("Showers after 4 PM").font(.caption)
        }
        // iOS: the headline (129.8 pt) is offered half of 240 pt and wraps to `Light rain` (83.4 pt); the caption
        // (104.5 pt) fits the 148.6 pt left beside it. Here: the headline wraps the same way in 15 columns, and the
        // caption's 18 glyphs fit the 20 columns left.
        let after = PointProbe.picture(view, width: 31, height: 2)
        // The stack (29 columns) is centred in the 31.
        #expect(
            after == [
                " Light rain Showers after 4 PM",
                " soon",
            ])
        #expect(after != Self.besideBefore)
    }
}

@Suite("A line takes the cells its points need")
struct TextPointCellsTests {
    @Test("bold `👜 Sushi Go` (headline) takes the 12 cells its points need, not its 11 columns, and is laid out whole")
    func boldLabelIsWhole() throws {
        let label = Text("👜 Sushi Go").font(.headline)
        let shaper = try PointProbe.shaper(label)
        #expect(shaper.naturalWidth == 11)
        #expect(TextShaper.cells(forPoints: shaper.naturalPointWidth, pointsPerColumn: 8) == 12)
        let node = ViewResolver.resolve(label, environment: EnvironmentValues()).0
        let ideal = CellLayout.size(of: node, for: ProposedCellSize(width: nil, height: nil), environment: PointProbe.environment)
        #expect(ideal == CellSize(width: 12, height: 1))
        // Proposed its own width, it keeps its one line: before, it answered 11 columns, and in 11 it was cut.
        #expect(CellLayout.size(of: node, for: ProposedCellSize(width: 12, height: nil), environment: PointProbe.environment) == ideal)
        #expect(PointProbe.picture(label, width: 12, height: 1) == ["👜 Sushi Go"])
        #expect(PointProbe.picture(label, width: 11, height: 1) == [" 👜 Sushi…"])
    }

    @Test("a wrapped line takes the cells of its points: each `WWWW` (60.5 pt) is 8 cells, though 4 glyphs")
    func wrappedLinesTakeTheirPointCells() throws {
        let node = ViewResolver.resolve(Text("WWWW WWWW"), environment: EnvironmentValues()).0
        let size = CellLayout.size(of: node, for: ProposedCellSize(width: 10, height: nil), environment: PointProbe.environment)
        #expect(size == CellSize(width: 8, height: 2))
        #expect(CellLayout.size(of: node, for: ProposedCellSize(width: 4, height: nil), environment: PointProbe.environment).height > 2)
        // Proposed its own width, it keeps its lines; the 4 columns of its glyphs would break each `WWWW` again.
        #expect(CellLayout.size(of: node, for: ProposedCellSize(width: 8, height: nil), environment: PointProbe.environment) == size)
    }
}

@Suite("A text's glyphs sit in its frame where the text is placed")
struct TextAnchorTests {
    // `18°` at `.largeTitle` (34 pt) needs 7 cells for its 3 glyphs: 4 cells of its frame are left over, and they go
    // on the side its placement leaves free (docs/DECISIONS.md "A text's glyphs sit where it is placed").

    @Test("a bold text in a trailing-aligned frame ends at the frame's last cell")
    func trailingFrame() {
        let view = Text("18°").font(.largeTitle).bold().frame(width: 80, alignment: .trailing)
        #expect(PointProbe.picture(view, width: 10, height: 1) == ["       18°"])
        // A leading frame keeps its glyphs at its first cell, as before.
        let leading = Text("18°").font(.largeTitle).bold().frame(width: 80, alignment: .leading)
        #expect(PointProbe.picture(leading, width: 10, height: 1) == ["18°"])
    }

    @Test("a centred text is centred: its glyphs in the middle of its frame, not at the frame's first cell")
    func centred() {
        // The 7-cell frame is centred in 11 (columns 2–8); its glyphs in the middle of it (4–6), as the whole text
        // would be centred in the 11.
        let view = VStack { Text("18°").font(.largeTitle) }
        #expect(PointProbe.picture(view, width: 11, height: 1) == ["    18°"])
        let trailingStack = VStack(alignment: .trailing, spacing: 0) {
            Text("18°").font(.largeTitle)
            Text("Rain at 4 PM").font(.caption)
        }
        #expect(PointProbe.picture(trailingStack, width: 12, height: 2) == ["         18°", "Rain at 4 PM"])
    }

    @Test("in a row, a text after a spacer ends at the row's end; one between two spacers is centred")
    func rowAfterSpacer() {
        let view = HStack(spacing: 0) {
            Text("A")
            Spacer()
            Text("18°").font(.largeTitle)
        }
        #expect(PointProbe.picture(view, width: 12, height: 1) == ["A        18°"])
        let between = HStack(spacing: 0) {
            Text("A")
            Spacer()
            Text("18°").font(.largeTitle)
            Spacer()
            Text("B")
        }
        // The text's 7 cells are columns 2–8 of 11 (the spacers share 2); its glyphs in their middle, 4–6.
        #expect(PointProbe.picture(between, width: 11, height: 1) == ["A   18°   B"])
    }

    @Test("in a row with three spacers, each text between two of them is centred in its own frame")
    func rowWithThreeSpacers() {
        let view = HStack(spacing: 0) {
            Text("A")
            Spacer()
            Text("18°").font(.largeTitle)
            Spacer()
            Text("20°").font(.largeTitle)
            Spacer()
            Text("B")
        }
        // 1 + 7 + 7 + 1 columns of views leave 6 for the three spacers, 2 each: the texts' frames are columns 3–9 and
        // 12–18, and each text's 3 glyphs sit in the middle of its 7 cells (columns 5–7 and 14–16).
        #expect(PointProbe.picture(view, width: 22, height: 1) == ["A    18°      20°    B"])
    }

    @Test("in a centred row without spacers the glyphs keep together: the spare cells go outside them")
    func centredRowKeepsTogether() {
        // The two 7-cell frames fill the 14 columns; the first's glyphs keep to the second's, which keep to the first's.
        let pair = HStack(spacing: 0) {
            Text("18°").font(.largeTitle)
            Text("18°").font(.largeTitle)
        }
        #expect(PointProbe.picture(pair, width: 14, height: 1) == ["    18°18°"])
        // A label's title keeps to its icon, as a row of an icon and a text: `A` then `18°`, not `A  18°`.
        let label = HStack(spacing: 0) {
            Text("A")
            Text("18°").font(.largeTitle)
        }
        #expect(PointProbe.picture(label, width: 12, height: 1) == ["  A18°"])
        // In a leading row the first text stays at the row's leading edge.
        let leading = HStack(spacing: 0) {
            Text("18°").font(.largeTitle)
            Text("A")
        }
        .frame(width: 96, alignment: .leading)
        #expect(PointProbe.picture(leading, width: 12, height: 1) == ["18°    A"])
    }

    @Test("right to left, a leading frame's glyphs sit at its right edge, and a leading row's text ends at the right")
    func rightToLeft() {
        let framed = Text("18°").font(.largeTitle).bold().frame(width: 80, alignment: .leading)
        #expect(PointProbe.picture(framed.environment(\.layoutDirection, .rightToLeft), width: 10, height: 1) == ["       18°"])
        let trailing = Text("18°").font(.largeTitle).bold().frame(width: 80, alignment: .trailing)
        #expect(PointProbe.picture(trailing.environment(\.layoutDirection, .rightToLeft), width: 10, height: 1) == ["18°"])
        let row = HStack(spacing: 0) {
            Text("18°").font(.largeTitle)
            Spacer()
        }
        #expect(PointProbe.picture(row.environment(\.layoutDirection, .rightToLeft), width: 12, height: 1) == ["         18°"])
    }

    @Test("wrapped lines move as one block to the frame's side, and align inside it by multilineTextAlignment")
    func wrappedBlock() {
        // `WWWW WW` (95 pt, 12 cells) wraps in 10: `WWWW` (8 cells, 4 glyphs) over `WW`; the text's frame is 8 cells
        // (columns 2–9) and its 4-column block ends at column 9.
        let leadingLines = Text("WWWW WW").frame(width: 80, alignment: .trailing)
        #expect(PointProbe.picture(leadingLines, width: 10, height: 2) == ["      WWWW", "      WW"])
        let trailingLines = Text("WWWW WW").multilineTextAlignment(.trailing).frame(width: 80, alignment: .trailing)
        #expect(PointProbe.picture(trailingLines, width: 10, height: 2) == ["      WWWW", "        WW"])
    }

    @Test("a live text repaints its glyphs where they were painted: at its frame's trailing edge")
    func liveTextKeepsItsAnchor() {
        // A timer counting up from 2 min 5 s ago, at its ideal width, in a trailing frame of the whole 15 columns.
        let start = pointLayoutDate.addingTimeInterval(-125)
        let view = Text(start, style: .timer).font(.largeTitle).fixedSize().frame(width: 120, alignment: .trailing)
        let node = ViewResolver.resolve(view, environment: EnvironmentValues()).0
        let size = CellSize(width: 15, height: 1), style = PaintStyle(colorScheme: .light)
        let placed = CellLayout.layout(node, in: size, environment: PointProbe.environment)
        var painter = Painter(size: size, style: style, date: pointLayoutDate, format: PointProbe.environment.format)
        painter.paint(placed)
        let painted = painter.frame
        #expect(painted.liveRegions.map(\.anchor) == [.trailing])
        #expect(FrameEncoder.text(painted.buffer).components(separatedBy: "\n").first == "           2:05")
        // A second later the repaint writes `2:06` in the same cells, not at the region's first cell.
        let later = painted.repaintingLiveRegions(
            at: pointLayoutDate.addingTimeInterval(1), style: style, format: PointProbe.environment.format)
        #expect(FrameEncoder.text(later.frame.buffer).components(separatedBy: "\n").first == "           2:06")
        #expect(later.changed == [CellPosition(column: 14, row: 0)])
    }

    @Test("a stack or frame as wide as its text hands on where it was placed: glyphs at the row's leading edge")
    func flushContainerKeepsItsAnchor() {
        // The VStack is as wide as the text's 7 cells, and the spacer pushes it to the leading edge: on iOS the
        // stack is as wide as the glyphs, so they start at column 0, not 2 cells into the stack.
        let stacked = HStack(spacing: 0) {
            VStack { Text("18°").font(.largeTitle) }
            Spacer()
        }
        #expect(PointProbe.picture(stacked, width: 12, height: 1) == ["18°"])
        let layered = HStack(spacing: 0) {
            ZStack { Text("18°").font(.largeTitle) }
            Spacer()
        }
        #expect(PointProbe.picture(layered, width: 12, height: 1) == ["18°"])
        // `minWidth:` 16 pt (2 cells) and `idealWidth:` leave the frame the text's 7 cells: nothing to centre in.
        let framed = HStack(spacing: 0) {
            Text("18°").font(.largeTitle).frame(minWidth: 16, idealWidth: 40)
            Spacer()
        }
        #expect(PointProbe.picture(framed, width: 12, height: 1) == ["18°"])
        // A fixed `width:` of the text's 7 cells (56 pt) still centres it in the frame, as iOS centres the narrower
        // text in the 56 pt frame.
        let fixed = HStack(spacing: 0) {
            Text("18°").font(.largeTitle).frame(width: 56)
            Spacer()
        }
        #expect(PointProbe.picture(fixed, width: 12, height: 1) == ["  18°"])
    }

    @Test("a spacer under padding splits the row as a bare spacer does")
    func paddedSpacerSplitsTheRow() {
        // Sized as a spacer (it takes the 5 columns left), it must also push the text to the leading side.
        let view = HStack(spacing: 0) {
            Text("18°").font(.largeTitle)
            Spacer().padding(8)
        }
        #expect(PointProbe.picture(view, width: 12, height: 1) == ["18°"])
    }

    @Test("between two spacers sharing an odd leftover, the glyphs take the odd cell on their left, as centring does")
    func betweenUnevenSpacers() {
        // `WWW` (45.4 pt) takes 6 cells for 3 glyphs. In 9 columns the spacers share 3: 1 before, 2 after, so the
        // frame is columns 1–6; its 3 free columns put 2 before the glyphs (3–5), the middle of the 9.
        let view = HStack(spacing: 0) {
            Spacer()
            Text("WWW")
            Spacer()
        }
        #expect(PointProbe.picture(view, width: 9, height: 1) == ["   WWW"])
    }

    @Test("a mirrored centred anchor puts the glyphs on the mirror image of their cells, odd or even, rounded either way")
    func mirroredCentreIsExact() {
        for free in [4, 5] {
            for roundedDown in [false, true] {
                let anchor = TextAnchor.center(frameRoundedDown: roundedDown)
                #expect(anchor.mirrored.offset(free: free) == free - anchor.offset(free: free), "free \(free), \(roundedDown)")
                #expect(anchor.mirrored.mirrored == anchor)
            }
        }
        // Laid out left to right in 10 columns, the 6-cell frame is columns 2–7 and its glyphs 3–5; mirrored, the
        // frame is 2–7 again and the glyphs 4–6.
        let row = HStack(spacing: 0) {
            Spacer()
            Text("WWW")
            Spacer()
        }
        #expect(PointProbe.picture(row, width: 10, height: 1) == ["   WWW"])
        #expect(PointProbe.picture(row.environment(\.layoutDirection, .rightToLeft), width: 10, height: 1) == ["    WWW"])
    }

    @Test("a text alignment maps to the horizontal alignment of its name, for greedy timers and wrapped lines alike")
    func textAlignmentFraction() {
        let alignments: [TextAlignment] = [.leading, .center, .trailing]
        #expect(alignments.map(\.horizontalAlignment) == [.leading, .center, .trailing])
        #expect(alignments.map(\.horizontalAlignment.fraction) == [0, 0.5, 1])
        #expect(TextAnchor.trailing.offset(free: 5) == 5 && TextAnchor.leading.offset(free: 5) == 0)
        #expect(TextAnchor.center(frameRoundedDown: false).offset(free: -3) == 0)
        #expect(TextAnchor.center(frameRoundedDown: true).offset(free: -3) == 0)
    }
}
