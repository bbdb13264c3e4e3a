import Combine
import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// Issue 11: custom GaugeStyle, ProgressViewStyle, LabelStyle and ButtonStyle with makeBody(configuration:), and
// @EnvironmentObject with .environmentObject(_:), written as widget code writes them, resolved and painted in cells.

private enum StyleProbe {
    static let environment = LayoutEnvironment(
        date: Date(timeIntervalSince1970: 1_700_000_000),
        format: SystemTextFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))

    static func resolve<V: View>(_ view: V) -> ViewNode { ViewResolver.resolve(view, environment: EnvironmentValues()).0 }

    static func picture<V: View>(_ view: V, width: Int, height: Int) -> [String] {
        let placed = CellLayout.layout(resolve(view), in: CellSize(width: width, height: height), environment: environment)
        var painter = Painter(
            size: CellSize(width: width, height: height), style: PaintStyle(colorScheme: .light),
            date: environment.date, format: environment.format)
        painter.paint(placed)
        return frameRows(painter.frame)
    }
}

/// A gauge drawn as its label, a bar of ten cells filled to the value, and its current value, as a widget's
/// own gauge style does.
private struct TenCellGaugeStyle: GaugeStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 0) {
            configuration.label
            Text(String(repeating: "#", count: Int((configuration.value * 10).rounded())))
            Text(String(repeating: "-", count: 10 - Int((configuration.value * 10).rounded())))
            configuration.currentValueLabel
        }
    }
}

private struct PercentProgressStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            configuration.label
            Text("\(Int((configuration.fractionCompleted ?? 0) * 100))%")
        }
    }
}

private struct TitleFirstLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 1) {
            configuration.title
            Text("|")
            configuration.icon
        }
    }
}

private struct BracketButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 0) {
            Text("[")
            configuration.label
            Text(configuration.isPressed ? "*" : "]")
        }
    }
}

private struct StyleTapIntent: AppIntent {
    static var title: LocalizedStringResource { "Tap" }
    func perform() async throws -> some IntentResult { .result() }
}

@Suite struct CustomStyleTests {
    @Test func aCustomGaugeStyleDrawsItsBodyWithTheGaugesLabelsAndValue() {
        let gauge = Gauge(value: 30, in: 0...100) {
            Text("T")
        } currentValueLabel: {
            Text("30")
        }
        .gaugeStyle(TenCellGaugeStyle())
        // `###` is 3 glyphs whose points (body, 17 pt) need 5 cells: a text takes the cells its points need. In the
        // centred row its glyphs are centred in those cells, between its neighbours.
        #expect(StyleProbe.picture(gauge, width: 20, height: 1) == ["  T ### -------30"])
    }

    @Test func aGaugeInsideTheStylesBodyUsesTheBuiltInLookAndTheBuiltInStylesStillWork() {
        let gauge = Gauge(value: 0.5) { Text("x") }.gaugeStyle(.accessoryLinearCapacity)
        guard case .gauge(let node) = StyleProbe.resolve(gauge) else {
            Issue.record("a gauge with a built-in style resolves to a gauge node")
            return
        }
        #expect(node.kind == .accessoryLinearCapacity)
        #expect(node.fraction == 0.5)
        let inner = Gauge(value: 0.5) { Text("x") }.gaugeStyle(.accessoryCircular).gaugeStyle(TenCellGaugeStyle())
        guard case .gauge(let innerNode) = StyleProbe.resolve(inner) else {
            Issue.record("a built-in style set below a custom one wins")
            return
        }
        #expect(innerNode.kind == .accessoryCircular)
    }

    @Test func aCustomProgressViewStyleGetsTheFractionAndTheLabel() {
        let progress = ProgressView(value: 0.25) { Text("Upload") }.progressViewStyle(PercentProgressStyle())
        #expect(StyleProbe.picture(progress, width: 10, height: 2) == ["  Upload", " 25%"])
    }

    @Test func labelStylesChooseTitleIconOrBothAndACustomOneArrangesThem() {
        let label = Label("Rain", systemImage: "cloud.rain.fill")
        #expect(StyleProbe.picture(label.labelStyle(.titleOnly), width: 6, height: 1) == [" Rain"])
        #expect(
            StyleProbe.picture(label.labelStyle(.iconOnly), width: 3, height: 1).map { $0.trimmingCharacters(in: .whitespaces).count } == [
                1
            ])
        #expect(StyleProbe.picture(label.labelStyle(TitleFirstLabelStyle()), width: 10, height: 1).first?.hasPrefix(" Rain |") == true)
    }

    @Test func aCustomButtonStyleDrawsItsBodyAndTheButtonStillRunsItsIntent() {
        let button = Button(intent: StyleTapIntent()) { Text("Go") }.buttonStyle(BracketButtonStyle())
        // `Go` is 2 glyphs whose points need 3 cells.
        #expect(StyleProbe.picture(button, width: 6, height: 1) == ["[Go ]"])
        guard case .modified(_, .tapTarget(.intent(let intent))) = StyleProbe.resolve(button) else {
            Issue.record("the styled button keeps its tap target")
            return
        }
        #expect(intent.typeName.contains("StyleTapIntent"))
    }
}

// MARK: - Environment objects

private final class WeatherModel: ObservableObject {
    @Published var city = "Lima"
    @Published var degrees = 19
}

private struct CityLine: View {
    @EnvironmentObject var model: WeatherModel

    var body: some View {
        Text("\(model.city) \(model.degrees)°")
    }
}

/// Writes through `$model.city`, as a view handing a binding to a child would.
private struct RenamingLine: View {
    @EnvironmentObject var model: WeatherModel

    var body: some View {
        let city = $model.city
        city.wrappedValue = "Rome"
        return Text(model.city)
    }
}

@Suite struct EnvironmentObjectTests {
    @Test func aViewReadsTheObjectAnAncestorGave() {
        let model = WeatherModel()
        let view = VStack { CityLine() }.environmentObject(model)
        #expect(StyleProbe.picture(view, width: 10, height: 1) == [" Lima 19°"])
        model.city = "Quito"
        #expect(StyleProbe.picture(view, width: 10, height: 1) == ["Quito 19°"])
    }

    @Test func theNearestAncestorsObjectWinsAndABindingWritesThrough() {
        let outer = WeatherModel()
        let inner = WeatherModel()
        inner.city = "Oslo"
        let view = CityLine().environmentObject(inner).environmentObject(outer)
        #expect(StyleProbe.picture(view, width: 10, height: 1) == [" Oslo 19°"])
        #expect(StyleProbe.picture(RenamingLine().environmentObject(outer), width: 8, height: 1) == ["  Rome"])
        #expect(outer.city == "Rome")
        var objects = EnvironmentObjects()
        objects[WeatherModel.self] = outer
        #expect(objects[WeatherModel.self] === outer)
    }
}
