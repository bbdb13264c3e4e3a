import Foundation

// MARK: - Resolved Swift Charts plots

/// A value a chart mark places on an axis: the primitive forms of Swift Charts' `Plottable`.
public enum ChartValue: Hashable, Sendable, Codable {
    /// A quantity (`Int`, `Double`...).
    case number(Double)
    /// A category (`String`, or a `RawRepresentable` with a `String` raw value).
    case category(String)
    /// A moment (`Date`).
    case date(Date)

    /// The value on a numeric scale: the number, or a date's seconds since 1970; nil for a category.
    public var numeric: Double? {
        switch self {
        case .number(let value): return value
        case .date(let date): return date.timeIntervalSince1970
        case .category: return nil
        }
    }

    /// The text an axis label shows for the value.
    public var label: String {
        switch self {
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
        case .category(let name): return name
        case .date(let date): return ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withFullDate])
        }
    }
}

/// One mark of a chart (`BarMark`, `LineMark`, `AreaMark`, `PointMark`, `RuleMark`), resolved.
public struct ChartMark: Equatable, Sendable, Codable {
    /// The kinds of mark.
    public enum Kind: String, Equatable, Sendable, Codable {
        case bar, line, area, point, rule
    }
    /// Which mark this is, which decides how it is drawn (bar, line, area, point or rule).
    public var kind: Kind
    /// The x value; nil for a `RuleMark(y:)` across the plot.
    public var x: ChartValue?
    /// The y value; nil for a `RuleMark(x:)` up the plot.
    public var y: ChartValue?
    /// The mark's own style (`.foregroundStyle(_:)`); nil takes its series' colour.
    public var style: Paint?
    /// The series the mark belongs to (`.foregroundStyle(by:)`), which picks its colour and, for lines and
    /// areas, which points join.
    public var series: String?

    /// A resolved mark; `style` and `series` default to none.
    public init(kind: Kind, x: ChartValue?, y: ChartValue?, style: Paint? = nil, series: String? = nil) {
        self.kind = kind
        self.x = x
        self.y = y
        self.style = style
        self.series = series
    }
}

/// A chart as the painter draws it: marks, axes and scales (Swift Charts' `Chart` with its modifiers).
public struct ChartPlot: Equatable, Sendable, Codable {
    /// The chart's marks, in the order the chart's content lists them.
    public var marks: [ChartMark]
    /// False after `.chartXAxis(.hidden)`.
    public var showsXAxis: Bool
    /// False after `.chartYAxis(.hidden)`.
    public var showsYAxis: Bool
    /// The y scale's domain from `.chartYScale(domain:)`; nil: from zero to the data, rounded up.
    public var yDomain: ClosedRange<Double>?
    /// The x scale's domain from `.chartXScale(domain:)` (numeric x only); nil: the data's range.
    public var xDomain: ClosedRange<Double>?

    /// A resolved chart; both axes are shown and both scales follow the data unless given.
    public init(
        marks: [ChartMark], showsXAxis: Bool = true, showsYAxis: Bool = true, yDomain: ClosedRange<Double>? = nil,
        xDomain: ClosedRange<Double>? = nil
    ) {
        self.marks = marks
        self.showsXAxis = showsXAxis
        self.showsYAxis = showsYAxis
        self.yDomain = yDomain
        self.xDomain = xDomain
    }

    /// The colours Swift Charts gives series in order, before any `chartForegroundStyleScale`.
    public static let seriesColors: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow]
}
