import Foundation

// MARK: - The resolved view tree

/// What a widget body returned for one entry, family and environment, as plain data.
///
/// Resolving a `View` walks its `body` once and records every primitive with its inherited style
/// (font, foreground, line limit...) already applied, so layout and rendering never run widget code.
/// This mirrors how WidgetKit archives a widget's view hierarchy ahead of time
/// ("Keeping a widget up to date", Apple Developer Documentation).
///
/// Only the cases with a large payload (images, shapes, dividers, gauges) or a recursive one (modifiers) are
/// boxed (`indirect`): texts, stacks, groups and spacers, most of a widget's nodes, are stored inline, so
/// resolving them allocates nothing, and the enum stays the size of a `TextNode`.
public enum ViewNode: Equatable, Sendable, Codable {
    /// Nothing: `EmptyView`, a false `if` without `else`, a `nil` optional.
    case empty
    /// Several sibling views that a stack lays out as separate children (`Group`, `ForEach`, builder blocks).
    case group([ViewNode])
    /// A run of styled text on one or more lines.
    case text(TextNode)
    /// A symbol, an asset or a bitmap stand-in.
    indirect case image(ImageNode)
    /// A filled or stroked shape, or a `Color` used as a view.
    indirect case shape(ShapeNode)
    /// Flexible space along the enclosing stack's axis; `minLength` in points (nil: the system default, 8 pt).
    case spacer(minLength: Double?)
    /// A hairline separator across the enclosing stack's axis.
    indirect case divider(color: Paint)
    /// A `VStack`, `HStack` or `ZStack`.
    case stack(StackNode)
    /// A `Gauge` or a value `ProgressView`.
    indirect case gauge(GaugeNode)
    /// A view with a layout, drawing or behaviour modifier applied.
    indirect case modified(ViewNode, NodeModifier)

    /// Children of a group, or the node itself; used by stacks to flatten builder output.
    public var flattened: [ViewNode] {
        var nodes: [ViewNode] = []
        appendFlattened(to: &nodes)
        return nodes
    }

    /// Appends `flattened` to `nodes` without building intermediate arrays: the children of groups
    /// (recursively), nothing for `.empty`, the node itself otherwise.
    ///
    /// The leaf case is inlined into the caller; a group's children go through `appendFlattened(_:to:)`, which
    /// recurses (the compiler does not inline a function that calls itself).
    @inlinable
    public consuming func appendFlattened(to nodes: inout [ViewNode]) {
        switch self {
        case .empty: return
        case .group(let children): Self.appendFlattened(children, to: &nodes)
        default: nodes.append(self)
        }
    }

    /// Appends each of `children` flattened, in order.
    @usableFromInline
    static func appendFlattened(_ children: [ViewNode], to nodes: inout [ViewNode]) {
        for child in children { child.appendFlattened(to: &nodes) }
    }
}

/// The stack axes of `VStack`, `HStack` and `ZStack`.
public enum StackAxis: String, Equatable, Sendable, Codable {
    case vertical, horizontal, depth
}

/// A resolved stack: axis, alignment, spacing in points (nil: system default) and children.
public struct StackNode: Equatable, Sendable, Codable {
    /// Which way the children are laid out: a column, a row, or drawn over one another.
    public var axis: StackAxis
    /// How children sit across the axis (and, for a depth stack, both ways).
    public var alignment: Alignment
    /// Points between children; nil uses the system default. Not used by a depth stack.
    public var spacing: Double?
    /// The resolved children, in the order written.
    public var children: [ViewNode]

    /// A stack node of `children` along `axis`, spaced `spacing` points apart (nil: the default).
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
    /// Strikethrough requested by `.strikethrough()`.
    public var strikethrough: Bool
    /// The resolved foreground paint.
    public var foreground: Paint
    /// `.monospacedDigit()`: digits keep one width (in cells every digit is one column anyway).
    public var monospacedDigit: Bool

    /// A run showing `content` in `font` with `foreground`; the flags default to plain.
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
    /// The styled runs, in order; concatenated `Text`s give several.
    public var runs: [TextRun]
    /// Maximum number of lines; nil means no limit.
    public var lineLimit: Int?
    /// How lines are aligned, from `.multilineTextAlignment(_:)`.
    public var alignment: TextAlignment
    /// The smallest scale (0...1) the font may shrink to before truncating, from `.minimumScaleFactor(_:)`.
    public var minimumScaleFactor: Double
    /// Where text that does not fit is cut, from `.truncationMode(_:)`.
    public var truncationMode: Text.TruncationMode
    /// True when the text is redacted (placeholder or privacy) and must draw as a neutral bar.
    public var isRedacted: Bool

    /// A text node of `runs` with its paragraph attributes; by default no shrinking, cut at the tail, not redacted.
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
    /// What the image shows: a symbol, an asset, a bitmap stand-in or a decoded catalog image.
    public var source: ImageSource
    /// True after `.resizable()`: the image stretches to its frame instead of keeping its own size.
    public var isResizable: Bool
    /// The environment's font, which sizes an SF Symbol as text of that font would be.
    public var font: Font
    /// The environment's foreground paint: a symbol's colour, and a template image's.
    public var foreground: Paint
    /// `Image.widgetAccentedRenderingMode(_:)`, nil when not set.
    public var accentedRenderingMode: WidgetAccentedRenderingMode?
    /// `Image.renderingMode(_:)`, nil when not set (an asset image then follows its set's "Render As").
    public var templateRenderingMode: Image.TemplateRenderingMode?
    /// True when the image is redacted (placeholder or privacy) and must draw as a neutral block.
    public var isRedacted: Bool

    /// An image node for `source` in `font` and `foreground`; rendering modes unset and not redacted unless given.
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
    /// The outline: a built-in shape, a trimmed one, a custom path or a chart.
    public var kind: ShapeKind
    /// The paint inside the outline; nil leaves it unfilled.
    public var fill: Paint?
    /// The paint along the outline; nil draws no stroke.
    public var stroke: Paint?
    /// Stroke width in points.
    public var lineWidth: Double

    /// A shape node of `kind` with `fill` and an optional `stroke` `lineWidth` points wide.
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
    /// Which gauge or progress style draws it.
    public var kind: GaugeKind
    /// Fraction of the range, 0...1 (already clamped).
    public var fraction: Double
    /// Time-driven progress (`ProgressView(timerInterval:countsDown:)`): the fraction follows the clock.
    public var timerInterval: TimerProgress?
    /// The paint of the filled part.
    public var tint: Paint
    /// The paint of the unfilled track.
    public var track: Paint
    /// The view that names the gauge (`label:`); `.empty` when none.
    public var label: ViewNode
    /// The view showing the current value (`currentValueLabel:`); `.empty` when none.
    public var currentValueLabel: ViewNode
    /// The view at the range's low end (`minimumValueLabel:`); `.empty` when none.
    public var minimumValueLabel: ViewNode
    /// The view at the range's high end (`maximumValueLabel:`); `.empty` when none.
    public var maximumValueLabel: ViewNode
    /// `.rightToLeft` when the gauge stands in a right-to-left layout, so a linear bar fills from the right
    /// (set when layout mirrors the subtree); nil for left to right.
    public var layoutDirection: LayoutDirection?

    /// A gauge node of `kind` filled to `fraction` (0...1), drawn in `tint` over `track`; labels empty unless given.
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
    /// When the progress starts.
    public var start: Date
    /// When the progress ends.
    public var end: Date
    /// True when the bar empties over the interval; false when it fills.
    public var countsDown: Bool

    /// A progress running from `start` to `end`, emptying when `countsDown`.
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

    /// Insets of `top`, `leading`, `bottom` and `trailing` points.
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
    /// Where the content sits inside the frame when they differ in size.
    public var alignment: Alignment
    /// True for `.frame(width:height:)`, false for the min/ideal/max form.
    public var isFixed: Bool

    /// A frame spec; every length in points is nil (unconstrained) unless given, content centred.
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
    /// The subtree's layout direction changed (`.environment(\.layoutDirection, …)`, or a right-to-left
    /// `--locale` at the root): layout mirrors a right-to-left subtree horizontally.
    case layoutDirection(LayoutDirection)
    /// `.zIndex(_:)`: the subtree's place in its `ZStack`'s drawing order (higher in front). The stack orders its
    /// children by it when it resolves; layout and drawing pass through it.
    case zIndex(Double)
}

extension ViewNode {
    /// `node` marked with the layout direction of `changed` when it differs from that of `context`.
    @usableFromInline
    static func markingLayoutDirection(_ node: consuming ViewNode, from context: ResolveContext, to changed: ResolveContext) -> ViewNode {
        // `node` is taken, not copied: returned as it is, it is moved rather than retained and released.
        let direction = changed.environment.layoutDirection
        guard direction != context.environment.layoutDirection else { return node }
        if case .empty = node { return node }
        return .modified(node, .layoutDirection(direction))
    }
}
