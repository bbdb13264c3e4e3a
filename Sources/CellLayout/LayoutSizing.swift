import Foundation
import WidgetKitUI

extension LayoutTree {
    // MARK: Sizing

    /// The size node `index` takes for `proposal`.
    mutating func size(of index: Int, for proposal: ProposedCellSize) -> CellSize {
        switch nodes[index].kind {
        case .empty:
            return .zero
        case .text(let text):
            return textSize(text, of: index, for: proposal)
        case .image(let image):
            let size = imageSizes[image].size, ideal = imageSizes[image].ideal
            return size ?? CellSize(width: proposal.width ?? ideal?.width ?? 2, height: proposal.height ?? ideal?.height ?? 1)
        case .shape:
            return CellSize(width: proposal.width ?? 1, height: proposal.height ?? 1)
        case .spacer(let minimum, let axis):
            switch axis {
            case .horizontal: return CellSize(width: max(minimum, proposal.width ?? minimum), height: 0)
            case .vertical: return CellSize(width: 0, height: max(minimum, proposal.height ?? minimum))
            default: return CellSize(width: proposal.width ?? 0, height: proposal.height ?? 0)
            }
        case .divider(_, let axis):
            return axis == .horizontal
                ? CellSize(width: 1, height: proposal.height ?? 1)
                : CellSize(width: proposal.width ?? 1, height: 1)
        case .stack:
            if let cached = cachedSize(of: index, for: proposal) { return cached }
            let size = stackLayout(index, proposal: proposal)
            remember(size, of: index, for: proposal)
            return size
        case .gauge(_, let kind, let hasLabel, let hasValues):
            switch kind {
            case .accessoryCircular, .accessoryCircularCapacity, .progressCircular:
                // The ring of an accessoryCircular family: 76 pt square, at most what is offered.
                let side = environment.metric.cells(width: 76, height: 76)
                return CellSize(
                    width: min(proposal.width ?? side.width, side.width),
                    height: min(proposal.height ?? side.height, side.height))
            case .accessoryLinear, .accessoryLinearCapacity, .linearCapacity, .progressLinear:
                let width = proposal.width.map { min($0, ProposedCellSize.unbounded) } ?? 10
                return CellSize(width: width, height: 1 + (hasLabel ? 1 : 0) + (hasValues ? 1 : 0))
            }
        case .padding(let insets):
            let size = size(of: nodes[index].firstChild, for: Self.paddingChildProposal(insets, proposal))
            return CellSize(width: max(0, size.width + insets.horizontal), height: max(0, size.height + insets.vertical))
        case .frame(let frame, _):
            return frameSize(frames[frame], child: nodes[index].firstChild, proposal: proposal)
        case .background, .overlay, .decoration, .offset:
            return size(of: nodes[index].firstChild, for: proposal)
        case .firstFitting(let horizontal, let vertical):
            return size(of: fittingChild(of: index, horizontal: horizontal, vertical: vertical, proposal: proposal), for: proposal)
        case .fixedSize(let horizontal, let vertical):
            return size(
                of: nodes[index].firstChild,
                for: ProposedCellSize(
                    width: horizontal ? nil : proposal.width,
                    height: vertical ? nil : proposal.height))
        case .aspectRatio(let ratio, let mode):
            let child = nodes[index].firstChild
            return size(of: child, for: aspectChildProposal(ratio: ratio, mode: mode, child: child, proposal: proposal))
        }
    }

    /// A size node `index` answered before for `proposal`.
    func cachedSize(of index: Int, for proposal: ProposedCellSize) -> CellSize? {
        let start = nodes[index].cacheStart
        for slot in start..<start + nodes[index].cacheCount {
            let cached = nodes.cache(at: slot)
            if cached.proposal == proposal { return cached.size }
        }
        return nil
    }

    /// Records an answer of node `index`, replacing the oldest when its slots are full.
    mutating func remember(_ size: CellSize, of index: Int, for proposal: ProposedCellSize) {
        let start = nodes[index].cacheStart
        let slot: Int
        if nodes[index].cacheCount < Self.cacheSlots {
            slot = nodes[index].cacheCount
            nodes[index].cacheCount += 1
        } else {
            slot = nodes[index].cacheNext
            nodes[index].cacheNext = (slot + 1) % Self.cacheSlots
        }
        nodes.setCache(CachedSize(proposal: proposal, size: size), at: start + slot)
    }

    /// A text's size: its widest line by its line count, the lines broken where the points offered run out. A line
    /// takes the larger of its glyphs' columns and the cells its points need (its run's font, bold widths for a bold
    /// run), so a text proposed its own width keeps its lines (docs/DECISIONS.md "A line takes the cells its points
    /// need"); a greedy timer takes the width offered, a live text on one line its reserved width. Only texts that
    /// wrap use the cache.
    mutating func textSize(_ textIndex: Int, of index: Int, for proposal: ProposedCellSize) -> CellSize {
        let text = texts[textIndex].metrics
        if text.isGreedy, let width = proposal.width, width < ProposedCellSize.unbounded {
            return CellSize(width: width, height: 1)
        }
        var width: Int, lineCount: Int
        let limit = Self.textWidth(proposal) ?? Int.max
        if text.isEmpty {
            (width, lineCount) = (0, 0)
        } else if limit <= 0 {
            (width, lineCount) = (0, 1) // one empty, truncated line
        } else if fitsUnbroken(text, limit: limit) {
            (width, lineCount) = (max(text.naturalWidth, text.naturalPointCells), 1)
        } else if let cached = cachedSize(of: index, for: proposal) {
            (width, lineCount) = (cached.width, cached.height)
        } else {
            let lines = textLines(text, proposal: proposal)
            width = 0
            let pointsPerColumn = pointsPerColumn
            for line in lines { width = max(width, Self.cells(of: line, pointsPerColumn: pointsPerColumn)) }
            lineCount = lines.count
            remember(CellSize(width: width, height: lineCount), of: index, for: proposal)
        }
        if text.isLive, lineCount == 1 {
            width = max(width, min(text.reservedWidth, proposal.width ?? text.reservedWidth))
        }
        return CellSize(width: width, height: lineCount)
    }

    /// The cells a line takes: its glyphs' columns, or the cells its points need (`TextShaper.cells(forPoints:)`)
    /// when that is more and text is measured in points.
    static func cells(of line: TextLine, pointsPerColumn: Double?) -> Int {
        guard let pointsPerColumn else { return line.width }
        let points = line.graphemes.reduce(0.0) { $0 + $1.advance }
        return max(line.width, TextShaper.cells(forPoints: points, pointsPerColumn: pointsPerColumn))
    }

    /// Points per column for measuring text, nil when text counts glyph columns only (`measuresTextInPoints`).
    var pointsPerColumn: Double? { environment.measuresTextInPoints ? environment.metric.pointsPerColumn : nil }

    /// True when a text's one line fits `limit` columns (in points too, rounded to cells, when text is measured in
    /// points) as it is: the shaper would return it unbroken, so its size is its natural size and its lines are that
    /// one line.
    func fitsUnbroken(_ text: LayoutNode.TextMetrics, limit: Int) -> Bool {
        !text.isEmpty && limit > 0 && text.isSingleLine && limit >= text.naturalWidth
            && (limit == Int.max || text.naturalPointCells <= limit)
    }

    /// The wrapping width a text gets for `proposal` (nil: no wrapping).
    static func textWidth(_ proposal: ProposedCellSize) -> Int? {
        proposal.width.flatMap { $0 >= ProposedCellSize.unbounded ? nil : $0 }
    }

    /// The lines of a text for `proposal`: wrapped to its width, at most as many as its rows and line limit.
    func textLines(_ text: LayoutNode.TextMetrics, proposal: ProposedCellSize) -> TextLines {
        // The common case, without asking the shaper to break lines: what it would return for one line that fits (kept
        // inline, no array of one line allocated).
        if fitsUnbroken(text, limit: Self.textWidth(proposal) ?? Int.max) {
            return TextLines(TextLine(graphemes: graphemes(of: text.index), isTruncated: false))
        }
        var maxLines = text.lineLimit
        if let height = proposal.height, height < ProposedCellSize.unbounded {
            maxLines = min(maxLines ?? Int.max, max(height, 1))
        }
        return TextLines(
            shaper(of: text.index).lines(
                width: Self.textWidth(proposal), pointsPerColumn: pointsPerColumn, maxLines: maxLines,
                truncationMode: text.truncationMode))
    }

    static func paddingChildProposal(_ insets: CellInsets, _ proposal: ProposedCellSize) -> ProposedCellSize {
        ProposedCellSize(
            width: proposal.width.map { max(0, $0 - insets.horizontal) },
            height: proposal.height.map { max(0, $0 - insets.vertical) })
    }

    /// What a frame proposes to its child for `proposal`.
    static func frameChildProposal(_ frame: LayoutNode.CellFrame, proposal: ProposedCellSize) -> ProposedCellSize {
        if frame.isFixed {
            return ProposedCellSize(width: frame.width ?? proposal.width, height: frame.height ?? proposal.height)
        }
        var childProposal = ProposedCellSize(width: proposal.width ?? frame.idealWidth, height: proposal.height ?? frame.idealHeight)
        if let width = childProposal.width {
            childProposal.width = min(max(width, frame.minWidth ?? width), frame.maxWidth ?? Int.max)
        }
        if let height = childProposal.height {
            childProposal.height = min(max(height, frame.minHeight ?? height), frame.maxHeight ?? Int.max)
        }
        return childProposal
    }

    mutating func frameSize(_ frame: LayoutNode.CellFrame, child: Int, proposal: ProposedCellSize) -> CellSize {
        if frame.isFixed {
            if let width = frame.width, let height = frame.height { return CellSize(width: width, height: height) }
            let size = size(of: child, for: Self.frameChildProposal(frame, proposal: proposal))
            return CellSize(width: frame.width ?? size.width, height: frame.height ?? size.height)
        }
        /// One axis of a flexible frame: the child's length, or the proposal clamped to the frame's bounds.
        func axis(_ proposed: Int?, minimum: Int?, ideal: Int?, maximum: Int?, childLength: Int) -> Int {
            if minimum == nil && maximum == nil { return childLength }
            let reference = proposed ?? ideal ?? childLength
            let lower = minimum ?? min(childLength, maximum ?? childLength)
            let upper = maximum ?? max(childLength, minimum ?? childLength)
            return min(max(reference, lower), max(upper, lower))
        }
        let childSize = size(of: child, for: Self.frameChildProposal(frame, proposal: proposal))
        let width = axis(
            proposal.width, minimum: frame.minWidth, ideal: frame.idealWidth, maximum: frame.maxWidth, childLength: childSize.width)
        let height = axis(
            proposal.height, minimum: frame.minHeight, ideal: frame.idealHeight, maximum: frame.maxHeight,
            childLength: childSize.height)
        return CellSize(width: width, height: height)
    }

    /// Width over height of an asset image's pixels, when `index` is one: `.aspectRatio` without a ratio keeps
    /// the picture's exact proportions rather than those of its size rounded to cells.
    func pictureRatio(of index: Int) -> Double? {
        guard case .image(let image) = nodes[index].kind else { return nil }
        guard case .catalog(let bitmap) = images[image].source, bitmap.pixelHeight > 0 else { return nil }
        return Double(bitmap.pixelWidth) / Double(bitmap.pixelHeight)
    }

    /// What `.aspectRatio` proposes to its child: the largest (fit) or smallest (fill) size of the ratio.
    mutating func aspectChildProposal(ratio: Double?, mode: ContentMode, child: Int, proposal: ProposedCellSize) -> ProposedCellSize {
        let metric = environment.metric
        let ideal = size(of: child, for: .ideal)
        // Ratio in points (width / height), converted to cells (columns per row).
        let idealRatio =
            ideal.height > 0 ? Double(ideal.width) * metric.pointsPerColumn / (Double(ideal.height) * metric.pointsPerRow) : 1
        let pointRatio = ratio ?? pictureRatio(of: child) ?? idealRatio
        let cellRatio = min(max(pointRatio * metric.pointsPerRow / metric.pointsPerColumn, 1e-6), 1e6)
        guard let width = proposal.width, let height = proposal.height,
            width < ProposedCellSize.unbounded, height < ProposedCellSize.unbounded
        else {
            if let width = proposal.width, width < ProposedCellSize.unbounded {
                return ProposedCellSize(width: width, height: Self.cellCount(Double(width) / cellRatio))
            }
            if let height = proposal.height, height < ProposedCellSize.unbounded {
                return ProposedCellSize(width: Self.cellCount(Double(height) * cellRatio), height: height)
            }
            return ProposedCellSize(ideal)
        }
        let fitsByWidth = Double(width) / cellRatio <= Double(height)
        let useWidth = mode == .fit ? fitsByWidth : !fitsByWidth
        return useWidth
            ? ProposedCellSize(width: width, height: Self.cellCount(Double(width) / cellRatio))
            : ProposedCellSize(width: Self.cellCount(Double(height) * cellRatio), height: height)
    }

    /// The child `ViewThatFits` node `index` shows for `proposal`: the first whose ideal size (unconstrained on
    /// the axes it checks) fits the offer on those axes, else the last, as SwiftUI's `ViewThatFits` chooses.
    mutating func fittingChild(of index: Int, horizontal: Bool, vertical: Bool, proposal: ProposedCellSize) -> Int {
        let children = nodes[index].children
        for child in children {
            let ideal = size(
                of: child, for: ProposedCellSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height))
            let fitsWidth = !horizontal || proposal.width.map { ideal.width <= $0 } ?? true
            let fitsHeight = !vertical || proposal.height.map { ideal.height <= $0 } ?? true
            if fitsWidth && fitsHeight { return child }
        }
        return children.upperBound - 1
    }
}
