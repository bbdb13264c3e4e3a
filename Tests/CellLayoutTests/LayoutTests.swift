import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// Layout unit tests: SwiftUI's proposal → size → placement on the integer cell grid.
//
// Every test builds a view the way widget code would, resolves it with `ViewResolver`, lays it out
// with `CellLayout.layout` and reads frames (columns, rows) and wrapped lines back from the placed
// tree. Frames are written `CellRect(x:y:width:height:)` relative to the laid-out area's top-leading
// corner. Where a picture reads better than numbers, the tree is painted and compared line by line.
//
// A test that asserts what SwiftUI would do, where the code does something else, is wrapped in
// `withKnownIssue` with the reason; it keeps the SwiftUI-correct value so it starts passing (and the
// known issue starts failing, as a reminder to unwrap it) when layout is fixed.

// MARK: - Harness

/// 2023-11-14 22:13:20 UTC: every system-formatted text measures the same on every run.
private let layoutTestDate = Date(timeIntervalSince1970: 1_700_000_000)

private enum LayoutProbe {
    /// Text counts glyph columns here, so stack arithmetic reads in whole characters; text measured in points,
    /// as widgets are laid out, has its own suite (TextPointLayoutTests).
    static let environment: LayoutEnvironment = {
        var environment = LayoutEnvironment(
            date: layoutTestDate,
            format: SystemTextFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))
        environment.measuresTextInPoints = false
        return environment
    }()

    /// The resolved tree of `view`, as a widget's body would be archived.
    static func node<V: View>(_ view: V) -> ViewNode {
        ViewResolver.resolve(view, environment: EnvironmentValues()).0
    }

    /// `view` laid out in a `width` × `height` cell area.
    static func layout<V: View>(_ view: V, width: Int, height: Int) -> PlacedNode {
        CellLayout.layout(node(view), in: CellSize(width: width, height: height), environment: environment)
    }

    /// The size `view` answers for a proposal (nil: ideal on that axis).
    static func size<V: View>(_ view: V, width: Int?, height: Int?) -> CellSize {
        CellLayout.size(of: node(view), for: ProposedCellSize(width: width, height: height), environment: environment)
    }

    /// `view` laid out and painted in a `width` × `height` area: one string per row, trailing blanks trimmed.
    static func picture<V: View>(_ view: V, width: Int, height: Int) -> [String] {
        let placed = layout(view, width: width, height: height)
        var painter = Painter(
            size: CellSize(width: width, height: height), style: PaintStyle(colorScheme: .light),
            date: layoutTestDate, format: environment.format)
        painter.paint(placed)
        var rows = FrameEncoder.text(painter.frame.buffer).components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// The string a text node shows at the test date (all runs joined).
    static func string(of text: TextNode) -> String {
        text.runs.map { environment.format.string(for: $0.content, at: layoutTestDate) }.joined()
    }

    /// A laid-out line as it reads on screen, `…` included.
    static func string(of line: TextLine) -> String {
        line.string // the ellipsis of a cut line is one of its graphemes
    }
}

/// A text node found in a placed tree.
private struct PlacedText {
    var string: String
    var frame: CellRect
    var lines: [String]
}

extension PlacedNode {
    /// Every text node, depth first, with its string, frame and lines.
    fileprivate var probeTexts: [PlacedText] {
        var found: [PlacedText] = []
        forEach { node in
            if case .text(let text, let lines) = node.content {
                found.append(
                    PlacedText(
                        string: LayoutProbe.string(of: text), frame: node.frame,
                        lines: lines.map(LayoutProbe.string(of:))))
            }
        }
        return found
    }

    /// The frame of the first text node showing `string`.
    fileprivate func probeFrame(ofText string: String) -> CellRect? {
        probeTexts.first { $0.string == string }?.frame
    }

    /// The lines of the first text node showing `string`.
    fileprivate func probeLines(ofText string: String) -> [String]? {
        probeTexts.first { $0.string == string }?.lines
    }

    /// Every frame in the tree, parents first.
    fileprivate var probeAllFrames: [CellRect] {
        var frames: [CellRect] = []
        forEach { frames.append($0.frame) }
        return frames
    }
}

private func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> CellRect {
    CellRect(x: x, y: y, width: width, height: height)
}

// MARK: - Tests

@Suite("Layout")
struct LayoutTests {

    // MARK: Cell metric

    @Suite("Cell metric: 8 pt per column, 17 pt per row, halves up")
    struct CellMetricTests {
        let metric = CellMetric.standard

        @Test("HIG widget sizes on the default iPhone become the documented grids")
        func familyGrids() {
            #expect(metric.cells(width: 170, height: 170) == CellSize(width: 21, height: 10)) // systemSmall
            #expect(metric.cells(width: 364, height: 170) == CellSize(width: 46, height: 10)) // systemMedium
            #expect(metric.cells(width: 364, height: 382) == CellSize(width: 46, height: 22)) // systemLarge
        }

        @Test("Rounding is to nearest with halves up")
        func halvesRoundUp() {
            #expect(metric.columns(4) == 1) // 0.5 column
            #expect(metric.columns(3.9) == 0)
            #expect(metric.columns(12) == 2) // 1.5 columns
            #expect(metric.columns(11.9) == 1)
            #expect(metric.rows(8) == 0) // 0.47 row
            #expect(metric.rows(8.5) == 1) // exactly half a row
            #expect(metric.rows(25.5) == 2) // 1.5 rows
            #expect(metric.rows(16) == 1)
        }

        @Test("Zero, negative and NaN lengths are no cells")
        func degenerateLengths() {
            #expect(metric.columns(0) == 0)
            #expect(metric.columns(-8) == 0)
            #expect(metric.rows(-17) == 0)
            #expect(metric.columns(.nan) == 0)
        }

        @Test("Negative infinity is no cells, like every other negative length")
        func negativeInfinity() {
            do {
                #expect(metric.rows(-.infinity) == 0)
                #expect(metric.columns(-.infinity) == 0)
            }
        }

        @Test("Infinity is unbounded")
        func infinityIsUnbounded() {
            #expect(metric.columns(.infinity) == ProposedCellSize.unbounded)
            #expect(metric.rows(.infinity) == ProposedCellSize.unbounded)
            #expect(
                metric.cells(width: .infinity, height: 17)
                    == CellSize(width: ProposedCellSize.unbounded, height: 1))
        }

        @Test("Explicit non-zero horizontal insets are at least one column")
        func explicitColumns() {
            #expect(metric.explicitColumns(2) == 1)
            #expect(metric.explicitColumns(0.5) == 1)
            #expect(metric.explicitColumns(0) == 0)
            #expect(metric.explicitColumns(16) == 2)
            #expect(metric.explicitColumns(-8) == -1) // negative insets overlap views, as in SwiftUI
        }

        @Test(".padding(.horizontal, 2) is one column each side; .padding(.vertical, 4) is no row")
        func explicitPaddingThroughTheAPI() {
            let horizontal = LayoutProbe.layout(Text("Hi").padding(.horizontal, 2), width: 4, height: 1)
            #expect(horizontal.frame == rect(0, 0, 4, 1))
            #expect(horizontal.probeFrame(ofText: "Hi") == rect(1, 0, 2, 1))

            // Rows have no such minimum: 4 pt is a quarter row.
            let vertical = LayoutProbe.layout(Text("Hi").padding(.vertical, 4), width: 2, height: 1)
            #expect(vertical.frame == rect(0, 0, 2, 1))
            #expect(vertical.probeFrame(ofText: "Hi") == rect(0, 0, 2, 1))
        }

        @Test(
            "HStack spacing in columns: default 8 pt is one, explicit 2 pt is still one",
            arguments: [
                (nil as Double?, 2), (0, 1), (2, 2), (8, 2), (16, 3), (17, 3),
            ])
        func explicitSpacing(spacing: Double?, expectedColumn: Int) {
            let placed = LayoutProbe.layout(
                HStack(spacing: spacing) {
                    Text("a")
                    Text("b")
                }, width: expectedColumn + 1, height: 1)
            #expect(placed.probeFrame(ofText: "a") == rect(0, 0, 1, 1))
            #expect(placed.probeFrame(ofText: "b") == rect(expectedColumn, 0, 1, 1))
        }
    }

    // MARK: HStack

    @Suite("HStack shares width: priority, then least flexible first")
    struct HStackTests {

        @Test("Text + Spacer + Text puts the second text flush right")
        func spacerPushesTextRight() {
            let row = HStack {
                Text("Hi")
                Spacer()
                Text("There")
            }
            let placed = LayoutProbe.layout(row, width: 20, height: 1)
            #expect(placed.frame == rect(0, 0, 20, 1))
            #expect(placed.probeFrame(ofText: "Hi") == rect(0, 0, 2, 1))
            #expect(placed.children[1].frame == rect(2, 0, 13, 0)) // the spacer: no spacing beside it
            #expect(placed.probeFrame(ofText: "There") == rect(15, 0, 5, 1))
            #expect(LayoutProbe.picture(row, width: 20, height: 1) == ["Hi             There"])
        }

        @Test("Two Spacers share the free space equally")
        func twoSpacersShare() {
            let placed = LayoutProbe.layout(
                HStack {
                    Spacer()
                    Text("ab")
                    Spacer()
                }, width: 20, height: 1)
            #expect(placed.children.map(\.frame) == [rect(0, 0, 9, 0), rect(9, 0, 2, 1), rect(11, 0, 9, 0)])

            // An odd leftover cannot split: the two spacers differ by at most one column.
            let odd = LayoutProbe.layout(
                HStack {
                    Spacer()
                    Text("ab")
                    Spacer()
                }, width: 21, height: 1)
            let widths = [odd.children[0].frame.width, odd.children[2].frame.width]
            #expect(widths.reduce(0, +) == 19)
            #expect(abs(widths[0] - widths[1]) <= 1)
            #expect(odd.probeFrame(ofText: "ab")?.width == 2)
        }

        @Test("Spacer(minLength: 0) lets two texts touch; the default keeps one column")
        func spacerMinimumLength() {
            let touching = LayoutProbe.layout(
                HStack {
                    Text("Hello")
                    Spacer(minLength: 0)
                    Text("World")
                },
                width: 10, height: 1)
            #expect(touching.probeFrame(ofText: "Hello") == rect(0, 0, 5, 1))
            #expect(touching.probeFrame(ofText: "World") == rect(5, 0, 5, 1))

            // The default minimum (8 pt, one column) is kept even when a text must truncate for it.
            let kept = LayoutProbe.layout(
                HStack {
                    Text("Hello")
                    Spacer()
                    Text("World")
                }.lineLimit(1),
                width: 10, height: 1)
            #expect(kept.children[1].frame.width == 1)
            #expect(kept.probeTexts.map(\.lines) == [["Hello"], ["Wor…"]])
            #expect(kept.probeFrame(ofText: "World") == rect(6, 0, 4, 1))
        }

        @Test(".layoutPriority gives the higher-priority text its full width")
        func layoutPriorityWins() {
            // 8 + 1 + 7 columns do not fit in 12: without priorities both truncate...
            let equal = LayoutProbe.layout(
                HStack {
                    Text("Alphabet")
                    Text("Bravado")
                }.lineLimit(1),
                width: 12, height: 1)
            #expect(equal.probeLines(ofText: "Alphabet") == ["Alph…"])
            #expect(equal.probeLines(ofText: "Bravado") == ["Brava…"])
            #expect(equal.probeFrame(ofText: "Alphabet") == rect(0, 0, 5, 1))
            #expect(equal.probeFrame(ofText: "Bravado") == rect(6, 0, 6, 1))

            // ...with priority, the first text is whole and the other gets what is left.
            let prioritized = LayoutProbe.layout(
                HStack {
                    Text("Alphabet").layoutPriority(1)
                    Text("Bravado")
                }.lineLimit(1), width: 12, height: 1)
            #expect(prioritized.probeLines(ofText: "Alphabet") == ["Alphabet"])
            #expect(prioritized.probeLines(ofText: "Bravado") == ["Br…"])
            #expect(prioritized.probeFrame(ofText: "Alphabet") == rect(0, 0, 8, 1))
            #expect(prioritized.probeFrame(ofText: "Bravado") == rect(9, 0, 3, 1))

            // The other way round.
            let reversed = LayoutProbe.layout(
                HStack {
                    Text("Alphabet")
                    Text("Bravado").layoutPriority(1)
                }.lineLimit(1), width: 12, height: 1)
            #expect(reversed.probeLines(ofText: "Alphabet") == ["Alp…"])
            #expect(reversed.probeFrame(ofText: "Alphabet") == rect(0, 0, 4, 1))
            #expect(reversed.probeLines(ofText: "Bravado") == ["Bravado"])
            #expect(reversed.probeFrame(ofText: "Bravado") == rect(5, 0, 7, 1))
        }

        @Test("A fixed .frame(width:) child keeps its width when space is short")
        func fixedFrameKeepsWidth() {
            let row = HStack {
                Text("Name").frame(width: 80, alignment: .leading)
                Text("Description")
            }
            .lineLimit(1)
            let placed = LayoutProbe.layout(row, width: 14, height: 1)
            #expect(placed.children[0].frame == rect(0, 0, 10, 1))
            #expect(placed.probeFrame(ofText: "Name") == rect(0, 0, 4, 1))
            #expect(placed.probeFrame(ofText: "Description") == rect(11, 0, 3, 1))
            #expect(placed.probeLines(ofText: "Description") == ["De…"])
        }

        @Test("Least flexible first: the short text is measured before the long one")
        func leastFlexibleFirst() {
            // Declaration order would give "Wednesday" 6 columns; it gets the 7 "9:41" leaves.
            let placed = LayoutProbe.layout(
                HStack {
                    Text("Wednesday")
                    Text("9:41")
                }.lineLimit(1), width: 12, height: 1)
            #expect(placed.probeFrame(ofText: "Wednesday") == rect(0, 0, 7, 1))
            #expect(placed.probeLines(ofText: "Wednesday") == ["Wednes…"])
            #expect(placed.probeFrame(ofText: "9:41") == rect(8, 0, 4, 1))
        }

        @Test("Two .frame(maxWidth: .infinity) children split the row")
        func flexibleFramesSplit() {
            let row = HStack {
                Text("A").frame(maxWidth: .infinity)
                Text("B").frame(maxWidth: .infinity)
            }
            let placed = LayoutProbe.layout(row, width: 21, height: 1)
            #expect(placed.children.map(\.frame) == [rect(0, 0, 10, 1), rect(11, 0, 10, 1)])
            #expect(placed.probeFrame(ofText: "A") == rect(4, 0, 1, 1))
            #expect(placed.probeFrame(ofText: "B") == rect(15, 0, 1, 1))
        }

        @Test("Title with maxWidth .infinity, leading, beside a time")
        func titleAndTime() {
            let row = HStack {
                Text("Standup").frame(maxWidth: .infinity, alignment: .leading)
                Text("9:41")
            }
            let placed = LayoutProbe.layout(row, width: 20, height: 1)
            #expect(placed.children[0].frame == rect(0, 0, 15, 1))
            #expect(placed.probeFrame(ofText: "Standup") == rect(0, 0, 7, 1))
            #expect(placed.probeFrame(ofText: "9:41") == rect(16, 0, 4, 1))
            #expect(LayoutProbe.picture(row, width: 20, height: 1) == ["Standup         9:41"])
        }

        @Test("A stack places its children with the sizes it measured for its proposal")
        func placementKeepsMeasuredSizes() {
            // Measured for 12 columns: "dd ee" (less flexible) is offered 6 and fits on one line (5), the other
            // text gets 6 and wraps to 3 columns, so the stack is 3 + 1 + 5 = 9 wide. Placing it must not
            // re-share 9 columns: that offers "dd ee" only 4 and wraps it, leaving 3 empty columns in the stack.
            let placed = LayoutProbe.layout(
                HStack {
                    Text("aaa bbb ccc")
                    Text("dd ee")
                }, width: 12, height: 3)
            #expect(placed.frame == rect(1, 0, 9, 3))
            #expect(placed.probeLines(ofText: "aaa bbb ccc") == ["aaa", "bbb", "ccc"])
            do {
                #expect(placed.probeLines(ofText: "dd ee") == ["dd ee"])
                #expect(placed.probeFrame(ofText: "dd ee") == rect(5, 1, 5, 1))
            }
        }

        @Test("A stack larger than its proposal keeps its children inside its own frame")
        func overflowingStackKeepsChildrenInside() {
            // Offered 5 columns, the stack measures "He…" (3) + a 10-column minimum frame = 13 and is centred
            // at x = -4. Placement re-shares its own 13 columns, "Hello" grows to 5 and pushes the frame out
            // to column 11, past the stack's right edge (9).
            let row = HStack(spacing: 0) {
                Text("Hello")
                Text("Hi").frame(minWidth: 80, maxWidth: .infinity)
            }
            let placed = LayoutProbe.layout(row, width: 5, height: 1)
            #expect(placed.frame == rect(-4, 0, 13, 1))
            do {
                #expect(placed.probeLines(ofText: "Hello") == ["He…"])
                #expect(placed.probeFrame(ofText: "Hello") == rect(-4, 0, 3, 1))
                #expect(placed.children[1].frame == rect(-1, 0, 10, 1))
            }

            // The same along a VStack: measured for one row, placed in four.
            let column = VStack(spacing: 0) {
                Text("a\nb\nc")
                Color.orange.frame(minHeight: 51)
            }
            let stacked = LayoutProbe.layout(column, width: 1, height: 1)
            #expect(stacked.frame == rect(0, -1, 1, 4))
            do {
                #expect(stacked.probeLines(ofText: "a\nb\nc") == ["…"])
                #expect(stacked.children[1].frame == rect(0, 0, 1, 3))
            }
        }

        @Test(
            "HStack vertical alignment",
            arguments: [
                (VerticalAlignment.top, 0), (.center, 1), (.bottom, 2),
            ])
        func verticalAlignment(alignment: VerticalAlignment, expectedRow: Int) {
            let placed = LayoutProbe.layout(
                HStack(alignment: alignment) {
                    Text("a")
                    Text("b\nc\nd")
                }, width: 3, height: 3)
            #expect(placed.probeFrame(ofText: "a") == rect(0, expectedRow, 1, 1))
            #expect(placed.probeFrame(ofText: "b\nc\nd") == rect(2, 0, 1, 3))
        }
    }

    // MARK: VStack and ZStack

    @Suite("VStack and ZStack")
    struct VerticalAndDepthTests {

        @Test(
            "VStack horizontal alignment",
            arguments: [
                (HorizontalAlignment.leading, 0), (.center, 2), (.trailing, 4),
            ])
        func horizontalAlignment(alignment: HorizontalAlignment, expectedColumn: Int) {
            let placed = LayoutProbe.layout(
                VStack(alignment: alignment) {
                    Text("a")
                    Text("bbbbb")
                }, width: 5, height: 2)
            #expect(placed.frame == rect(0, 0, 5, 2))
            #expect(placed.probeFrame(ofText: "a") == rect(expectedColumn, 0, 1, 1))
            #expect(placed.probeFrame(ofText: "bbbbb") == rect(0, 1, 5, 1))
        }

        @Test(
            "VStack spacing in rows: default 8 pt is no row, 17 pt is one, 9 pt rounds up to one",
            arguments: [(nil as Double?, 1), (0, 1), (8, 1), (9, 2), (17, 2), (34, 3)])
        func verticalSpacing(spacing: Double?, expectedRow: Int) {
            let placed = LayoutProbe.layout(
                VStack(spacing: spacing) {
                    Text("a")
                    Text("b")
                }, width: 1, height: expectedRow + 1)
            #expect(placed.probeFrame(ofText: "a") == rect(0, 0, 1, 1))
            #expect(placed.probeFrame(ofText: "b") == rect(0, expectedRow, 1, 1))
        }

        @Test("VStack { Text; Spacer; Text } pins the texts to the top and bottom rows")
        func spacerInVStack() {
            let column = VStack {
                Text("Top")
                Spacer()
                Text("Bottom")
            }
            let placed = LayoutProbe.layout(column, width: 21, height: 10)
            #expect(placed.frame == rect(7, 0, 6, 10))
            #expect(placed.probeFrame(ofText: "Top") == rect(8, 0, 3, 1))
            #expect(placed.children[1].frame == rect(10, 1, 0, 8))
            #expect(placed.probeFrame(ofText: "Bottom") == rect(7, 9, 6, 1))
            #expect(
                LayoutProbe.picture(column, width: 21, height: 10) == [
                    "        Top",
                    "", "", "", "", "", "", "", "",
                    "       Bottom",
                ])
        }

        @Test(
            "ZStack alignment",
            arguments: [
                (Alignment.topLeading, 0, 0), (.top, 4, 0), (.center, 4, 1), (.trailing, 8, 1), (.bottomTrailing, 8, 2),
                (.bottomLeading, 0, 2),
            ])
        func depthAlignment(alignment: Alignment, x: Int, y: Int) {
            let stack = ZStack(alignment: alignment) {
                Color.blue.frame(width: 80, height: 51) // 10 × 3 cells
                Text("Hi")
            }
            let placed = LayoutProbe.layout(stack, width: 10, height: 3)
            #expect(placed.frame == rect(0, 0, 10, 3))
            #expect(placed.children[0].frame == rect(0, 0, 10, 3))
            #expect(placed.probeFrame(ofText: "Hi") == rect(x, y, 2, 1))
        }

        @Test("A Color in a ZStack fills the proposal and the text centres on it")
        func colorFillsZStack() {
            let placed = LayoutProbe.layout(
                ZStack {
                    Color.blue
                    Text("Hi")
                }, width: 21, height: 10)
            #expect(placed.children[0].frame == rect(0, 0, 21, 10))
            #expect(placed.probeFrame(ofText: "Hi") == rect(9, 4, 2, 1))
        }

        @Test("A background takes its view's frame; an overlay aligns inside it")
        func backgroundAndOverlay() {
            let badge = Text("Hi").padding(4).background(Color.blue)
            let placed = LayoutProbe.layout(badge, width: 4, height: 1)
            #expect(placed.frame == rect(0, 0, 4, 1))
            #expect(placed.children.map(\.frame) == [rect(0, 0, 4, 1), rect(0, 0, 4, 1)])
            #expect(placed.probeFrame(ofText: "Hi") == rect(1, 0, 2, 1))

            let marked = LayoutProbe.layout(Text("Hello").overlay(alignment: .topTrailing) { Text("!") }, width: 5, height: 1)
            #expect(marked.probeFrame(ofText: "Hello") == rect(0, 0, 5, 1))
            #expect(marked.probeFrame(ofText: "!") == rect(4, 0, 1, 1))
        }
    }

    // MARK: Text

    @Suite("Text wrapping and truncation")
    struct TextTests {

        @Test("Wraps at word boundaries and is as wide as its widest line")
        func wrapsAtWords() {
            let placed = LayoutProbe.layout(Text("The quick brown fox"), width: 10, height: 2)
            #expect(placed.probeLines(ofText: "The quick brown fox") == ["The quick", "brown fox"])
            #expect(placed.frame == rect(0, 0, 9, 2))
            #expect(LayoutProbe.size(Text("The quick brown fox"), width: nil, height: nil) == CellSize(width: 19, height: 1))
            #expect(LayoutProbe.size(Text("The quick brown fox"), width: 5, height: nil) == CellSize(width: 5, height: 4))
        }

        @Test("lineLimit truncates the last kept line with …")
        func lineLimitTruncates() {
            let text = Text("The quick brown fox jumps").lineLimit(2)
            let placed = LayoutProbe.layout(text, width: 10, height: 10)
            #expect(placed.probeLines(ofText: "The quick brown fox jumps") == ["The quick", "brown fox…"])
            #expect(placed.frame.size == CellSize(width: 10, height: 2))
            #expect(LayoutProbe.picture(text, width: 10, height: 2) == ["The quick", "brown fox…"])
        }

        @Test("Without a lineLimit, the proposed height caps the lines")
        func heightCapsLines() {
            let placed = LayoutProbe.layout(Text("The quick brown fox"), width: 10, height: 1)
            #expect(placed.probeLines(ofText: "The quick brown fox") == ["The quick…"])
            #expect(placed.frame == rect(0, 0, 10, 1))
        }

        @Test("A single word that does not fit is cut between graphemes before the …")
        func singleWordTruncates() {
            let placed = LayoutProbe.layout(Text("Wednesday").lineLimit(1), width: 5, height: 1)
            #expect(placed.probeLines(ofText: "Wednesday") == ["Wedn…"])
            let one = LayoutProbe.layout(Text("Wednesday"), width: 1, height: 1)
            #expect(one.probeLines(ofText: "Wednesday") == ["…"])
        }

        @Test("Tail truncation cuts inside a word, as SwiftUI does, not at the last word boundary")
        func truncationIsCharacterLevel() {
            // SwiftUI (CoreText tail truncation) fills the line up to the ellipsis: "Hello W…".
            let single = LayoutProbe.layout(Text("Hello World").lineLimit(1), width: 8, height: 1)
            let multi = LayoutProbe.layout(Text("The quick brown fox jumps").lineLimit(2), width: 12, height: 2)
            do {
                #expect(single.probeLines(ofText: "Hello World") == ["Hello W…"])
                #expect(single.frame.width == 8)
                #expect(multi.probeLines(ofText: "The quick brown fox jumps") == ["The quick", "brown fox j…"])
            }
        }

        @Test(".truncationMode(.head) and .middle cut where they say")
        func truncationModes() {
            let head = LayoutProbe.layout(Text("Hello World").lineLimit(1).truncationMode(.head), width: 8, height: 1)
            let middle = LayoutProbe.layout(Text("Hello World").lineLimit(1).truncationMode(.middle), width: 8, height: 1)
            let middleLine = middle.probeLines(ofText: "Hello World")?.first ?? ""
            do {
                #expect(head.probeLines(ofText: "Hello World") == ["…o World"])
                #expect(middleLine.count == 8 && middleLine.hasPrefix("Hel") && middleLine.hasSuffix("ld"))
                #expect(middleLine.dropFirst().dropLast().contains("…"))
            }
        }

        @Test("A word longer than the line breaks between graphemes")
        func longWordBreaks() {
            let placed = LayoutProbe.layout(Text("Supercalifragilistic"), width: 8, height: 3)
            #expect(placed.probeLines(ofText: "Supercalifragilistic") == ["Supercal", "ifragili", "stic"])
            #expect(placed.frame == rect(0, 0, 8, 3))
        }

        @Test("A long word after a short one starts on its own line before breaking")
        func longWordStartsOnNewLine() {
            // CoreText breaks at the last word boundary that fits ("A "), and only cuts a word by
            // characters when it does not fit on an empty line.
            let placed = LayoutProbe.layout(Text("A Supercalifragilistic"), width: 8, height: 4)
            do {
                #expect(placed.probeLines(ofText: "A Supercalifragilistic") == ["A", "Supercal", "ifragili", "stic"])
            }
        }

        @Test("Explicit line breaks, blank lines included")
        func explicitNewlines() {
            let placed = LayoutProbe.layout(Text("One\nTwo"), width: 10, height: 2)
            #expect(placed.probeLines(ofText: "One\nTwo") == ["One", "Two"])
            #expect(placed.frame.size == CellSize(width: 3, height: 2))

            let blank = LayoutProbe.layout(Text("A\n\nB"), width: 1, height: 3)
            #expect(blank.probeLines(ofText: "A\n\nB") == ["A", "", "B"])
            #expect(blank.frame.size == CellSize(width: 1, height: 3))
        }

        @Test("Leading spaces after an explicit line break are kept")
        func indentAfterNewline() {
            let placed = LayoutProbe.layout(Text("a\n  b"), width: 10, height: 2)
            do {
                #expect(placed.probeLines(ofText: "a\n  b") == ["a", "  b"])
                #expect(placed.frame.size == CellSize(width: 3, height: 2))
            }
        }

        @Test("A trailing space counts at the end of the text but not at a soft wrap")
        func trailingSpaces() {
            #expect(LayoutProbe.size(Text("Hi "), width: nil, height: nil) == CellSize(width: 3, height: 1))
            #expect(LayoutProbe.size(Text(" Hi"), width: nil, height: nil) == CellSize(width: 3, height: 1))

            let wrapped = LayoutProbe.layout(Text("ab cd"), width: 3, height: 2)
            #expect(wrapped.probeLines(ofText: "ab cd") == ["ab", "cd"])
            #expect(wrapped.frame.size == CellSize(width: 2, height: 2))

            // Several spaces at the wrap point are all dropped.
            let spaces = LayoutProbe.layout(Text("ab   cd"), width: 3, height: 2)
            #expect(spaces.probeLines(ofText: "ab   cd") == ["ab", "cd"])
        }

        @Test("Runs of concatenated text wrap as one paragraph and keep their run")
        func concatenatedRuns() {
            let placed = LayoutProbe.layout(Text("Hi ") + Text("there").bold(), width: 5, height: 2)
            #expect(placed.probeLines(ofText: "Hi there") == ["Hi", "there"])
            var runs: [[Int]] = []
            // swift-format-ignore: ReplaceForEachWithForLoop
            // `PlacedNode.forEach` walks the tree; it is not `Sequence.forEach`.
            placed.forEach { node in
                if case .text(_, let lines) = node.content { runs = lines.map { $0.graphemes.map(\.run) } }
            }
            #expect(runs == [[0, 0], [1, 1, 1, 1, 1]])
        }

        @Test("Empty text takes no cells")
        func emptyText() {
            #expect(LayoutProbe.size(Text(""), width: 10, height: 10) == CellSize.zero)
        }
    }

    // MARK: Display width

    @Suite("Display width: wide characters and graphemes")
    struct DisplayWidthTests {

        @Test("DisplayWidth.of counts columns per grapheme")
        func widths() {
            #expect(DisplayWidth.of(Character("a")) == 1)
            #expect(DisplayWidth.of(Character("💧")) == 2)
            #expect(DisplayWidth.of(Character("\u{E9}")) == 1) // é precomposed
            #expect(DisplayWidth.of(Character("e\u{301}")) == 1) // e + combining acute: one grapheme, one column
            #expect(DisplayWidth.of(Character("日")) == 2)
            #expect(DisplayWidth.of("a") == 1)
            #expect(DisplayWidth.of("💧 2 L") == 6)
            #expect(DisplayWidth.of("e\u{301}e\u{301}") == 2)
            #expect(DisplayWidth.of("") == 0)
        }

        @Test("An emoji takes two columns in a text's frame")
        func emojiInText() {
            #expect(LayoutProbe.size(Text("💧 Water"), width: nil, height: nil) == CellSize(width: 8, height: 1))
            let placed = LayoutProbe.layout(
                HStack {
                    Text("💧")
                    Text("1.2 L")
                }, width: 8, height: 1)
            #expect(placed.probeFrame(ofText: "💧") == rect(0, 0, 2, 1))
            #expect(placed.probeFrame(ofText: "1.2 L") == rect(3, 0, 5, 1))
        }

        @Test("Emoji wrap whole: two 💧 fit in five columns, not three")
        func emojiWrap() {
            let placed = LayoutProbe.layout(Text("💧💧💧"), width: 5, height: 2)
            #expect(placed.probeLines(ofText: "💧💧💧") == ["💧💧", "💧"])
            #expect(placed.frame.size == CellSize(width: 4, height: 2))
        }

        @Test("CJK text wraps between characters and never splits one")
        func cjkWraps() {
            let placed = LayoutProbe.layout(Text("日本語のテキスト"), width: 5, height: 4)
            #expect(placed.probeLines(ofText: "日本語のテキスト") == ["日本", "語の", "テキ", "スト"])
            #expect(placed.frame.size == CellSize(width: 4, height: 4))
            #expect(LayoutProbe.picture(Text("日本語のテキスト"), width: 5, height: 4) == ["日本", "語の", "テキ", "スト"])
        }

        @Test("Decomposed accents stay with their letter when wrapping")
        func decomposedWrap() {
            let string = "e\u{301}e\u{301}e\u{301}"
            let placed = LayoutProbe.layout(Text(string), width: 2, height: 2)
            #expect(placed.probeLines(ofText: string) == ["e\u{301}e\u{301}", "e\u{301}"])
            #expect(placed.frame.size == CellSize(width: 2, height: 2))
        }
    }

    // MARK: Frames

    @Suite("Frames")
    struct FrameTests {

        @Test(
            "A fixed frame centres its child by default and honours alignment:",
            arguments: [
                (Alignment.center, 4, 1), (.topLeading, 0, 0), (.bottomTrailing, 8, 2), (.leading, 0, 1), (.bottom, 4, 2),
            ])
        func fixedFrameAlignment(alignment: Alignment, x: Int, y: Int) {
            let placed = LayoutProbe.layout(Text("Hi").frame(width: 80, height: 51, alignment: alignment), width: 10, height: 3)
            #expect(placed.frame == rect(0, 0, 10, 3))
            #expect(placed.probeFrame(ofText: "Hi") == rect(x, y, 2, 1))
        }

        @Test("A fixed width wraps the text inside; the height follows the text")
        func fixedWidthWraps() {
            let placed = LayoutProbe.layout(Text("The quick brown fox").frame(width: 80), width: 21, height: 10)
            #expect(placed.frame == rect(5, 4, 10, 2))
            #expect(placed.probeFrame(ofText: "The quick brown fox") == rect(5, 4, 9, 2))
            #expect(placed.probeLines(ofText: "The quick brown fox") == ["The quick", "brown fox"])
        }

        @Test("frame(maxWidth: .infinity) takes the offered width")
        func maxWidthInfinity() {
            let centred = LayoutProbe.layout(Text("Hi").frame(maxWidth: .infinity), width: 20, height: 1)
            #expect(centred.frame == rect(0, 0, 20, 1))
            #expect(centred.probeFrame(ofText: "Hi") == rect(9, 0, 2, 1))

            let leading = LayoutProbe.layout(Text("Hi").frame(maxWidth: .infinity, alignment: .leading), width: 20, height: 1)
            #expect(leading.probeFrame(ofText: "Hi") == rect(0, 0, 2, 1))

            let filling = LayoutProbe.layout(Text("Hi").frame(maxWidth: .infinity, maxHeight: .infinity), width: 21, height: 10)
            #expect(filling.frame == rect(0, 0, 21, 10))
            #expect(filling.probeFrame(ofText: "Hi") == rect(9, 4, 2, 1))
        }

        @Test("frame(maxWidth:) narrower than the text wraps it")
        func maxWidthWraps() {
            let placed = LayoutProbe.layout(Text("Hello World").frame(maxWidth: 40), width: 20, height: 2)
            #expect(placed.frame == rect(7, 0, 5, 2))
            #expect(placed.probeLines(ofText: "Hello World") == ["Hello", "World"])
        }

        @Test("frame(minWidth:) widens short text and leaves long text alone")
        func minWidth() {
            let short = LayoutProbe.layout(Text("Hi").frame(minWidth: 80), width: 20, height: 1)
            #expect(short.frame == rect(5, 0, 10, 1))
            #expect(short.probeFrame(ofText: "Hi") == rect(9, 0, 2, 1))
            #expect(LayoutProbe.size(Text("Hi").frame(minWidth: 80), width: nil, height: nil) == CellSize(width: 10, height: 1))

            let long = LayoutProbe.layout(Text("Hello").frame(minWidth: 16), width: 20, height: 1)
            #expect(long.frame == rect(7, 0, 5, 1))
        }

        @Test("Zero and negative frames do not crash and have no size")
        func degenerateFrames() {
            let zero = LayoutProbe.layout(Text("Hi").frame(width: 0, height: 0), width: 21, height: 10)
            #expect(zero.frame.size == CellSize.zero)
            let negative = LayoutProbe.layout(Text("Hi").frame(width: -8, height: -17), width: 21, height: 10)
            #expect(negative.frame.size == CellSize.zero)
            let negativeWidth = LayoutProbe.layout(Text("Hi").frame(width: -80), width: 21, height: 10)
            #expect(negativeWidth.frame.size == CellSize(width: 0, height: 1))
            let negativeFlexible = LayoutProbe.layout(Text("Hi").frame(minWidth: -8, maxWidth: -16), width: 21, height: 10)
            #expect(negativeFlexible.frame.width == 0)
            for frame in zero.probeAllFrames + negative.probeAllFrames + negativeFlexible.probeAllFrames {
                #expect(frame.width >= 0 && frame.height >= 0)
            }
        }

        @Test(".fixedSize() keeps the ideal size even when the proposal is smaller")
        func fixedSize() {
            let both = LayoutProbe.layout(Text("The quick brown fox").fixedSize(), width: 10, height: 1)
            #expect(both.frame.size == CellSize(width: 19, height: 1))
            #expect(both.frame.x == -4) // centred, overflowing on both sides
            #expect(both.probeLines(ofText: "The quick brown fox") == ["The quick brown fox"])

            // Vertical only: wraps to the width offered and takes every row it needs.
            let vertical = LayoutProbe.layout(
                Text("The quick brown fox").fixedSize(horizontal: false, vertical: true),
                width: 10, height: 1)
            #expect(vertical.frame.size == CellSize(width: 9, height: 2))
            #expect(vertical.probeLines(ofText: "The quick brown fox") == ["The quick", "brown fox"])
        }

        @Test("frame(height:) alone keeps the text's width")
        func heightOnly() {
            let placed = LayoutProbe.layout(Text("Hi").frame(height: 51), width: 2, height: 3)
            #expect(placed.frame == rect(0, 0, 2, 3))
            #expect(placed.probeFrame(ofText: "Hi") == rect(0, 1, 2, 1))
        }
    }

    // MARK: Padding

    @Suite("Padding")
    struct PaddingTests {

        @Test(".padding() is 16 pt: two columns and one row on every side")
        func defaultPadding() {
            let placed = LayoutProbe.layout(Text("Hi").padding(), width: 6, height: 3)
            #expect(placed.frame == rect(0, 0, 6, 3))
            #expect(placed.probeFrame(ofText: "Hi") == rect(2, 1, 2, 1))
        }

        @Test(".padding(.leading, 8) is one column on the leading edge only")
        func leadingPadding() {
            let placed = LayoutProbe.layout(Text("Hi").padding(.leading, 8), width: 3, height: 1)
            #expect(placed.frame == rect(0, 0, 3, 1))
            #expect(placed.probeFrame(ofText: "Hi") == rect(1, 0, 2, 1))
        }

        @Test(".padding(EdgeInsets) converts each edge on its own")
        func edgeInsets() {
            let insets = EdgeInsets(top: 17, leading: 4, bottom: 34, trailing: 16) // 1 row, 1 column, 2 rows, 2 columns
            let placed = LayoutProbe.layout(Text("Hi").padding(insets), width: 5, height: 4)
            #expect(placed.frame == rect(0, 0, 5, 4))
            #expect(placed.probeFrame(ofText: "Hi") == rect(1, 1, 2, 1))
        }

        @Test(".padding(3) is one column each side (explicit minimum) and no row")
        func smallPadding() {
            let placed = LayoutProbe.layout(Text("Hi").padding(3), width: 4, height: 1)
            #expect(placed.frame == rect(0, 0, 4, 1))
            #expect(placed.probeFrame(ofText: "Hi") == rect(1, 0, 2, 1))
            #expect(LayoutProbe.size(Text("Hi").padding(0), width: nil, height: nil) == CellSize(width: 2, height: 1))
        }

        @Test("Padding shrinks the width offered to wrapping text")
        func paddingWraps() {
            let placed = LayoutProbe.layout(Text("The quick brown fox").padding(), width: 13, height: 4)
            #expect(placed.probeLines(ofText: "The quick brown fox") == ["The quick", "brown fox"])
            #expect(placed.frame == rect(0, 0, 13, 4))
            #expect(placed.probeFrame(ofText: "The quick brown fox") == rect(2, 1, 9, 2))
        }

        @Test("Negative padding pulls the edges in, as in SwiftUI")
        func negativePadding() {
            // SwiftUI: Text("Hello").padding(.horizontal, -8) is 16 pt narrower than the text.
            let size = LayoutProbe.size(Text("Hello").padding(.horizontal, -8), width: nil, height: nil)
            // Likewise HStack(spacing: -8) overlaps its children by one column.
            let overlapping = LayoutProbe.size(
                HStack(spacing: -8) {
                    Text("ab")
                    Text("cd")
                }, width: nil, height: nil)
            do {
                #expect(size == CellSize(width: 3, height: 1))
                #expect(overlapping == CellSize(width: 3, height: 1))
            }
        }
    }

    // MARK: Timer text

    @Suite("Greedy timer text")
    struct TimerTests {
        let fiveMinutesLater = layoutTestDate.addingTimeInterval(300)

        @Test("Text(date, style: .timer) takes the full offered width")
        func timerIsGreedy() {
            let placed = LayoutProbe.layout(Text(fiveMinutesLater, style: .timer), width: 21, height: 10)
            #expect(placed.probeTexts.map(\.string) == ["5:00"])
            #expect(placed.frame == rect(0, 4, 21, 1))
            #expect(placed.probeLines(ofText: "5:00") == ["5:00"])
        }

        @Test("In a VStack the timer is as wide as the stack is offered")
        func timerInVStack() {
            let column = VStack {
                Text(fiveMinutesLater, style: .timer)
                Text("left")
            }
            let placed = LayoutProbe.layout(column, width: 21, height: 10)
            #expect(placed.probeFrame(ofText: "5:00") == rect(0, 4, 21, 1))
            #expect(placed.probeFrame(ofText: "left") == rect(8, 5, 4, 1))
        }

        @Test("A fixed frame tames the timer")
        func framedTimer() {
            let placed = LayoutProbe.layout(Text(fiveMinutesLater, style: .timer).frame(width: 40), width: 21, height: 1)
            #expect(placed.frame == rect(8, 0, 5, 1))
            #expect(placed.probeFrame(ofText: "5:00") == rect(8, 0, 5, 1))
        }

        @Test("Text(timerInterval:) is greedy; .relative reserves room for its widest usual value but is not greedy")
        func otherStyles() {
            let interval = LayoutProbe.size(Text(timerInterval: layoutTestDate...fiveMinutesLater), width: 21, height: 10)
            #expect(interval == CellSize(width: 21, height: 1))
            // "5 min" now, with room for "00 min, 00 sec" (docs/DECISIONS.md), and no more when offered more.
            let relative = LayoutProbe.size(Text(fiveMinutesLater, style: .relative), width: 21, height: 10)
            #expect(relative == CellSize(width: 14, height: 1))
            #expect(LayoutProbe.size(Text(fiveMinutesLater, style: .relative), width: 40, height: 10) == relative)
            let placed = LayoutProbe.layout(Text(fiveMinutesLater, style: .relative), width: 14, height: 1)
            #expect(placed.probeLines(ofText: "5 min") == ["5 min"])
        }
    }

    // MARK: A whole widget

    @Suite("A small widget, end to end")
    struct WidgetPictureTests {

        @Test("Water widget in systemSmall (21 × 10)")
        func waterWidget() {
            let widget = VStack(alignment: .leading) {
                Text("💧 Water")
                Spacer()
                HStack {
                    Text("1.2 L")
                    Spacer()
                    Text("60%")
                }
            }
            .padding()
            let placed = LayoutProbe.layout(widget, width: 21, height: 10)
            #expect(placed.frame == rect(0, 0, 21, 10))
            #expect(placed.children[0].frame == rect(2, 1, 17, 8))
            #expect(placed.probeFrame(ofText: "💧 Water") == rect(2, 1, 8, 1))
            #expect(placed.probeFrame(ofText: "1.2 L") == rect(2, 8, 5, 1))
            #expect(placed.probeFrame(ofText: "60%") == rect(16, 8, 3, 1))
            #expect(
                LayoutProbe.picture(widget, width: 21, height: 10) == [
                    "",
                    "  💧 Water",
                    "", "", "", "", "", "",
                    "  1.2 L         60%",
                    "",
                ])
        }
    }

    // MARK: Layout tree storage

    @Suite("A tree larger than the layout tree's first block")
    struct LargeTreeTests {
        /// One row of 19 × 1 cells: a text in a 5-column frame, a symbol, a shape, a gauge and a divider, each node kind
        /// that has a side table of its own (texts, images, shapes, gauges, paints, frames, modifiers).
        static func row(_ index: Int) -> some View {
            HStack(spacing: 0) {
                Text(verbatim: "r\(index)").opacity(0.5).frame(width: 40, alignment: .leading)
                Image(systemName: "star")
                Rectangle().frame(width: 16, height: 17)
                ProgressView(value: 0.5).frame(width: 80, height: 17)
                Divider().frame(width: 8, height: 17)
            }
        }

        @Test("40 rows (over 600 nodes, 40 of each side table's kind) lay out as each row does alone, row under row")
        func rowsLayOutAsAlone() {
            let rows = VStack(spacing: 0) { ForEach(0..<40) { Self.row($0) } }
            let placed = LayoutProbe.layout(rows, width: 19, height: 40)
            for index in 0..<40 {
                #expect(placed.probeFrame(ofText: "r\(index)") == rect(0, index, index < 10 ? 2 : 3, 1))
                // The same frames, moved down `index` rows, as the row laid out on its own in one row of cells.
                let alone = LayoutProbe.layout(Self.row(index), width: 19, height: 1).probeAllFrames
                let inTree = placed.children[index].probeAllFrames
                #expect(inTree == alone.map { rect($0.x, $0.y + index, $0.width, $0.height) })
            }
            #expect(placed.frame == rect(0, 0, 19, 40))
        }
    }

    // MARK: Property test

    @Suite("Random trees")
    struct RandomTreeTests {
        /// Seeds whose tree shows a known layout bug, with the reason (see the explicit tests for minimal trees).
        /// Empty since placement proposes what measuring proposed (seeds 12, 84, 88, 101, 131, 138, 160 found it).
        static let knownViolations: [Int: String] = [:]

        static let proposals: [CellSize] = [
            CellSize(width: 21, height: 10), CellSize(width: 46, height: 10), CellSize(width: 46, height: 22),
            CellSize(width: 5, height: 3), CellSize(width: 1, height: 1), CellSize(width: 0, height: 0),
        ]

        @Test(
            "Layout never crashes, sizes are never negative, stack children stay inside and span their stack",
            arguments: 0..<200)
        func randomTree(seed: Int) {
            var generator = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1)
            let tree = TreeSpec.random(using: &generator, depth: 0)
            let node = LayoutProbe.node(tree.view)
            var problems: [String] = []
            for proposal in Self.proposals {
                let placed = CellLayout.layout(node, in: proposal, environment: LayoutProbe.environment)
                problems += TreeSpec.check(tree, placed, path: "root", in: proposal)
                let again = CellLayout.layout(node, in: proposal, environment: LayoutProbe.environment)
                if again.probeAllFrames != placed.probeAllFrames { problems.append("\(proposal): layout is not deterministic") }
            }
            // Unbounded: only that it finishes with sane sizes.
            let unbounded = CellLayout.layout(
                node, in: CellSize(width: ProposedCellSize.unbounded, height: 10),
                environment: LayoutProbe.environment)
            for frame in unbounded.probeAllFrames where frame.width < 0 || frame.height < 0 {
                problems.append("unbounded: negative frame \(frame)")
            }
            let report = Comment(rawValue: "seed \(seed): \(tree)\n" + problems.joined(separator: "\n"))
            if let reason = Self.knownViolations[seed] {
                withKnownIssue(Comment(rawValue: reason), isIntermittent: true) { #expect(problems.isEmpty, report) }
            } else {
                #expect(problems.isEmpty, report)
            }
        }
    }
}

// MARK: - Random tree generator

/// A small random view tree: kept as data so it can be printed as Swift and walked beside its placed tree.
private indirect enum TreeSpec: CustomStringConvertible {
    case text(String, lineLimit: Int?)
    case timer
    case spacer(minLength: Double?)
    case color
    case stack(StackAxis, Int, spacing: Double?, [TreeSpec])
    case frame(TreeSpec, width: Double?, height: Double?, alignment: Int)
    case flexibleFrame(TreeSpec, minWidth: Double?, maxWidth: Double?, minHeight: Double?, maxHeight: Double?, alignment: Int)
    case padding(TreeSpec, EdgeInsets)
    case priority(TreeSpec, Double)
    case fixedSize(TreeSpec)

    static let words = [
        "", "Hi", "Water", "💧 2 L", "日本語のテキスト", "The quick brown fox", "a\nb", "Supercalifragilistic",
        "e\u{301}te\u{301}", " lead", "trail  ", "9:41 AM", "1 2 3 4 5 6 7 8 9",
    ]
    static let lengths: [Double] = [0, 1, 4, 8, 17, 40, 100, 1_000, 1_000_000, -8]
    static let maxima: [Double] = [0, 8, 40, 170, .infinity, 1_000_000]
    static let alignments: [Alignment] = [.center, .topLeading, .bottomTrailing, .leading, .top, .trailing]
    static let alignmentNames = [".center", ".topLeading", ".bottomTrailing", ".leading", ".top", ".trailing"]

    static func random(using generator: inout SplitMix64, depth: Int) -> TreeSpec {
        func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
        func maybe<T>(_ values: [T]) -> T? { generator.next() % 3 == 0 ? nil : pick(values) }
        let roll = Int(generator.next() % 100)
        switch roll {
        case 0..<30 where depth < 4, 0..<10 where depth == 0:
            let count = Int(generator.next() % 5)
            let children = (0..<count).map { _ in random(using: &generator, depth: depth + 1) }
            let axis = pick([StackAxis.horizontal, .vertical, .depth])
            return .stack(axis, Int(generator.next() % 3), spacing: maybe([0, 2, 8, 17, 40]), children)
        case 30..<40 where depth < 5:
            return .frame(
                random(using: &generator, depth: depth + 1), width: maybe(lengths), height: maybe(lengths),
                alignment: Int(generator.next() % UInt64(alignments.count)))
        case 40..<48 where depth < 5:
            return .flexibleFrame(
                random(using: &generator, depth: depth + 1), minWidth: maybe(lengths),
                maxWidth: maybe(maxima), minHeight: maybe(lengths), maxHeight: maybe(maxima),
                alignment: Int(generator.next() % UInt64(alignments.count)))
        case 48..<56 where depth < 5:
            let insets = EdgeInsets(top: pick(lengths), leading: pick(lengths), bottom: pick(lengths), trailing: pick(lengths))
            return .padding(random(using: &generator, depth: depth + 1), insets)
        case 56..<60 where depth < 5:
            return .priority(random(using: &generator, depth: depth + 1), pick([-1, 1, 2]))
        case 60..<63 where depth < 5:
            return .fixedSize(random(using: &generator, depth: depth + 1))
        case 63..<75:
            return .spacer(minLength: maybe([0, 8, 40, 1_000]))
        case 75..<78:
            return .timer
        case 78..<83:
            return .color
        default:
            return .text(pick(words), lineLimit: maybe([1, 2, 3]))
        }
    }

    /// The tree as a widget author would write it.
    var view: AnyView {
        switch self {
        case .text(let string, let lineLimit):
            return AnyView(Text(string).lineLimit(lineLimit))
        case .timer:
            return AnyView(Text(layoutTestDate.addingTimeInterval(3_725), style: .timer))
        case .spacer(let minLength):
            return AnyView(Spacer(minLength: minLength))
        case .color:
            return AnyView(Color.orange)
        case .stack(let axis, let alignment, let spacing, let children):
            let views = children.map(\.view)
            let content = ForEach(0..<views.count) { views[$0] }
            switch axis {
            case .horizontal:
                return AnyView(HStack(alignment: [VerticalAlignment.center, .top, .bottom][alignment], spacing: spacing) { content })
            case .vertical:
                return AnyView(
                    VStack(alignment: [HorizontalAlignment.center, .leading, .trailing][alignment], spacing: spacing) { content })
            case .depth:
                return AnyView(ZStack(alignment: [Alignment.center, .topLeading, .bottomTrailing][alignment]) { content })
            }
        case .frame(let child, let width, let height, let alignment):
            return AnyView(child.view.frame(width: width, height: height, alignment: Self.alignments[alignment]))
        case .flexibleFrame(let child, let minWidth, let maxWidth, let minHeight, let maxHeight, let alignment):
            return AnyView(
                child.view.frame(
                    minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
                    maxHeight: maxHeight, alignment: Self.alignments[alignment]))
        case .padding(let child, let insets):
            return AnyView(child.view.padding(insets))
        case .priority(let child, let value):
            return AnyView(child.view.layoutPriority(value))
        case .fixedSize(let child):
            return AnyView(child.view.fixedSize())
        }
    }

    var description: String {
        func number(_ value: Double?) -> String {
            guard let value else { return "nil" }
            if value.isInfinite { return ".infinity" }
            return value == value.rounded() ? String(Int(value)) : String(value)
        }
        switch self {
        case .text(let string, let lineLimit):
            let escaped = string.replacingOccurrences(of: "\n", with: "\\n")
            return "Text(\"\(escaped)\")" + (lineLimit.map { ".lineLimit(\($0))" } ?? "")
        case .timer:
            return "Text(date, style: .timer)"
        case .spacer(let minLength):
            return minLength.map { "Spacer(minLength: \(number($0)))" } ?? "Spacer()"
        case .color:
            return "Color.orange"
        case .stack(let axis, let alignment, let spacing, let children):
            let body = children.map(\.description).joined(separator: "; ")
            switch axis {
            case .horizontal:
                return "HStack(alignment: \([".center", ".top", ".bottom"][alignment]), spacing: \(number(spacing))) { \(body) }"
            case .vertical:
                return "VStack(alignment: \([".center", ".leading", ".trailing"][alignment]), spacing: \(number(spacing))) { \(body) }"
            case .depth:
                return "ZStack(alignment: \([".center", ".topLeading", ".bottomTrailing"][alignment])) { \(body) }"
            }
        case .frame(let child, let width, let height, let alignment):
            return "\(child).frame(width: \(number(width)), height: \(number(height)), alignment: \(Self.alignmentNames[alignment]))"
        case .flexibleFrame(let child, let minWidth, let maxWidth, let minHeight, let maxHeight, let alignment):
            return "\(child).frame(minWidth: \(number(minWidth)), maxWidth: \(number(maxWidth)), minHeight: \(number(minHeight)), "
                + "maxHeight: \(number(maxHeight)), alignment: \(Self.alignmentNames[alignment]))"
        case .padding(let child, let insets):
            return "\(child).padding(EdgeInsets(top: \(number(insets.top)), leading: \(number(insets.leading)), "
                + "bottom: \(number(insets.bottom)), trailing: \(number(insets.trailing))))"
        case .priority(let child, let value):
            return "\(child).layoutPriority(\(number(value)))"
        case .fixedSize(let child):
            return "\(child).fixedSize()"
        }
    }

    /// Walks the spec and its placed tree together (one placed node per spec node) and lists what is wrong.
    static func check(_ spec: TreeSpec, _ placed: PlacedNode, path: String, in proposal: CellSize) -> [String] {
        var problems: [String] = []
        let frame = placed.frame
        if frame.width < 0 || frame.height < 0 { problems.append("\(proposal) \(path): negative size \(frame)") }
        switch spec {
        case .text, .timer, .spacer, .color:
            break
        case .stack(let axis, _, _, let children):
            guard placed.children.count == children.count else {
                return problems + ["\(proposal) \(path): \(placed.children.count) placed children for \(children.count)"]
            }
            for (index, child) in children.enumerated() {
                let childFrame = placed.children[index].frame
                let inside =
                    childFrame.x >= frame.x && childFrame.y >= frame.y
                    && childFrame.maxX <= frame.maxX && childFrame.maxY <= frame.maxY
                if !inside {
                    problems.append("\(proposal) \(path): child \(index) \(childFrame) outside its \(axis) stack \(frame)")
                }
                if index > 0 {
                    let previous = placed.children[index - 1].frame
                    if axis == .horizontal && previous.maxX > childFrame.x {
                        problems.append("\(proposal) \(path): child \(index) \(childFrame) overlaps child \(index - 1) \(previous)")
                    }
                    if axis == .vertical && previous.maxY > childFrame.y {
                        problems.append("\(proposal) \(path): child \(index) \(childFrame) overlaps child \(index - 1) \(previous)")
                    }
                }
                problems += check(child, placed.children[index], path: "\(path)/\(index)", in: proposal)
            }
            // An HStack or VStack is exactly as long as its children and spacing: they span it end to end.
            if let first = placed.children.first?.frame, let last = placed.children.last?.frame {
                let spans =
                    axis == .horizontal
                    ? first.x == frame.x && last.maxX == frame.maxX
                    : axis == .vertical ? first.y == frame.y && last.maxY == frame.maxY : true
                if !spans {
                    problems.append("\(proposal) \(path): children \(first)…\(last) do not span their \(axis) stack \(frame)")
                }
            }
        case .frame(let child, _, _, _), .flexibleFrame(let child, _, _, _, _, _), .padding(let child, _),
            .priority(let child, _), .fixedSize(let child):
            guard let inner = placed.children.first else { return problems + ["\(proposal) \(path): modifier without child"] }
            problems += check(child, inner, path: "\(path)/0", in: proposal)
        }
        return problems
    }
}

/// Extreme aspect ratios (reachable from Swift code) lay out without overflowing.
@Test func extremeAspectRatiosDoNotOverflow() {
    for ratio in [1e-300, 1e300, 0, -5, .infinity, .nan] {
        let node = ViewResolver.resolve(Color.blue.aspectRatio(ratio, contentMode: .fit), environment: EnvironmentValues()).0
        let placed = CellLayout.layout(
            node, in: CellSize(width: 21, height: 10), environment: LayoutEnvironment(date: Date(timeIntervalSince1970: 0)))
        #expect(placed.frame.width >= 0 && placed.frame.width <= 21, "ratio \(ratio)")
        #expect(placed.frame.height >= 0 && placed.frame.height <= 10, "ratio \(ratio)")
    }
}
