// `import Charts` in widget code compiles as written: this module stands for Apple's Swift Charts. A chart
// resolves into one shape (`ShapeKind.chart`) that fills its frame; CellRender draws its marks with block and
// braille cells (docs/DECISIONS.md, "Swift Charts in cells").
import Foundation
@_exported import WidgetKitUI

// MARK: - Plottable values

/// A type whose values a chart can place on an axis, as `Charts.Plottable`: numbers, strings, dates, and
/// `RawRepresentable` types whose raw value is one of them.
public protocol Plottable {
    /// The value on an axis.
    var _chartValue: ChartValue { get }
}

extension Int: Plottable {
    /// The integer as a number on a numeric axis.
    public var _chartValue: ChartValue { .number(Double(self)) }
}
extension Double: Plottable {
    /// The value as a number on a numeric axis.
    public var _chartValue: ChartValue { .number(self) }
}
extension Float: Plottable {
    /// The value as a number on a numeric axis.
    public var _chartValue: ChartValue { .number(Double(self)) }
}
extension CGFloat: Plottable {
    /// The value as a number on a numeric axis.
    public var _chartValue: ChartValue { .number(Double(self)) }
}
extension String: Plottable {
    /// The string as a category: one slot on a categorical axis, labelled with the string.
    public var _chartValue: ChartValue { .category(self) }
}
extension Date: Plottable {
    /// The date as a point on a time axis.
    public var _chartValue: ChartValue { .date(self) }
}

extension Plottable where Self: RawRepresentable, RawValue: Plottable {
    /// The raw value's position on an axis, so an enum with a `String` raw value plots as categories.
    public var _chartValue: ChartValue { rawValue._chartValue }
}

/// A labelled value for a mark's position, as `Charts.PlottableValue` (made with `.value(_:_:)`).
public struct PlottableValue<Value: Plottable> {
    let value: ChartValue

    /// A value with the axis label `label`, as `PlottableValue.value(_:_:)`.
    public static func value(_ label: LocalizedStringKey, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(value: value._chartValue)
    }
    /// A value with a label given as a `String`.
    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(value: value._chartValue)
    }
    /// A value with a label given as `Text`.
    public static func value(_ label: Text, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(value: value._chartValue)
    }
}

extension PlottableValue where Value == Date {
    /// A date binned by `unit`, as `PlottableValue.value(_:_:unit:calendar:)`: the date is placed at the start
    /// of its day (hour, month...) in `calendar`.
    public static func value(
        _ label: LocalizedStringKey, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current
    ) -> PlottableValue<Date> {
        PlottableValue(value: .date(calendar.dateInterval(of: unit, for: value)?.start ?? value))
    }
    /// A date binned by `unit`, with a `String` label.
    public static func value<S: StringProtocol>(
        _ label: S, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current
    ) -> PlottableValue<Date> {
        PlottableValue(value: .date(calendar.dateInterval(of: unit, for: value)?.start ?? value))
    }
}

// MARK: - Chart content

/// Something a `Chart` draws: a mark, or marks made by `ForEach`, `if` or a custom type, as
/// `Charts.ChartContent`. Chart content is built with the view builder, so it is also a `View`.
public protocol ChartContent: View {}

/// Builds chart content, as `Charts.ChartContentBuilder`: the view builder under its Charts name.
public typealias ChartContentBuilder = ViewBuilder

/// The thickness of a mark, as `Charts.MarkDimension`; cells draw every bar one slot wide.
public struct MarkDimension: Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The thickness Charts picks, as `MarkDimension.automatic`; every bar is one slot wide in cells.
    public static let automatic = MarkDimension()
    /// A thickness in points, as `MarkDimension.fixed(_:)`; accepted and ignored in cells.
    public static func fixed(_ points: Double) -> MarkDimension { MarkDimension() }
    /// A thickness as a 0...1 fraction of the slot, as `MarkDimension.ratio(_:)`; accepted and ignored in cells.
    public static func ratio(_ ratio: Double) -> MarkDimension { MarkDimension() }
    /// A thickness that leaves `points` of space either side, as `MarkDimension.inset(_:)`; ignored in cells.
    public static func inset(_ points: Double) -> MarkDimension { MarkDimension() }
    init() {}
    /// A thickness in points written as an integer literal, as `width: 8`; ignored in cells.
    public init(integerLiteral value: Int) {}
    /// A thickness in points written as a floating-point literal, as `width: 8.5`; ignored in cells.
    public init(floatLiteral value: Double) {}
}

/// How marks at one x value stack, as `Charts.MarkStackingMethod`; cells draw marks side by side in order.
public enum MarkStackingMethod: Sendable {
    case standard, normalized, center, unstacked
}

/// How a line or area joins its points, as `Charts.InterpolationMethod`: cells join them with straight lines.
public struct InterpolationMethod: Sendable {
    /// Straight lines between points, as `InterpolationMethod.linear`.
    public static let linear = InterpolationMethod()
    /// A smooth curve that never overshoots, as `InterpolationMethod.monotone`; straight lines in cells.
    public static let monotone = InterpolationMethod()
    /// A Catmull-Rom spline, as `InterpolationMethod.catmullRom`; straight lines in cells.
    public static let catmullRom = InterpolationMethod()
    /// A cardinal spline, as `InterpolationMethod.cardinal`; straight lines in cells.
    public static let cardinal = InterpolationMethod()
    /// Steps that rise at each point, as `InterpolationMethod.stepStart`; straight lines in cells.
    public static let stepStart = InterpolationMethod()
    /// Steps that rise halfway between points, as `InterpolationMethod.stepCenter`; straight lines in cells.
    public static let stepCenter = InterpolationMethod()
    /// Steps that rise at the next point, as `InterpolationMethod.stepEnd`; straight lines in cells.
    public static let stepEnd = InterpolationMethod()
}

/// A mark's resolved node: a one-mark chart shape that `Chart` collects.
func markNode(_ mark: ChartMark) -> ViewNode {
    .shape(ShapeNode(kind: .chart(ChartPlot(marks: [mark])), fill: nil))
}

/// A bar from the axis to a value, as `Charts.BarMark`. A numeric y draws a vertical bar; a numeric x with a
/// category y draws a horizontal one. Width and stacking are accepted; cells draw each bar one slot wide.
public struct BarMark: ChartContent, PrimitiveView {
    let mark: ChartMark
    /// A bar at `x` reaching `y`, as `BarMark(x:y:width:height:stacking:)`; `width`, `height` and `stacking` are
    /// accepted and ignored in cells.
    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic,
        height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard
    ) {
        mark = ChartMark(kind: .bar, x: x.value, y: y.value)
    }
    /// Records the bar as a one-mark chart shape for the enclosing `Chart` to collect.
    public func resolve(in context: ResolveContext) -> ViewNode { markNode(mark) }
}

/// A point joined to the next one of its series by a line, as `Charts.LineMark`.
public struct LineMark: ChartContent, PrimitiveView {
    let mark: ChartMark
    /// A point of the chart's single line series, as `LineMark(x:y:)`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMark(kind: .line, x: x.value, y: y.value)
    }
    /// A point of the series `series`, as `LineMark(x:y:series:)`.
    public init<X: Plottable, Y: Plottable, S: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>
    ) {
        mark = ChartMark(kind: .line, x: x.value, y: y.value, series: series.value.label)
    }
    /// Records the point as a one-mark chart shape for the enclosing `Chart` to collect.
    public func resolve(in context: ResolveContext) -> ViewNode { markNode(mark) }
}

/// A point of a region filled down to the axis, as `Charts.AreaMark`.
public struct AreaMark: ChartContent, PrimitiveView {
    let mark: ChartMark
    /// A point of the filled area at `x` and `y`, as `AreaMark(x:y:stacking:)`; `stacking` is ignored in cells.
    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard
    ) {
        mark = ChartMark(kind: .area, x: x.value, y: y.value)
    }
    /// Records the area point as a one-mark chart shape for the enclosing `Chart` to collect.
    public func resolve(in context: ResolveContext) -> ViewNode { markNode(mark) }
}

/// A dot at a point, as `Charts.PointMark`.
public struct PointMark: ChartContent, PrimitiveView {
    let mark: ChartMark
    /// A dot at `x` and `y`, as `PointMark(x:y:)`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark = ChartMark(kind: .point, x: x.value, y: y.value)
    }
    /// Records the dot as a one-mark chart shape for the enclosing `Chart` to collect.
    public func resolve(in context: ResolveContext) -> ViewNode { markNode(mark) }
}

/// A line across the plot at a y value (`RuleMark(y:)`) or up it at an x value (`RuleMark(x:)`), as
/// `Charts.RuleMark`.
public struct RuleMark: ChartContent, PrimitiveView {
    let mark: ChartMark
    /// A horizontal line across the plot at the value `y`, as `RuleMark(y:)`.
    public init<Y: Plottable>(y: PlottableValue<Y>) { mark = ChartMark(kind: .rule, x: nil, y: y.value) }
    /// A vertical line up the plot at the value `x`, as `RuleMark(x:)`.
    public init<X: Plottable>(x: PlottableValue<X>) { mark = ChartMark(kind: .rule, x: x.value, y: nil) }
    /// Records the rule as a one-mark chart shape for the enclosing `Chart` to collect.
    public func resolve(in context: ResolveContext) -> ViewNode { markNode(mark) }
}

// MARK: - Mark modifiers

/// Chart content whose marks were changed by a mark modifier.
public struct _ModifiedChartContent<Content: View>: ChartContent, PrimitiveView {
    let content: Content
    let change: @Sendable (inout ChartMark) -> Void
    /// Resolves the content and applies the modifier's change to each of its marks; other nodes pass unchanged.
    public func resolve(in context: ResolveContext) -> ViewNode {
        var nodes: [ViewNode] = []
        content._resolveList(in: context, into: &nodes)
        return .group(
            nodes.map { node in
                guard case .shape(var shape) = node, case .chart(var plot) = shape.kind else { return node }
                for index in plot.marks.indices { change(&plot.marks[index]) }
                shape.kind = .chart(plot)
                return .shape(shape)
            })
    }
}

extension ChartContent {
    /// Paints the marks with `style`, as `ChartContent.foregroundStyle(_:)`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> _ModifiedChartContent<Self> {
        let paint = style.resolvePaint(inheriting: .primary)
        return _ModifiedChartContent(content: self) { $0.style = paint }
    }
    /// Puts the marks in the series named by `value`, each series in its own colour, as
    /// `ChartContent.foregroundStyle(by:)`.
    public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> _ModifiedChartContent<Self> {
        let series = value.value.label
        return _ModifiedChartContent(content: self) { $0.series = series }
    }
    /// How a line joins its points, as `ChartContent.interpolationMethod(_:)`: straight lines in cells.
    public func interpolationMethod(_ method: InterpolationMethod) -> _ModifiedChartContent<Self> {
        _ModifiedChartContent(content: self) { _ in }
    }
    /// The line's stroke, as `ChartContent.lineStyle(_:)`: a line is one braille dot wide in cells.
    public func lineStyle(_ style: StrokeStyle) -> _ModifiedChartContent<Self> {
        _ModifiedChartContent(content: self) { _ in }
    }
    /// Rounds a bar's corners, as `ChartContent.cornerRadius(_:style:)`: cells draw square bars.
    public func cornerRadius(_ radius: Double, style: RoundedCornerStyle = .continuous) -> _ModifiedChartContent<Self> {
        _ModifiedChartContent(content: self) { _ in }
    }
    /// The size of a point's symbol, as `ChartContent.symbolSize(_:)`: one cell in a terminal.
    public func symbolSize(_ size: Double) -> _ModifiedChartContent<Self> {
        _ModifiedChartContent(content: self) { _ in }
    }
}
