import Foundation
import WidgetKitUI

// MARK: - Layout environment

/// What layout needs from outside the tree: the cell metric, the moment the entry is shown (to
/// measure system-formatted text), and the renderer's glyph widths for SF Symbols.
public struct LayoutEnvironment: Sendable {
    /// How points convert to cells (frames, paddings and spacings written in points).
    public var metric: CellMetric
    /// The moment the entry is shown, for measuring live and system-formatted text (timers, relative dates).
    public var date: Date
    /// The locale and time zone system-formatted text is measured in.
    public var format: SystemTextFormat
    /// Columns an SF Symbol's glyph takes (supplied by the renderer, which owns the glyph table).
    public var symbolWidth: @Sendable (String) -> Int
    /// True to measure and break text in points before placing it on cells (a widget's own text); false counts
    /// glyph columns only: the layout unit tests' stack arithmetic, and WidgetTerm's rendition of a system
    /// message, which must show every character rather than a line condensed behind `⋯`.
    public var measuresTextInPoints = true

    /// Creates an environment; by default the standard metric, `en_US` in the current time zone, and one
    /// column for every SF Symbol.
    public init(
        metric: CellMetric = .standard, date: Date, format: SystemTextFormat = SystemTextFormat(),
        symbolWidth: @escaping @Sendable (String) -> Int = { _ in 1 }
    ) {
        self.metric = metric
        self.date = date
        self.format = format
        self.symbolWidth = symbolWidth
    }
}

// MARK: - Placed tree

/// A laid-out node: what it draws and the frame it got, in cells, relative to the layout's origin.
public struct PlacedNode: Sendable {
    /// What a placed node draws or means.
    ///
    /// An image's, a shape's and a gauge's payloads (108, 184 and 307 bytes) are boxed (`indirect`): held inline they
    /// made every placed node 360 bytes, written, moved into its parent's children and read again for each node of the
    /// tree; boxed, a node takes half that, for one allocation per image, shape or gauge (docs/DECISIONS.md "Frame
    /// cost, thirteenth pass (layout output)").
    public enum Content: Sendable {
        case none
        case text(TextNode, lines: TextLines)
        indirect case image(ImageNode)
        indirect case shape(ShapeNode)
        case divider(Paint, axis: StackAxis)
        indirect case gauge(GaugeNode)
        /// A modifier over `children[0]`; for background and overlay, `children[1]` is the extra view.
        case modifier(NodeModifier)
    }

    /// What the node draws, or the modifier it applies to its children.
    public var content: Content { didSet { kind = ContentKind.of(content) } }
    /// The case of `content` as one byte, kept with it: the painter switches on it without copying the content (a
    /// switch over `content` read through a pointer copies it, retaining its payload, for every node).
    package private(set) var kind: ContentKind
    /// The node's frame in cells, relative to the layout's origin.
    public var frame: CellRect
    /// The placed children, in drawing order (for a modifier, `children[0]` is the modified view).
    public var children: [PlacedNode]
    /// How the node was placed across: where a text's glyphs sit in its frame when they take fewer columns than the
    /// cells its points need, as on iOS the text's frame, which its glyphs fill, sits where it was placed.
    public var anchor: TextAnchor

    /// Creates a placed node drawing `content` in `frame`, with `children` (none by default), placed at `anchor`
    /// (`.leading` by default).
    public init(content: Content, frame: CellRect, children: [PlacedNode] = [], anchor: TextAnchor = .leading) {
        self.init(content: content, kind: ContentKind.of(content), frame: frame, children: children, anchor: anchor)
    }

    /// `init(content:frame:children:anchor:)` given the case of `content` (layout knows it as it places the node; working
    /// it out from `content` copies the content).
    package init(content: Content, kind: ContentKind, frame: CellRect, children: [PlacedNode] = [], anchor: TextAnchor = .leading) {
        assert(kind == ContentKind.of(content), "PlacedNode: kind \(kind) given for other content")
        self.content = content
        self.kind = kind
        self.frame = frame
        self.children = children
        self.anchor = anchor
    }

    /// The case of a `Content`, with a modifier's case: what the painter dispatches on.
    package enum ContentKind: UInt8, Sendable {
        case none, text, image, shape, divider, gauge
        case background, overlay, opacity, clipShape, widgetURL, tapTarget, invalidatableContent, layoutDirection, hidden
        case widgetAccentable, otherModifier

        /// The case of `content` (a function, whose argument is borrowed: an initializer's would be copied).
        static func of(_ content: Content) -> ContentKind {
            switch content {
            case .none: return .none
            case .text: return .text
            case .image: return .image
            case .shape: return .shape
            case .divider: return .divider
            case .gauge: return .gauge
            case .modifier(let modifier): return of(modifier)
            }
        }

        /// The case of a node whose content is `.modifier(modifier)`.
        package static func of(_ modifier: NodeModifier) -> ContentKind {
            switch modifier {
            case .background: return .background
            case .overlay: return .overlay
            case .opacity: return .opacity
            case .clipShape: return .clipShape
            case .widgetURL: return .widgetURL
            case .tapTarget: return .tapTarget
            case .invalidatableContent: return .invalidatableContent
            case .layoutDirection: return .layoutDirection
            case .hidden: return .hidden
            case .widgetAccentable: return .widgetAccentable
            default: return .otherModifier
            }
        }
    }

    /// Visits this node and every descendant, parents first.
    public func forEach(_ body: (PlacedNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
    }
}

/// How a view was placed across its container, which says where a text's glyphs sit in its frame when they take
/// fewer columns than it (`PlacedNode.anchor`): the horizontal alignment of the nearest `frame(width:…alignment:)`,
/// `VStack`, `ZStack`, overlay or background that placed it (a padding, offset or `frame(height:)` hands on its own, and
/// so does a stack or a frame without a fixed `width:` that is as wide as the child: it left the child no room to move);
/// in an `HStack`, which places its children one after another, the side its spacers pushed its group of children to
/// (trailing after a `Spacer`, leading before one, the middle between two), a centred group's first child keeping to
/// the next and its last to the one before; centred for the root, which is centred in its rectangle; else leading.
/// Once placed, leading
/// is the frame's left edge: a right-to-left layout swaps leading and trailing when it mirrors the node. Apple:
/// "multilineTextAlignment" (a text view is as wide as its widest line; to align a whole text view, align its
/// container, like a `VStack` or frame) and "frame(width:height:alignment:)" (the alignment of the view in its frame).
public enum TextAnchor: Equatable, Sendable {
    /// At the frame's leading (once placed, left) edge.
    case leading
    /// In the middle of the frame. `frameRoundedDown` is true when the frame itself was centred with an odd cell
    /// left over, which layout puts after it: an odd free column in the frame then goes before the glyphs, so the
    /// two half cells cancel and the glyphs sit where centring them in the container would put them.
    case center(frameRoundedDown: Bool)
    /// At the frame's trailing (once placed, right) edge.
    case trailing

    /// The anchor of a frame placed at `alignment` with `free` columns of its container left over.
    public init(_ alignment: HorizontalAlignment, free: Int) {
        switch alignment {
        case .leading: self = .leading
        case .center: self = .center(frameRoundedDown: free > 0 && free % 2 == 1)
        case .trailing: self = .trailing
        }
    }

    /// The anchor after mirroring (`PlacedNode.mirror(within:)`): leading and trailing swap, and a centred text's odd
    /// free column changes side (rounded down becomes rounded up and back), so its glyphs land on the mirror image of
    /// the cells they took: `offset(free:)` of the mirrored anchor is `free` minus the original's.
    var mirrored: TextAnchor {
        switch self {
        case .leading: return .trailing
        case .center(let frameRoundedDown): return .center(frameRoundedDown: !frameRoundedDown)
        case .trailing: return .leading
        }
    }

    /// The columns before glyphs `free` columns narrower than their frame (0 when `free` is not positive).
    public func offset(free: Int) -> Int {
        switch self {
        case .leading: return 0
        case .center(let frameRoundedDown):
            // Layout centres rounding down; after a frame rounded down, the glyphs take the odd column before them.
            let roundedDown = LayoutMath.offset(free: free, HorizontalAlignment.center.fraction)
            return frameRoundedDown && free > 0 ? free - roundedDown : roundedDown
        case .trailing: return LayoutMath.offset(free: free, HorizontalAlignment.trailing.fraction)
        }
    }
}

// MARK: - Layout

/// SwiftUI's layout algorithm on an integer cell grid: a parent proposes a size, the child answers
/// with its size, the parent places it. Stacks share space by layout priority, then by flexibility.
public enum CellLayout {
    /// Lays out `node` in a rectangle of `size` cells placed at (0, 0).
    public static func layout(_ node: ViewNode, in size: CellSize, environment: LayoutEnvironment) -> PlacedNode {
        var tree = LayoutTree(environment: environment)
        tree.add(root: node)
        let proposal = ProposedCellSize(size)
        let fitted = tree.size(of: LayoutTree.root, for: proposal)
        let x = (size.width - fitted.width) / 2, y = (size.height - fitted.height) / 2
        // The root is centred in the rectangle, as a hosting view centres its root: so are a root text's glyphs.
        return tree.place(
            LayoutTree.root, in: CellRect(x: x, y: y, width: fitted.width, height: fitted.height), proposal: proposal,
            anchor: TextAnchor(.center, free: size.width - fitted.width))
    }

    /// The size `node` takes when offered `proposal`.
    public static func size(of node: ViewNode, for proposal: ProposedCellSize, environment: LayoutEnvironment) -> CellSize {
        var tree = LayoutTree(environment: environment)
        tree.add(root: node)
        return tree.size(of: LayoutTree.root, for: proposal)
    }
}

/// One node of a `LayoutTree`: a view or a modifier, as plain data.
///
/// Its children are the consecutive nodes `firstChild ..< firstChild + childCount` of the tree; what it
/// draws (text, shape...) lives in the tree's side tables, so measuring a node copies no reference (only
/// text that has to wrap reads its shaper).
struct LayoutNode {
    enum Kind {
        case empty
        /// `index` is the text's entry in the tree's `texts`.
        case text(index: Int)
        /// `index` is the image's entry in the tree's `images` and `imageSizes`.
        case image(index: Int)
        case shape(index: Int)
        case spacer(minimum: Int, axis: StackAxis?)
        case divider(index: Int, axis: StackAxis)
        /// The gaps between consecutive children are the children's `spacingAfter`.
        case stack(StackAxis, Alignment)
        case gauge(index: Int, GaugeKind, hasLabel: Bool, hasValues: Bool)
        case padding(CellInsets)
        case frame(index: Int, Alignment)
        case background(Alignment)
        case overlay(Alignment)
        case fixedSize(horizontal: Bool, vertical: Bool)
        case aspectRatio(Double?, ContentMode)
        case offset(x: Int, y: Int)
        /// A modifier that does not change layout (opacity, tap target, layout priority...).
        case decoration(index: Int)
        /// `ViewThatFits`: shows the first child whose ideal size fits on the constrained axes, else the last.
        case firstFitting(horizontal: Bool, vertical: Bool)
    }

    /// What measuring a text needs, copied out of its shaper so the common cases cost no retain.
    struct TextMetrics {
        /// Index into the tree's `texts`.
        var index: Int
        var naturalWidth: Int
        /// The widest line in points when nothing wraps.
        var naturalPointWidth: Double
        /// The cells `naturalPointWidth` takes (`TextShaper.cells(forPoints:pointsPerColumn:)`), 0 when text counts
        /// glyph columns only: worked out once, not on every measure.
        var naturalPointCells: Int
        /// True when the text has graphemes and no explicit line break.
        var isSingleLine: Bool
        var isEmpty: Bool
        var isGreedy: Bool
        var isLive: Bool
        var reservedWidth: Int
        var lineLimit: Int?
        var truncationMode: Text.TruncationMode
    }

    /// What an image measures: `size` is nil for a resizable image (it takes what it is offered); `ideal` is what
    /// a resizable image takes when offered nothing (an asset image's point size), nil for the old 2 × 1.
    struct ImageSize {
        var size: CellSize?
        var ideal: CellSize?
    }

    /// A text of the tree: its node, its shaper, and what measuring it needs, in one entry (one array to allocate).
    struct LaidText {
        var metrics: TextMetrics
        var node: TextNode
        var shaper: TextShaper
    }

    /// A frame converted to cells.
    struct CellFrame {
        var width: Int?, height: Int?
        var minWidth: Int?, idealWidth: Int?, maxWidth: Int?
        var minHeight: Int?, idealHeight: Int?, maxHeight: Int?

        /// True for `.frame(width:height:)` (no minimum, ideal or maximum given).
        var isFixed: Bool {
            minWidth == nil && maxWidth == nil && minHeight == nil && maxHeight == nil && idealWidth == nil && idealHeight == nil
        }
    }

    // Stored in an order that packs them (declared order is layout order): the 32-bit indices fill the bytes after
    // `kind` (33 bytes) and the flags and cache counters those after `assignedProposal` (25), so a node takes 144
    // bytes, not 184: fewer cache lines written per node built and read per node measured.
    var kind: Kind
    private var storedFirstChild: Int32 = 0
    private var storedChildCount: Int32 = 0
    private var storedCacheStart: Int32 = -1
    /// In a stack, the cells between this child and the next (0 for the last): kept in the node rather than in an array
    /// of the tree's, which would cost an allocation per layout.
    var spacingAfter = 0
    var priority: Double = 0
    /// What the parent stack proposed to this node and the size it answered, for the proposal the parent
    /// last distributed (the parent's `stackChildrenProposal`).
    var assignedProposal = ProposedCellSize.ideal
    /// A spacer, or a spacer under modifiers that keep it one (padding, fixed size, offset, decoration).
    var isSpacer = false
    private var storedCacheCount: UInt8 = 0
    private var storedCacheNext: UInt8 = 0
    var assignedSize = CellSize.zero
    /// For a stack: the proposal its children's `assignedProposal` and `assignedSize` were computed for.
    var stackChildrenProposal: ProposedCellSize?

    /// The index of the first child in the tree's nodes.
    var firstChild: Int {
        get { Int(storedFirstChild) }
        set { storedFirstChild = Int32(newValue) }
    }
    var childCount: Int {
        get { Int(storedChildCount) }
        set { storedChildCount = Int32(newValue) }
    }
    /// First of this node's slots in the tree's size cache (-1: the node does not cache).
    var cacheStart: Int {
        get { Int(storedCacheStart) }
        set { storedCacheStart = Int32(newValue) }
    }
    /// Slots used (at most `LayoutTree.cacheSlots`).
    var cacheCount: Int {
        get { Int(storedCacheCount) }
        set { storedCacheCount = UInt8(newValue) }
    }
    /// The slot replaced next once all are used.
    var cacheNext: Int {
        get { Int(storedCacheNext) }
        set { storedCacheNext = UInt8(newValue) }
    }

    init(kind: Kind) {
        self.kind = kind
    }

    /// Records what the parent stack proposed and the size answered, in one write to the tree's array.
    mutating func assign(_ proposal: ProposedCellSize, size: CellSize) {
        assignedProposal = proposal
        assignedSize = size
    }

    var children: Range<Int> { firstChild..<firstChild + childCount }

    var isEmptyContent: Bool {
        if case .empty = kind { return true }
        return false
    }

    /// Spacing between two stack children in cells: explicit spacing converted (a non-zero horizontal
    /// value is at least one column), else the system's 8 pt, and none next to a spacer.
    static func spacing(_ stack: StackNode, afterSpacer: Bool, beforeSpacer: Bool, metric: CellMetric) -> Int {
        if let spacing = stack.spacing {
            return stack.axis == .horizontal ? metric.explicitColumns(spacing) : metric.signedRows(spacing)
        }
        if afterSpacer || beforeSpacer { return 0 }
        return stack.axis == .horizontal ? metric.columns(8) : metric.rows(8)
    }
}

/// The main axis of a horizontal or vertical stack, and the length it was offered across it.
struct StackAxes {
    let horizontal: Bool
    let cross: Int?

    /// A proposal of `length` along the main axis and the stack's own offer across it.
    func offer(_ length: Int?) -> ProposedCellSize {
        horizontal ? ProposedCellSize(width: length, height: cross) : ProposedCellSize(width: cross, height: length)
    }

    func along(_ size: CellSize) -> Int { horizontal ? size.width : size.height }
    func across(_ size: CellSize) -> Int { horizontal ? size.height : size.width }
}

/// The layout tree of one `ViewNode`, built once per layout: a flat array of value-type nodes, each
/// node's children stored next to each other, with one shared environment and one size cache.
///
/// Every size is a pure function of the node and the proposal, so caching never changes a result; it
/// only spares stacks from measuring a subtree again for a proposal they already asked about.
struct LayoutTree {
    /// The index of the root node.
    static let root = 0
    /// Size cache slots per caching node (stacks and texts): a stack child typically sees its parent's
    /// three proposals (nothing, everything, its share), times those of an enclosing stack.
    static let cacheSlots = 8

    struct CachedSize {
        var proposal: ProposedCellSize
        var size: CellSize
    }

    /// The nodes, read and written in place, the side tables and the size cache (`LayoutNodeTable`).
    var nodes = LayoutNodeTable()
    let environment: LayoutEnvironment
    // Side tables, indexed from node kinds, in the nodes' block. Payloads live here rather than in `LayoutNode.Kind`,
    // so the kind stays a few words and switching over a node copies no large payload.
    var texts: LayoutNodeTable.Table<LayoutNode.LaidText> { nodes.block.texts }
    var images: LayoutNodeTable.Table<ImageNode> { nodes.block.images }
    var imageSizes: LayoutNodeTable.Table<LayoutNode.ImageSize> { nodes.block.imageSizes }
    var shapes: LayoutNodeTable.Table<ShapeNode> { nodes.block.shapes }
    var paints: LayoutNodeTable.Table<Paint> { nodes.block.paints }
    var gauges: LayoutNodeTable.Table<GaugeNode> { nodes.block.gauges }
    var frames: LayoutNodeTable.Table<LayoutNode.CellFrame> { nodes.block.frames }
    var modifiers: LayoutNodeTable.Table<NodeModifier> { nodes.block.modifiers }
    /// Nodes given slots in the size cache so far (the cache is allocated once the tree is built).
    var cachingNodes = 0
    /// The graphemes of every text of the tree, appended as each is shaped: one array (one allocation, or a few
    /// growths for a text-heavy view) rather than one a text; each placed line is a range of it (`graphemes(of:)`).
    /// The shapers are not handed it (`TextShaper.share(_:)`) unless a text wraps: ten references taken and dropped a
    /// frame for nothing.
    var graphemes: [StyledGrapheme] = []
    /// The room `graphemes` gets when the first text is shaped: what a widget's texts usually need (the benchmark
    /// frame's take 60), without a growth.
    static let initialGraphemeCapacity = 128

    /// An empty tree; `add(root:)` fills it.
    init(environment: LayoutEnvironment) {
        self.environment = environment
    }

    /// Builds the tree of `root` (node 0) and allocates its size cache; called once, on an empty tree.
    mutating func add(root: ViewNode) {
        _ = nodes.append(count: 1)
        build(root, into: Self.root, parentAxis: nil)
        nodes.allocateCache(slots: cachingNodes * Self.cacheSlots)
    }

    /// All the graphemes of text `index` (an entry of `texts`), a range of the tree's array.
    func graphemes(of index: Int) -> StyledGraphemes {
        StyledGraphemes(storage: graphemes, range: texts[index].shaper.graphemeRange)
    }

    /// The shaper of text `index`, holding the tree's graphemes: for breaking its lines.
    func shaper(of index: Int) -> TextShaper {
        var shaper = texts[index].shaper
        shaper.share(graphemes)
        return shaper
    }

    // MARK: Arithmetic

    /// A computed length in cells, clamped to 0...unbounded (an extreme aspect ratio must not overflow `Int`).
    static func cellCount(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? ProposedCellSize.unbounded : 0 }
        return Int(min(max(value.rounded(), 0), Double(ProposedCellSize.unbounded)))
    }

    static func aligned(_ size: CellSize, in rect: CellRect, _ alignment: Alignment) -> (x: Int, y: Int) {
        (
            rect.x + LayoutMath.offset(free: rect.width - size.width, alignment.horizontal.fraction),
            rect.y + LayoutMath.offset(free: rect.height - size.height, alignment.vertical.fraction)
        )
    }
}

/// Small integer helpers shared by layout and paint.
package enum LayoutMath {
    /// The cells before content `free` cells smaller than its container, at `fraction` of the free space (0 leading or
    /// top, 0.5 centre, 1 trailing or bottom), rounded down; 0 when `free` is not positive.
    package static func offset(free: Int, _ fraction: Double) -> Int {
        guard free > 0 else { return 0 }
        return Int((Double(free) * fraction).rounded(.down))
    }
}
