import Foundation
import WidgetKitUI

// MARK: - Chart

/// A chart of marks, as `Charts.Chart`: fills the space offered, as in SwiftUI. Its marks are drawn with
/// block cells (bars, areas) and braille dots (lines), its axes with their first and last values only;
/// `chart-drawn-approximately` says so when an axis is shown.
public struct Chart<Content: View>: PrimitiveView {
    let content: Content

    /// A chart of the marks `content` builds, as `Chart(content:)`.
    public init(@ChartContentBuilder content: () -> Content) { self.content = content() }

    /// Collects the marks of `content` into one chart shape that fills its frame, with the axis and domain
    /// options from the environment; reports `chart-drawn-approximately` when an axis is shown.
    public func resolve(in context: ResolveContext) -> ViewNode {
        var nodes: [ViewNode] = []
        content._resolveList(in: context, into: &nodes)
        var marks: [ChartMark] = []
        for node in nodes { Self.collectMarks(node, into: &marks) }
        let options = context.environment[ChartOptionsKey.self]
        let plot = ChartPlot(
            marks: marks, showsXAxis: options.xAxis != .hidden, showsYAxis: options.yAxis != .hidden,
            yDomain: options.yDomain, xDomain: options.xDomain)
        if plot.showsXAxis || plot.showsYAxis {
            context.sink.report(
                ResolveDiagnostic(
                    code: "chart-drawn-approximately",
                    message: "Chart axes are drawn with their first and last values and no grid lines; iOS draws "
                        + "every tick, label and grid line. Hide them with .chartXAxis(.hidden) and .chartYAxis(.hidden)."))
        }
        return .shape(ShapeNode(kind: .chart(plot), fill: context.environment.tint.map { .color($0) }))
    }

    /// The marks in `node`, in order, through groups and view modifiers.
    static func collectMarks(_ node: ViewNode, into marks: inout [ChartMark]) {
        switch node {
        case .shape(let shape):
            if case .chart(let plot) = shape.kind { marks += plot.marks }
        case .group(let children):
            for child in children { collectMarks(child, into: &marks) }
        case .modified(let inner, _):
            collectMarks(inner, into: &marks)
        case .stack(let stack):
            for child in stack.children { collectMarks(child, into: &marks) }
        default:
            break
        }
    }
}

extension Chart {
    /// A chart with the marks `content` makes for each element of `data`, as `Chart(_:content:)`.
    public init<Data: RandomAccessCollection, C: View>(
        _ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ForEach<Data, Data.Element.ID, C>, Data.Element: Identifiable {
        self.content = ForEach(data, content: content)
    }

    /// A chart with the marks `content` makes for each element of `data`, identified by `id`, as
    /// `Chart(_:id:content:)`.
    public init<Data: RandomAccessCollection, ID: Hashable, C: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> C
    ) where Content == ForEach<Data, ID, C> {
        self.content = ForEach(data, id: id, content: content)
    }
}

// MARK: - Chart modifiers

/// The chart settings the `chart…` view modifiers pass down to a `Chart`.
struct ChartOptions: Sendable {
    var xAxis: Visibility = .automatic
    var yAxis: Visibility = .automatic
    var yDomain: ClosedRange<Double>?
    var xDomain: ClosedRange<Double>?
}

struct ChartOptionsKey: EnvironmentKey {
    static let defaultValue = ChartOptions()
}

extension View {
    /// Shows or hides the chart's x axis, as `View.chartXAxis(_:)`.
    public func chartXAxis(_ visibility: Visibility) -> some View {
        transformEnvironment(\.self) { $0[ChartOptionsKey.self].xAxis = visibility }
    }
    /// Shows or hides the chart's y axis, as `View.chartYAxis(_:)`.
    public func chartYAxis(_ visibility: Visibility) -> some View {
        transformEnvironment(\.self) { $0[ChartOptionsKey.self].yAxis = visibility }
    }
    /// Shows or hides the chart's legend, as `View.chartLegend(_:)`: cells draw no legend either way.
    public func chartLegend(_ visibility: Visibility) -> some View { self }
    /// The y scale's domain, as `View.chartYScale(domain:)`.
    public func chartYScale(domain: ClosedRange<Double>) -> some View {
        transformEnvironment(\.self) { $0[ChartOptionsKey.self].yDomain = domain }
    }
    /// The y scale's domain given in integers, as `View.chartYScale(domain:)`.
    public func chartYScale(domain: ClosedRange<Int>) -> some View {
        chartYScale(domain: Double(domain.lowerBound)...Double(domain.upperBound))
    }
    /// The x scale's domain (numeric x), as `View.chartXScale(domain:)`.
    public func chartXScale(domain: ClosedRange<Double>) -> some View {
        transformEnvironment(\.self) { $0[ChartOptionsKey.self].xDomain = domain }
    }
    /// The x scale's domain given as dates, as `View.chartXScale(domain:)`.
    public func chartXScale(domain: ClosedRange<Date>) -> some View {
        chartXScale(domain: domain.lowerBound.timeIntervalSince1970...domain.upperBound.timeIntervalSince1970)
    }
}
