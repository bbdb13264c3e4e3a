import Foundation

// MARK: - The resolved view tree

/// What a widget body returned for one entry, family and environment, as plain data.
///
/// Resolving a `View` walks its `body` once and records every primitive with its inherited style
/// (font, foreground, line limit...) already applied, so layout and rendering never run widget code.
/// This mirrors how WidgetKit archives a widget's view hierarchy ahead of time
/// ("Keeping a widget up to date", Apple Developer Documentation).
public indirect enum ViewNode: Equatable, Sendable, Codable {
    /// Nothing: `EmptyView`, a false `if` without `else`, a `nil` optional.
    case empty
    /// Several sibling views that a stack lays out as separate children (`Group`, `ForEach`, builder blocks).
    case group([ViewNode])
    /// A run of styled text on one or more lines.
    case text(TextNode)
    /// A symbol, an asset or a bitmap stand-in.
    case image(ImageNode)
    /// A filled or stroked shape, or a `Color` used as a view.
    case shape(ShapeNode)
    /// Flexible space along the enclosing stack's axis; `minLength` in points (nil: the system default, 8 pt).
    case spacer(minLength: Double?)
    /// A hairline separator across the enclosing stack's axis.
    case divider(color: Paint)
    /// A `VStack`, `HStack` or `ZStack`.
    case stack(StackNode)
    /// A `Gauge` or a value `ProgressView`.
    case gauge(GaugeNode)
    /// A view with a layout, drawing or behaviour modifier applied.
    case modified(ViewNode, NodeModifier)

    /// Children of a group, or the node itself; used by stacks to flatten builder output.
    public var flattened: [ViewNode] {
        var nodes: [ViewNode] = []
        appendFlattened(to: &nodes)
        return nodes
    }

    /// Appends `flattened` to `nodes` without building intermediate arrays: the children of groups
    /// (recursively), nothing for `.empty`, the node itself otherwise.
    @inlinable
    public consuming func appendFlattened(to nodes: inout [ViewNode]) {
        switch self {
        case .empty: return
        case .group(let children): for child in children { child.appendFlattened(to: &nodes) }
        default: nodes.append(self)
        }
    }
}

/// The stack axes of `VStack`, `HStack` and `ZStack`.
public enum StackAxis: String, Equatable, Sendable, Codable {
    case vertical, horizontal, depth
}

/// A resolved stack: axis, alignment, spacing in points (nil: system default) and children.
public struct StackNode: Equatable, Sendable, Codable {
    public var axis: StackAxis
    public var alignment: Alignment
    public var spacing: Double?
    public var children: [ViewNode]

    public init(axis: StackAxis, alignment: Alignment, spacing: Double?, children: [ViewNode]) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.children = children
    }
}

/// One styled run inside a text node.
public struct TextRun: Equatable, Sendable, Codable {
    /// What the run shows: fixed characters or a date the system formats (and may animate).
    public var content: TextContent
    /// The resolved font (point size, weight, design).
    public var font: Font
    /// Italic requested by `.italic()` or the font.
    public var italic: Bool
    /// Underline or strikethrough requested by the view.
    public var underline: Bool
    public var strikethrough: Bool
    /// The resolved foreground paint.
    public var foreground: Paint
    /// `.monospacedDigit()`: digits keep one width (in cells every digit is one column anyway).
    public var monospacedDigit: Bool

    public init(
        content: TextContent, font: Font, italic: Bool = false, underline: Bool = false,
        strikethrough: Bool = false, foreground: Paint, monospacedDigit: Bool = false
    ) {
        self.content = content
        self.font = font
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.foreground = foreground
        self.monospacedDigit = monospacedDigit
    }

    /// True when bold should be drawn: semibold and heavier.
    public var isBold: Bool { font.resolvedWeight >= .semibold }
}

/// What a run of text shows.
public enum TextContent: Equatable, Sendable, Codable {
    /// Characters fixed at render time.
    case verbatim(String)
    /// A date the system formats with `Text.DateStyle`; `.timer`, `.relative` and `.offset` update
    /// while the entry is on screen, `.time` and `.date` are frozen at render.
    case date(Date, style: Text.DateStyle)
    /// `Text(timerInterval:pauseTime:countsDown:showsHours:)`, bounded by its interval.
    case timerInterval(start: Date, end: Date, pauseTime: Date?, countsDown: Bool, showsHours: Bool)
    /// `Text(start...end)` or `Text(DateInterval)`: a range of times or dates, frozen at render.
    case dateRange(start: Date, end: Date)

    /// True for the system-animated styles whose cells repaint on a clock tick.
    public var isLive: Bool {
        switch self {
        case .verbatim, .dateRange: return false
        case .date(_, let style): return style == .timer || style == .relative || style == .offset
        case .timerInterval: return true
        }
    }

    /// Timer-style text is greedy: it accepts the full width it is offered (widgetkit-facts §2.5).
    public var isGreedy: Bool {
        switch self {
        case .date(_, let style): return style == .timer
        case .timerInterval: return true
        default: return false
        }
    }
}

/// A resolved `Text`: its runs and the paragraph attributes inherited from the environment.
public struct TextNode: Equatable, Sendable, Codable {
    public var runs: [TextRun]
    /// Maximum number of lines; nil means no limit.
    public var lineLimit: Int?
    public var alignment: TextAlignment
    public var minimumScaleFactor: Double
    public var truncationMode: Text.TruncationMode
    /// True when the text is redacted (placeholder or privacy) and must draw as a neutral bar.
    public var isRedacted: Bool

    public init(
        runs: [TextRun], lineLimit: Int?, alignment: TextAlignment, minimumScaleFactor: Double = 1,
        truncationMode: Text.TruncationMode = .tail, isRedacted: Bool = false
    ) {
        self.runs = runs
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.minimumScaleFactor = minimumScaleFactor
        self.truncationMode = truncationMode
        self.isRedacted = isRedacted
    }

    /// True when any run updates while the entry is on screen.
    public var isLive: Bool { runs.contains { $0.content.isLive } }
    /// True when any run is a greedy timer.
    public var isGreedy: Bool { runs.contains { $0.content.isGreedy } }
}

/// What an image shows.
public enum ImageSource: Equatable, Sendable, Codable {
    /// `Image(systemName:)`: an SF Symbol, drawn from the project's glyph table.
    case systemSymbol(String)
    /// `Image(_ name:)` that no asset catalog had (or could decode): drawn as a labelled placeholder block.
    case asset(String)
    /// `Image(uiImage:)`: a bitmap, drawn as a labelled placeholder block.
    case bitmap(String)
    /// `Image(_ name:)` found in the app's asset catalog: drawn with half-block cells.
    case catalog(CatalogBitmap)
}

/// A resolved image.
public struct ImageNode: Equatable, Sendable, Codable {
    public var source: ImageSource
    public var isResizable: Bool
    public var font: Font
    public var foreground: Paint
    /// `Image.widgetAccentedRenderingMode(_:)`, nil when not set.
    public var accentedRenderingMode: WidgetAccentedRenderingMode?
    /// `Image.renderingMode(_:)`, nil when not set (an asset image then follows its set's "Render As").
    public var templateRenderingMode: Image.TemplateRenderingMode?
    public var isRedacted: Bool

    public init(
        source: ImageSource, isResizable: Bool, font: Font, foreground: Paint,
        accentedRenderingMode: WidgetAccentedRenderingMode? = nil,
        templateRenderingMode: Image.TemplateRenderingMode? = nil, isRedacted: Bool = false
    ) {
        self.source = source
        self.isResizable = isResizable
        self.font = font
        self.foreground = foreground
        self.accentedRenderingMode = accentedRenderingMode
        self.templateRenderingMode = templateRenderingMode
        self.isRedacted = isRedacted
    }
}

/// The outline kinds of SwiftUI's built-in shapes.
public enum ShapeKind: Equatable, Sendable, Codable {
    case rectangle
    /// Corner radius in points.
    case roundedRectangle(cornerRadius: Double)
    case capsule
    case circle
    case ellipse
    /// The widget's own corner shape, inset to the view's frame.
    case containerRelative
    /// Part of another shape's outline, as `Shape.trim(from:to:)`: fractions 0...1 of the outline, which
    /// starts at the shape's trailing middle (3 o'clock) and runs clockwise, as SwiftUI's built-in paths do.
    indirect case trimmed(ShapeKind, from: Double, to: Double)
    /// A custom outline (`Path`, or a `Shape`'s `path(in:)`), in the unit square of the view's frame.
    case path(PathOutline)
    /// A Swift Charts plot (`Chart`): its marks, scales and axes.
    case chart(ChartPlot)
}

/// A resolved shape: outline plus fill and/or stroke paint.
public struct ShapeNode: Equatable, Sendable, Codable {
    public var kind: ShapeKind
    public var fill: Paint?
    public var stroke: Paint?
    /// Stroke width in points.
    public var lineWidth: Double

    public init(kind: ShapeKind, fill: Paint?, stroke: Paint? = nil, lineWidth: Double = 1) {
        self.kind = kind
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
    }
}

/// The look of a gauge or progress view.
public enum GaugeKind: String, Equatable, Sendable, Codable {
    case accessoryCircular, accessoryCircularCapacity, accessoryLinear, accessoryLinearCapacity, linearCapacity
    /// `ProgressView` with the default (linear) style.
    case progressLinear
    /// `ProgressView` with `.progressViewStyle(.circular)`.
    case progressCircular
}

/// A resolved `Gauge` or `ProgressView`.
public struct GaugeNode: Equatable, Sendable, Codable {
    public var kind: GaugeKind
    /// Fraction of the range, 0...1 (already clamped).
    public var fraction: Double
    /// Time-driven progress (`ProgressView(timerInterval:countsDown:)`): the fraction follows the clock.
    public var timerInterval: TimerProgress?
    public var tint: Paint
    public var track: Paint
    public var label: ViewNode
    public var currentValueLabel: ViewNode
    public var minimumValueLabel: ViewNode
    public var maximumValueLabel: ViewNode

    public init(
        kind: GaugeKind, fraction: Double, timerInterval: TimerProgress? = nil, tint: Paint, track: Paint,
        label: ViewNode = .empty, currentValueLabel: ViewNode = .empty,
        minimumValueLabel: ViewNode = .empty, maximumValueLabel: ViewNode = .empty
    ) {
        self.kind = kind
        self.fraction = fraction
        self.timerInterval = timerInterval
        self.tint = tint
        self.track = track
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }
}

/// A progress bar driven by the clock between two dates.
public struct TimerProgress: Equatable, Sendable, Codable {
    public var start: Date
    public var end: Date
    public var countsDown: Bool

    public init(start: Date, end: Date, countsDown: Bool) {
        self.start = start
        self.end = end
        self.countsDown = countsDown
    }

    /// Filled fraction at `date`: empties when counting down, fills when counting up.
    public func fraction(at date: Date) -> Double {
        let total = end.timeIntervalSince(start)
        guard total > 0 else { return countsDown ? 0 : 1 }
        let elapsed = min(max(date.timeIntervalSince(start) / total, 0), 1)
        return countsDown ? 1 - elapsed : elapsed
    }
}

/// Edge insets in points; nil edges were not given and take the system default.
public struct NodeInsets: Equatable, Sendable, Codable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// A `.frame(...)` modifier, all lengths in points (`.infinity` allowed for maxima).
public struct FrameSpec: Equatable, Sendable, Codable {
    public var width: Double?, height: Double?
    public var minWidth: Double?, idealWidth: Double?, maxWidth: Double?
    public var minHeight: Double?, idealHeight: Double?, maxHeight: Double?
    public var alignment: Alignment
    /// True for `.frame(width:height:)`, false for the min/ideal/max form.
    public var isFixed: Bool

    public init(
        width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, idealWidth: Double? = nil,
        maxWidth: Double? = nil, minHeight: Double? = nil, idealHeight: Double? = nil,
        maxHeight: Double? = nil, alignment: Alignment = .center, isFixed: Bool
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
        self.isFixed = isFixed
    }
}

/// What tapping a region does.
public enum TapAction: Equatable, Sendable, Codable {
    /// `Link(destination:)`: opens the URL where the family and OS allow links.
    case link(URL)
    /// `Button(intent:)`: runs the intent.
    case intent(IntentReference)
    /// `Toggle(isOn:intent:)`: flips the state and runs the intent.
    case toggle(isOn: Bool, intent: IntentReference)
}

/// A modifier recorded in the resolved tree.
public enum NodeModifier: Equatable, Sendable, Codable {
    /// Insets in points; `explicitHorizontal` is true when the author gave a non-zero horizontal inset.
    case padding(NodeInsets)
    case frame(FrameSpec)
    case background(ViewNode, alignment: Alignment)
    case overlay(ViewNode, alignment: Alignment)
    case opacity(Double)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case layoutPriority(Double)
    case clipShape(ShapeKind)
    /// `.aspectRatio(_:contentMode:)`; ratio is width / height in points, nil: the content's own.
    case aspectRatio(Double?, contentMode: ContentMode)
    /// `.widgetURL(_:)` on this subtree.
    case widgetURL(URL)
    /// A tap target: `Link`, `Button(intent:)` or `Toggle`.
    case tapTarget(TapAction)
    /// `.widgetAccentable(_:)`: puts the subtree in the accent group.
    case widgetAccentable(Bool)
    /// `.invalidatableContent()`.
    case invalidatableContent
    /// `.offset(x:y:)` in points.
    case offset(x: Double, y: Double)
    /// `.hidden()`: the subtree keeps its space and draws nothing, and its tap targets do not react.
    case hidden
    /// `ViewThatFits`: the modified node is the first candidate, `alternatives` the others in order; layout
    /// shows the first whose ideal size fits the offer on the constrained axes, else the last.
    case viewThatFits(alternatives: [ViewNode], horizontal: Bool, vertical: Bool)
}
