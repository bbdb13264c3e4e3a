import Charts
import Combine
import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// Issue 11 items 6 and 7: Swift Charts, custom paths, trimmed shapes, radial and angular gradients,
// materials, gradient tints, App Intents entities and Combine's observable objects, each resolved, laid
// out and painted in cells.

private typealias DrawingProbe = ViewProbe

private struct Sale: Identifiable {
    let day: String
    let count: Int
    var id: String { day }
}

private let sales = [Sale(day: "Mon", count: 2), Sale(day: "Tue", count: 4), Sale(day: "Wed", count: 1)]

@Suite struct ChartTests {
    @Test func aBarChartDrawsEachBarInItsSlotWithEighthBlocksAtTheTop() {
        let chart = Chart(sales) { sale in
            BarMark(x: .value("Day", sale.day), y: .value("Sales", sale.count))
        }
        .chartXAxis(.hidden).chartYAxis(.hidden)
        // The scale runs from 0 to 4 over 2 rows: 2 sales fill one row, 1 sale half a row.
        #expect(DrawingProbe.picture(chart, width: 9, height: 2) == ["", "      ▄▄"])
        let frame = DrawingProbe.frame(chart, width: 9, height: 2)
        let blue = DrawingProbe.rgb(.blue)
        #expect(frame.buffer[0, 1].background == blue)
        #expect(frame.buffer[1, 1].background == blue)
        #expect(frame.buffer[2, 1].background != blue)
        #expect(frame.buffer[3, 0].background == blue)
        #expect(frame.buffer[3, 1].background == blue)
        #expect(frame.buffer[6, 1].foreground == blue)
        #expect(frame.buffer[0, 0].background != blue)
        #expect(DrawingProbe.codes(chart).isEmpty)
    }

    @Test func aHorizontalBarChartGrowsFromTheLeadingEdge() {
        let chart = Chart(sales) { sale in
            BarMark(x: .value("Sales", sale.count), y: .value("Day", sale.day))
        }
        .chartXAxis(.hidden).chartYAxis(.hidden)
        // 0...4 over 8 columns: 2 is 4 columns, 4 all 8, 1 two columns.
        let frame = DrawingProbe.frame(chart, width: 8, height: 3)
        let blue = DrawingProbe.rgb(.blue)
        let filled = (0..<3).map { row in (0..<8).filter { frame.buffer[$0, row].background == blue }.count }
        #expect(filled == [4, 8, 2])
    }

    @Test func aLineChartJoinsItsPointsWithBrailleDots() {
        let chart = Chart {
            LineMark(x: .value("Hour", 0), y: .value("Temperature", 0))
            LineMark(x: .value("Hour", 1), y: .value("Temperature", 1))
        }
        .chartXAxis(.hidden).chartYAxis(.hidden)
        // A diagonal from the bottom left dot to the top right dot of a 2 × 1 plot (4 × 4 dots).
        #expect(DrawingProbe.picture(chart, width: 2, height: 1) == ["⡠⠊"])
    }

    @Test func seriesTakeSwiftChartsColoursInOrderAndAMarkStyleWins() {
        let chart = Chart {
            BarMark(x: .value("Day", "A"), y: .value("N", 1)).foregroundStyle(by: .value("Kind", "x"))
            BarMark(x: .value("Day", "B"), y: .value("N", 1)).foregroundStyle(by: .value("Kind", "y"))
            BarMark(x: .value("Day", "C"), y: .value("N", 1)).foregroundStyle(Color.red)
        }
        .chartXAxis(.hidden).chartYAxis(.hidden)
        let frame = DrawingProbe.frame(chart, width: 3, height: 1)
        #expect(frame.buffer[0, 0].background == DrawingProbe.rgb(.blue))
        #expect(frame.buffer[1, 0].background == DrawingProbe.rgb(.green))
        #expect(frame.buffer[2, 0].background == DrawingProbe.rgb(.red))
    }

    @Test func shownAxesLabelTheScaleEndsAndTheCategoriesAndSaySoInADiagnostic() {
        let chart = Chart(sales) { sale in
            BarMark(x: .value("Day", sale.day), y: .value("Sales", sale.count))
        }
        let rows = DrawingProbe.picture(chart, width: 14, height: 4)
        #expect(rows.first?.hasSuffix(" 4") == true)
        #expect(rows[2].hasSuffix(" 0"))
        #expect(rows[3] == "Mon Tue Wed")
        #expect(DrawingProbe.codes(chart) == ["chart-drawn-approximately"])
    }

    @Test func ruleAndPointMarksDrawALineAcrossAndADot() {
        let chart = Chart {
            RuleMark(y: .value("Goal", 2))
            PointMark(x: .value("X", 1), y: .value("Y", 4))
        }
        .chartXAxis(.hidden).chartYAxis(.hidden).chartYScale(domain: 0...4)
        // The single x value sits in the middle; 4 is the top row, 2 the third of four (rounded from 1.5).
        #expect(DrawingProbe.picture(chart, width: 3, height: 4) == [" ●", "", "───", ""])
    }

    @Test func theScaleEndsAtANiceNumberAboveTheData() {
        #expect(Painter.niceCeiling(87) == 100)
        #expect(Painter.niceCeiling(4) == 4)
        #expect(Painter.niceCeiling(7) == 8)
        #expect(Painter.niceCeiling(2) == 2)
        #expect(Painter.niceCeiling(1234) == 1500)
    }
}

// MARK: - Paths, trims, gradients, materials

/// A triangle with its point at the top middle, as a custom shape is written.
private struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
        }
    }
}

@Suite struct DrawingTests {
    @Test func aCustomShapeFillsTheCellsInsideItsPathScaledToTheFrame() {
        let frame = DrawingProbe.frame(Triangle().fill(Color.red), width: 8, height: 4)
        let red = DrawingProbe.rgb(.red)
        let filled = (0..<4).map { row in (0..<8).filter { frame.buffer[$0, row].background == red }.count }
        // Rows are 4 dots tall and the apex is at the top middle: row centres at 2, 6, 10 and 14 dots cross the
        // triangle 2, 6, 10 and 14 dots wide, which hold 1, 3, 5 and 7 cell centres (2 dots apart).
        #expect(filled == [1, 3, 5, 7])
    }

    @Test func aStrokedPathIsDrawnInBrailleDotsAtItsOwnCoordinates() {
        // A horizontal line 16 points long at y 2: four columns of dots on the first dot row.
        let path = Path { path in
            path.move(to: CGPoint(x: 0, y: 2))
            path.addLine(to: CGPoint(x: 15, y: 2))
        }
        #expect(DrawingProbe.picture(path.stroke(Color.red, lineWidth: 1), width: 4, height: 1) == ["⠉⠉"])
    }

    @Test func aTrimmedCircleStrokesOnlyItsPartOfTheRingClockwiseFromThreeOClock() {
        let ring = ZStack {
            Circle().stroke(Color.gray, lineWidth: 4)
            Circle().trim(from: 0, to: 0.25).stroke(Color.green, lineWidth: 4)
        }
        let frame = DrawingProbe.frame(ring, width: 10, height: 5)
        let green = DrawingProbe.rgb(.green), gray = DrawingProbe.rgb(.gray)
        var greenCells: [(Int, Int)] = []
        var grayCount = 0
        for row in 0..<5 {
            for column in 0..<10 {
                if frame.buffer[column, row].foreground == green { greenCells.append((column, row)) }
                if frame.buffer[column, row].foreground == gray { grayCount += 1 }
            }
        }
        // The first quarter is the bottom right: right of and below the centre.
        #expect(!greenCells.isEmpty)
        #expect(greenCells.allSatisfy { $0.0 >= 5 && $0.1 >= 2 })
        #expect(grayCount > greenCells.count * 2)
    }

    @Test func rotatingATrimmedCircleByMinusNinetyDegreesStartsItsPartAtTwelveOClock() {
        let ring = Circle().trim(from: 0, to: 0.25).stroke(Color.green, lineWidth: 4).rotationEffect(.degrees(-90))
        let frame = DrawingProbe.frame(ring, width: 10, height: 5)
        let green = DrawingProbe.rgb(.green)
        var greenCells: [(Int, Int)] = []
        for row in 0..<5 { for column in 0..<10 where frame.buffer[column, row].foreground == green { greenCells.append((column, row)) } }
        #expect(!greenCells.isEmpty)
        #expect(greenCells.allSatisfy { $0.0 >= 5 && $0.1 <= 2 })
        #expect(DrawingProbe.codes(ring).isEmpty)
    }

    @Test func aFilledShapeCanBeStrokedToo() {
        let frame = DrawingProbe.frame(Rectangle().fill(Color.yellow).stroke(Color.red, lineWidth: 1), width: 5, height: 3)
        #expect(frame.buffer[2, 1].background == DrawingProbe.rgb(.yellow))
        #expect(frame.buffer[0, 0].glyph == "┌")
        #expect(frame.buffer[0, 0].foreground == DrawingProbe.rgb(.red))
    }

    @Test func aRadialGradientRunsFromItsCentreOutToItsEndRadius() {
        let gradient = RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 40)
        let frame = DrawingProbe.frame(gradient, width: 11, height: 5)
        #expect(frame.buffer[5, 2].background == DrawingProbe.rgb(.red))
        #expect(frame.buffer[0, 0].background == DrawingProbe.rgb(.blue))
        #expect(frame.buffer[10, 4].background == DrawingProbe.rgb(.blue))
    }

    @Test func anAngularGradientTurnsClockwiseFromThreeOClock() {
        let gradient = AngularGradient(colors: [.red, .green, .blue, .red], center: .center)
        let frame = DrawingProbe.frame(gradient, width: 11, height: 5)
        // Below the centre is a quarter turn (green is at a third): the nearest stop is green; above it,
        // three quarters, blue (at two thirds) is nearest.
        #expect(frame.buffer[5, 4].background == DrawingProbe.rgb(.green))
        #expect(frame.buffer[5, 0].background == DrawingProbe.rgb(.blue))
    }

    @Test func aMaterialIsTheSystemBackgroundAtItsOpacityAndSaysItIsNotBlurred() {
        let view = Color.red.overlay(Rectangle().fill(.ultraThinMaterial))
        let frame = DrawingProbe.frame(view, width: 2, height: 1)
        let red = DrawingProbe.rgb(.red)
        let cell = frame.buffer[0, 0].background
        #expect(cell != red && cell != RGB(255, 255, 255))
        #expect(cell == red.blended(with: RGB(255, 255, 255), alpha: 0.3))
        #expect(DrawingProbe.codes(view) == ["material-not-blurred"])
    }

    @Test func aBackgroundWithNoStyleIsTheSystemBackground() {
        let view = Text(verbatim: "Hi").background()
        let (node, _) = DrawingProbe.resolve(view)
        guard case .modified(_, .background(.shape(let shape), _)) = node else {
            Issue.record("expected a background shape, got \(node)")
            return
        }
        #expect(shape.fill == .color(Color(storage: .system(.systemBackground))))
    }

    @Test func aGradientTintPaintsAGaugeInTheColourAtItsValue() {
        let gauge = Gauge(value: 0.9) { Text(verbatim: "") }
            .gaugeStyle(.accessoryLinearCapacity).tint(Gradient(colors: [.green, .yellow, .red]))
        let frame = DrawingProbe.frame(gauge, width: 10, height: 3)
        let red = DrawingProbe.rgb(.red), green = DrawingProbe.rgb(.green)
        var cells: [RGB?] = []
        for row in 0..<3 { for column in 0..<10 { cells += [frame.buffer[column, row].background, frame.buffer[column, row].foreground] } }
        #expect(cells.filter { $0 == red }.count >= 8)
        #expect(!cells.contains(green))
        #expect(DrawingProbe.codes(gauge) == ["gradient-tint-drawn-approximately"])
    }
}

// MARK: - Text, accessibility, App Intents entities, Combine

private struct City: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "City"
    static let defaultQuery = CityQuery()
    let id: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

private struct CityQuery: EntityQuery {
    static let all = [City(id: "Oslo"), City(id: "Lima")]
    func entities(for identifiers: [City.ID]) async throws -> [City] { Self.all.filter { identifiers.contains($0.id) } }
    func suggestedEntities() async throws -> [City] { Self.all }
}

private struct SizeOptions: DynamicOptionsProvider {
    func results() async throws -> [Int] { [1, 2, 3] }
}

private struct PickCity: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Pick a city"
    @Parameter(title: "City") var city: City?
    @Parameter(title: "Size", optionsProvider: SizeOptions()) var size: Int
    func perform() async throws -> some IntentResult { .result() }
}

private final class Counter: ObservableObject {
    @Published var count = 0
}

private struct CounterView: View {
    @StateObject var counter = Counter()
    var body: some View { Text(verbatim: "\(counter.count)") }
}

@Suite struct APIFromRealWidgetsTests {
    @Test func aSpecifierFormatsTheNumberAndStaysInTheKey() {
        let value = 3.14159
        let key: LocalizedStringKey = "\(value, specifier: "%.1f") km"
        #expect(key.formatKey == "%.1f km")
        // `3.1 km` is 6 glyphs whose points need 7 cells: the frame is centred in 10 from column 1, and its glyphs in it
        // from column 2, where centring them in the 10 puts them.
        #expect(DrawingProbe.picture(Text(key), width: 10, height: 1) == ["  3.1 km"])
    }

    @Test func accessibilityModifiersCompileAndChangeNoCell() {
        let plain = Text(verbatim: "Run")
        let described = Text(verbatim: "Run").accessibilityLabel("Running").accessibilityHint("Opens the app")
            .accessibilityValue("5 km").accessibilityAddTraits(.isHeader).accessibilityIdentifier("run")
        #expect(DrawingProbe.picture(described, width: 5, height: 1) == DrawingProbe.picture(plain, width: 5, height: 1))
    }

    @Test func entityQueriesRunAsWritten() async throws {
        let query = City.defaultQuery
        #expect(try await query.entities(for: ["Lima"]).map(\.id) == ["Lima"])
        #expect(try await query.suggestedEntities().map(\.id) == ["Oslo", "Lima"])
        #expect(await query.defaultResult()?.id == "Oslo")
        #expect(City(id: "Oslo").displayRepresentation.title.description == "Oslo")
        #expect(try await SizeOptions().results() == [1, 2, 3])
        #expect(await SizeOptions().defaultResult() == nil)
        let intent = PickCity()
        #expect(intent.city == nil && intent.size == 0)
    }

    @Test func publishedPropertiesTellTheirObjectAndTheirSubscribers() {
        let counter = Counter()
        var changes = 0
        var values: [Int] = []
        let objectSubscription = counter.objectWillChange.sink { changes += 1 }
        let valueSubscription = counter.$count.sink { values.append($0) }
        counter.count = 2
        counter.count += 1
        #expect(changes == 2)
        #expect(values == [0, 2, 3])
        objectSubscription.cancel()
        counter.count = 7
        #expect(changes == 2)
        #expect(values == [0, 2, 3, 7])
        _ = valueSubscription
        #expect(DrawingProbe.picture(CounterView(), width: 3, height: 1) == [" 0"])
    }
}

// MARK: - Grids

@Suite struct GridTests {
    @Test func aLazyVGridWithFlexibleColumnsSharesTheWidthEquallyAndFillsRowsInOrder() {
        let columns = [GridItem(.flexible()), GridItem(.flexible())]
        let grid = LazyVGrid(columns: columns, alignment: .leading, spacing: 0) {
            ForEach(["a", "b", "c"], id: \.self) { Text(verbatim: $0) }
        }
        .frame(width: 80)
        // 10 columns less one of spacing: the columns get 5 and 4.
        #expect(DrawingProbe.picture(grid, width: 10, height: 2) == ["a     b", "c"])
        #expect(DrawingProbe.codes(grid).isEmpty)
    }

    @Test func aGridLinesUpItsRowsCellsInEqualColumnsAndSaysItIsApproximate() {
        let grid = Grid(alignment: .leading, horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow {
                Text(verbatim: "Mon")
                Text(verbatim: "12°")
            }
            GridRow {
                Text(verbatim: "Tuesday")
                Text(verbatim: "9°")
            }
        }
        .frame(width: 16 * 8, alignment: .leading)
        #expect(DrawingProbe.picture(grid, width: 16, height: 2) == ["Mon     12°", "Tuesday 9°"])
        #expect(DrawingProbe.codes(grid) == ["grid-drawn-approximately"])
    }
}

// MARK: - ViewThatFits

@Suite struct ViewThatFitsTests {
    private var fitting: some View {
        ViewThatFits(in: .horizontal) {
            Text(verbatim: "Wednesday, 12 March")
            Text(verbatim: "Wed 12 Mar")
            Text(verbatim: "12/3")
        }
    }

    @Test func theFirstChildWhoseIdealWidthFitsIsShown() {
        // A text takes the cells its points need: `Wednesday, 12 March` 21 (19 glyphs), `Wed 12 Mar` 12 (10 glyphs); the
        // glyphs are centred in the frame, itself centred.
        #expect(DrawingProbe.picture(fitting, width: 30, height: 1) == ["     Wednesday, 12 March"])
        #expect(DrawingProbe.picture(fitting, width: 12, height: 1) == [" Wed 12 Mar"])
        #expect(DrawingProbe.picture(fitting, width: 11, height: 1) == ["   12/3"])
    }

    @Test func theLastChildIsShownWhenNoneFits() {
        #expect(DrawingProbe.picture(fitting, width: 4, height: 1) == ["12/3"])
        // In points `12…` is 34.8 pt, 4 cells (the ellipsis is 0.9 em): `1…` (25.0 pt) is what fits 3 columns.
        #expect(DrawingProbe.picture(fitting, width: 3, height: 1) == ["1…"])
    }
}

// MARK: - What the public widget extensions reached for

private struct HeightKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
}

@Suite struct PublicWidgetCompatibilityTests {
    @Test func aCGFloatFrameIsTheSameFrameInPoints() {
        let width: CGFloat? = 24
        let view = Color.red.frame(width: width, height: CGFloat(17))
        #expect(DrawingProbe.resolve(view).0 == DrawingProbe.resolve(Color.red.frame(width: 24, height: 17)).0)
    }

    @Test func onChangeAndPreferenceActionsNeverRunAndSaySo() {
        var ran = false
        let view = Text(verbatim: "x")
            .preference(key: HeightKey.self, value: 3)
            .onPreferenceChange(HeightKey.self) { _ in ran = true }
            .onChange(of: 1) { _ in ran = true }
        #expect(DrawingProbe.codes(view) == ["code-never-runs-in-widget", "code-never-runs-in-widget"])
        #expect(!ran)
        #expect(DrawingProbe.picture(view, width: 3, height: 1) == [" x"])
    }

    @Test func aLiveActivityIsDrawnInTheMediumFamilyAndUIKitColoursBridge() {
        #expect(EnvironmentValues().activityFamily == .medium)
        #expect(Color(UIColor.white) == Color.white)
    }
}

@Suite struct MaskTests {
    @Test func aShapeMaskClipsLikeClipShape() {
        let masked = Color.red.mask { RoundedRectangle(cornerRadius: 12) }
        let clipped = Color.red.clipShape(RoundedRectangle(cornerRadius: 12))
        #expect(DrawingProbe.resolve(masked).0 == DrawingProbe.resolve(clipped).0)
        #expect(DrawingProbe.codes(masked).isEmpty)
    }

    @Test func aGradientMaskDrawsTheViewUnmaskedAndSaysSo() {
        let masked = Color.red.mask(LinearGradient(colors: [.black, .clear], startPoint: .top, endPoint: .bottom))
        #expect(DrawingProbe.resolve(masked).0 == DrawingProbe.resolve(Color.red).0)
        #expect(DrawingProbe.codes(masked) == ["mask-drawn-approximately"])
    }
}

// MARK: - Expanded Dynamic Island content in a function of its own

@DynamicIslandExpandedContentBuilder
private func expandedRegions(_ title: String) -> DynamicIslandExpandedContent<some View> {
    DynamicIslandExpandedRegion(.leading) { Text(verbatim: title) }
    DynamicIslandExpandedRegion(.trailing, priority: 1) { Text(verbatim: "2") }
}

@Suite struct ExpandedContentTests {
    @Test func aFunctionReturningExpandedContentGivesItsRegionsInOrder() {
        let island = DynamicIsland {
            expandedRegions("Oslo")
        } compactLeading: {
            Text(verbatim: "O")
        } compactTrailing: {
            Text(verbatim: "2")
        } minimal: {
            Text(verbatim: "O")
        }
        #expect(island.regions.map(\.position) == [.leading, .trailing])
        #expect(island.regions.map(\.priority) == [0, 1])
    }
}

@Suite struct ContentMarginsOnViewTests {
    @Test func contentMarginsDisabledOnAViewSaysItBelongsOnTheConfiguration() {
        let view = Text(verbatim: "x").contentMarginsDisabled()
        #expect(DrawingProbe.codes(view) == ["content-margins-on-view"])
        #expect(DrawingProbe.picture(view, width: 1, height: 1) == ["x"])
    }
}

private struct RunAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var kilometres: Int }
}

@Suite struct ActivityPreviewContextTests {
    @Test func anOldStyleActivityPreviewCompilesAndDrawsNothing() {
        let preview = RunAttributes().previewContext(.init(kilometres: 3), viewKind: .dynamicIsland(.compact))
        #expect(DrawingProbe.resolve(preview).0 == .empty)
    }
}
