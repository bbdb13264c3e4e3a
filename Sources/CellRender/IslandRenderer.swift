import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Live Activity presentations

/// Where a Live Activity is shown (HIG "Live Activities"; ActivityKit "Displaying live data with Live Activities").
public enum ActivityPresentation: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// One activity: leading and trailing views beside the camera.
    case compact
    /// Several activities: one attached to the island, one detached beside it.
    case minimal
    /// A touch and hold (or an alerting update): leading, trailing, center and bottom regions.
    case expanded
    /// The Lock Screen (and StandBy, and the banner on devices without a Dynamic Island).
    case lockScreen

    /// The raw value (`compact`, `minimal`, `expanded`, `lockScreen`), as printed in headings and the log.
    public var description: String { rawValue }

    /// The presentation a command-line word names (`compact`, `minimal`, `expanded`, `lockscreen`), any case.
    public init?(argument: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else { return nil }
        self = match
    }

    /// The command-line word for it.
    public var argument: String { rawValue.lowercased() }
}

/// The Dynamic Island and Lock Screen sizes of a device in cells, from its HIG metrics in points
/// (widgetkit-facts.md §1.6) and the cell metric (8 pt per column, 17 pt per row).
public struct IslandGeometry: Hashable, Sendable {
    /// The screen's width: the strip the island presentations are drawn in.
    public let screenColumns: Int
    /// Height of the compact and minimal island (36.67 pt).
    public let islandRows: Int
    /// Width of one compact slot, leading or trailing (62.33 pt on the 430 pt phone, 52.33 pt on the 393 pt one).
    public let compactSlotColumns: Int
    /// The compact island with content that fits its slots (250 pt, 230 pt).
    public let compactWidth: Int
    /// The middle of the island, where the TrueDepth camera is: the compact width less both slots.
    public let cameraColumns: Int
    /// The expanded island and the Lock Screen view (408 pt, 371 pt).
    public let expandedWidth: Int
    /// The widest a compact side grows to: the island stays centred on the camera and no wider than expanded.
    public let maximumCompactSideColumns: Int
    /// The minimal view's width range (36.67–45 pt).
    public let minimalColumns: ClosedRange<Int>
    /// The expanded and Lock Screen height range (84–160 pt).
    public let heightRows: ClosedRange<Int>

    /// The geometry of `device`; nil for a device without Live Activity metrics (iPads here).
    public init?(device: DeviceProfile, metric: CellMetric = .standard) {
        guard let island = device.island else { return nil }
        screenColumns = metric.columns(device.screen.width)
        islandRows = max(1, metric.rows(island.compactSlot.height))
        compactSlotColumns = metric.columns(island.compactSlot.width)
        compactWidth = metric.columns(island.overallCompactWidth)
        cameraColumns = max(1, compactWidth - 2 * compactSlotColumns)
        expandedWidth = metric.columns(island.expandedWidth)
        maximumCompactSideColumns = max(compactSlotColumns, (expandedWidth - cameraColumns) / 2)
        minimalColumns = metric.columns(island.minimalWidth.lowerBound)...metric.columns(island.minimalWidth.upperBound)
        heightRows = metric.rows(island.heightRange.lowerBound)...metric.rows(island.heightRange.upperBound)
    }

    /// The camera's first column: centred on the screen.
    public var cameraColumn: Int { (screenColumns - cameraColumns) / 2 }
}

/// What the island renderer needs besides the resolved activity.
public struct IslandRenderOptions: Sendable {
    /// The phone whose HIG sizes apply.
    public var device: DeviceProfile
    /// The Lock Screen's appearance and wallpaper (`surface`); the Dynamic Island always draws dark.
    public var style: PaintStyle
    /// The moment shown: formats timers and drives timer progress.
    public var date: Date
    /// Locale and time zone of system-formatted text.
    public var format: SystemTextFormat
    /// Points per column and row.
    public var metric: CellMetric

    /// Options for one render.
    public init(
        device: DeviceProfile = .default, style: PaintStyle, date: Date, format: SystemTextFormat = SystemTextFormat(),
        metric: CellMetric = .standard
    ) {
        self.device = device
        self.style = style
        self.date = date
        self.format = format
        self.metric = metric
    }

    /// The style the island is painted in: dark palette (white primary content), same wallpaper.
    public var islandStyle: PaintStyle {
        PaintStyle(colorScheme: .dark, palette: .dark, surface: style.surface, surfaceForBlending: style.surfaceForBlending)
    }
}

/// A rendered presentation: the frame plus where the island is and what its content asked for.
public struct IslandFrame: Sendable {
    /// The presentation rendered.
    public var presentation: ActivityPresentation
    /// The cells, tap regions, widget URLs and live regions.
    public var frame: Frame
    /// The island's cells (or the Lock Screen card's) in the frame.
    public var islandRect: CellRect
    /// Minimal with two activities: the detached island of the second one.
    public var detachedRect: CellRect?
    /// Compact: columns the leading and trailing content asked for (before clipping); minimal: the attached
    /// view's columns in `leadingColumns`.
    public var leadingColumns: Int = 0
    /// Compact: the columns the trailing content asked for.
    public var trailingColumns: Int = 0
    /// Compact: the width of each side of the camera after growing. Expanded: the width beside the camera.
    public var sideColumns: Int = 0
    /// Expanded and Lock Screen: the rows the content asked for (before the 84–160 pt clamp).
    public var contentRows: Int = 0
    /// True when content did not fit and was cut: compact wider than the expanded island, minimal wider than
    /// 45 pt, expanded or Lock Screen taller than 160 pt.
    public var isClipped = false
    /// The `widgetURL` of each activity shown, in the order of `activityRects`.
    public var activityURLs: [URL?] = []
    /// The cells of each activity shown (one, or two for the minimal pair).
    public var activityRects: [CellRect] = []

    /// The URL a tap at a cell opens when no link or control takes it: the `widgetURL` of the activity there.
    public func widgetURL(atColumn column: Int, row: Int) -> URL? {
        for (index, rect) in activityRects.enumerated() where rect.contains(column: column, row: row) {
            return activityURLs[index]
        }
        return nil
    }
}

/// Lays out and paints Live Activity presentations at the HIG sizes of the selected device (widgetkit-facts.md
/// §1.6): a black island with white content (the island always renders dark) and rounded ends, outlined thinly in
/// the keyline tint in the compact and minimal presentations when one is set; compact leading and trailing content
/// snug against the camera; the Lock Screen view on its background. docs/DECISIONS.md records the choices where the HIG is silent.
public enum IslandRenderer {
    /// The island's fill: black, as on the device.
    public static let islandColor = RGB(0, 0, 0)
    /// Default content margins of the expanded presentation, in points: content starts level with the camera,
    /// clear of the rounded sides and above the bottom edge (docs/DECISIONS.md).
    public static let defaultExpandedMargins = EdgeInsets(top: 0, leading: 16, bottom: 12, trailing: 16)

    /// Renders one presentation.
    /// - Parameters:
    ///   - activity: the resolved activity.
    ///   - presentation: which presentation.
    ///   - detached: minimal only: a second activity, shown detached beside the island.
    ///   - options: device, Lock Screen appearance, date and text format.
    /// - Returns: nil for an island presentation on a device without a Dynamic Island; the Lock Screen view (and the
    ///   banner it is on those devices) is drawn on every device.
    public static func render(
        _ activity: ResolvedActivity, presentation: ActivityPresentation, detached: ResolvedActivity? = nil,
        options: IslandRenderOptions
    ) -> IslandFrame? {
        var result: IslandFrame
        if presentation == .lockScreen {
            result = lockScreen(activity, options: options)
        } else {
            guard let geometry = IslandGeometry(device: options.device, metric: options.metric) else { return nil }
            switch presentation {
            case .compact: result = compact(activity.island, geometry: geometry, options: options)
            case .minimal: result = minimal(activity.island, detached: detached?.island, geometry: geometry, options: options)
            default: result = expanded(activity.island, geometry: geometry, options: options)
            }
        }
        let island = activity.island
        let shown: [ViewNode]
        switch presentation {
        case .compact: shown = [island.compactLeading, island.compactTrailing]
        case .minimal: shown = [island.minimal]
        case .expanded: shown = island.expandedRegions.map(\.content)
        case .lockScreen: shown = [activity.lockScreen]
        }
        var timers = shown.flatMap { TimerFrameCheck.diagnostics(in: $0, at: options.date) }
        if presentation == .compact || presentation == .minimal {
            timers += shown.flatMap {
                TimerFrameCheck.resizeDiagnostics(in: $0, at: options.date, presentation: presentation.argument)
            }
        }
        // Live Activities have no --os of their own in the options: the process's simulated iOS decides.
        let resolved = LiquidGlassChecks.applyingOSVersion(
            OSAvailability.iOSMajorVersion, to: activity.diagnostics + (detached?.diagnostics ?? []))
        result.frame.diagnostics = resolved + result.frame.diagnostics + timers
        return result
    }

    // MARK: Compact

    static func compact(_ island: ResolvedDynamicIsland, geometry: IslandGeometry, options: IslandRenderOptions) -> IslandFrame {
        let environment = layoutEnvironment(options, style: options.islandStyle)
        let margins = cellMargins(island.contentMargins[.compact]?.applied(to: EdgeInsets()) ?? EdgeInsets(), metric: options.metric)
        let rows = geometry.islandRows
        let contentRows = max(1, rows - margins.vertical)
        let maximum = geometry.maximumCompactSideColumns
        let proposal = ProposedCellSize(width: max(0, maximum - margins.horizontal), height: contentRows)
        let leading = CellLayout.size(of: island.compactLeading, for: proposal, environment: environment).width
        let trailing = CellLayout.size(of: island.compactTrailing, for: proposal, environment: environment).width
        let wanted = max(leading, trailing) + margins.horizontal
        let side = min(max(geometry.compactSlotColumns, wanted), maximum)
        let cameraX = geometry.cameraColumn
        let islandRect = CellRect(x: cameraX - side, y: 0, width: 2 * side + geometry.cameraColumns, height: rows)

        var painter = Painter(
            size: CellSize(width: geometry.screenColumns, height: rows), style: options.islandStyle,
            date: options.date, format: options.format)
        fillIsland(islandRect, painter: &painter)
        // Leading content ends at the camera, trailing content starts at it; each is cut at the island's edge.
        let leadingClip = CellRect(
            x: islandRect.x + margins.leading, y: margins.top, width: max(0, side - margins.horizontal), height: contentRows)
        let trailingClip = CellRect(
            x: cameraX + geometry.cameraColumns + margins.leading, y: margins.top,
            width: max(0, side - margins.horizontal), height: contentRows)
        painter.paint(
            place(
                island.compactLeading, size: CellSize(width: leading, height: contentRows),
                at: (leadingClip.maxX - leading, margins.top), clip: leadingClip, environment: environment))
        painter.paint(
            place(
                island.compactTrailing, size: CellSize(width: trailing, height: contentRows),
                at: (trailingClip.x, margins.top), clip: trailingClip, environment: environment))
        var frame = painter.frame
        drawEnds(of: islandRect, keyline: island.keylineTint, style: options.islandStyle, in: &frame.buffer)
        if let url = island.widgetURL { frame.widgetURLs.insert(url, at: 0) }
        var result = IslandFrame(presentation: .compact, frame: frame, islandRect: islandRect)
        result.leadingColumns = leading
        result.trailingColumns = trailing
        result.sideColumns = side
        result.isClipped = wanted > maximum
        result.activityURLs = [island.widgetURL]
        result.activityRects = [islandRect]
        return result
    }

    // MARK: Minimal

    static func minimal(
        _ island: ResolvedDynamicIsland, detached: ResolvedDynamicIsland?, geometry: IslandGeometry,
        options: IslandRenderOptions
    ) -> IslandFrame {
        let environment = layoutEnvironment(options, style: options.islandStyle)
        let rows = geometry.islandRows
        var painter = Painter(
            size: CellSize(width: geometry.screenColumns, height: rows), style: options.islandStyle,
            date: options.date, format: options.format)
        let cameraX = geometry.cameraColumn
        func measure(_ island: ResolvedDynamicIsland) -> (columns: Int, wanted: Int, margins: CellInsets) {
            let margins = cellMargins(island.contentMargins[.minimal]?.applied(to: EdgeInsets()) ?? EdgeInsets(), metric: options.metric)
            let proposal = ProposedCellSize(
                width: max(0, geometry.minimalColumns.upperBound - margins.horizontal),
                height: max(1, rows - margins.vertical))
            let wanted = CellLayout.size(of: island.minimal, for: proposal, environment: environment).width + margins.horizontal
            return (min(max(wanted, geometry.minimalColumns.lowerBound), geometry.minimalColumns.upperBound), wanted, margins)
        }
        func paintMinimal(_ island: ResolvedDynamicIsland, in slot: CellRect, margins: CellInsets) {
            let area = slot.inset(by: margins)
            painter.paint(place(island.minimal, size: area.size, at: (area.x, area.y), clip: area, environment: environment))
        }
        // The first activity attaches to the island's leading side; the camera part stays centred.
        let first = measure(island)
        let attachedSlot = CellRect(x: cameraX - first.columns, y: 0, width: first.columns, height: rows)
        let islandRect = CellRect(x: attachedSlot.x, y: 0, width: first.columns + geometry.cameraColumns, height: rows)
        fillIsland(islandRect, painter: &painter)
        paintMinimal(island, in: attachedSlot, margins: first.margins)
        var detachedRect: CellRect?
        var wantedMost = first.wanted
        if let detached {
            let second = measure(detached)
            let rect = CellRect(x: cameraX + geometry.cameraColumns + 1, y: 0, width: second.columns, height: rows)
            fillIsland(rect, painter: &painter)
            paintMinimal(detached, in: rect, margins: second.margins)
            detachedRect = rect
            wantedMost = max(wantedMost, second.wanted)
        }
        var frame = painter.frame
        drawEnds(of: islandRect, keyline: island.keylineTint, style: options.islandStyle, in: &frame.buffer)
        if let detachedRect { drawEnds(of: detachedRect, keyline: detached?.keylineTint, style: options.islandStyle, in: &frame.buffer) }
        frame.widgetURLs.insert(contentsOf: [island.widgetURL, detached?.widgetURL].compactMap { $0 }, at: 0)
        var result = IslandFrame(presentation: .minimal, frame: frame, islandRect: islandRect, detachedRect: detachedRect)
        result.leadingColumns = first.wanted
        result.isClipped = wantedMost > geometry.minimalColumns.upperBound
        result.activityURLs = [island.widgetURL] + (detached.map { [$0.widgetURL] } ?? [])
        result.activityRects = [islandRect] + (detachedRect.map { [$0] } ?? [])
        return result
    }

    // MARK: Expanded

    static func expanded(_ island: ResolvedDynamicIsland, geometry: IslandGeometry, options: IslandRenderOptions) -> IslandFrame {
        let environment = layoutEnvironment(options, style: options.islandStyle)
        let width = geometry.expandedWidth
        let islandX = (geometry.screenColumns - width) / 2
        let margins = cellMargins(
            island.contentMargins[.expanded]?.applied(to: defaultExpandedMargins) ?? defaultExpandedMargins,
            metric: options.metric)
        let maximumRows = geometry.heightRows.upperBound
        let content = CellRect(
            x: islandX + margins.leading, y: margins.top, width: max(0, width - margins.horizontal),
            height: max(0, maximumRows - margins.vertical))
        let cameraX = geometry.cameraColumn
        let belowCamera = margins.top + geometry.islandRows
        let beside = max(0, cameraX - content.x)

        func ideal(_ node: ViewNode, width: Int) -> CellSize {
            CellLayout.size(of: node, for: ProposedCellSize(width: width, height: nil), environment: environment)
        }
        func naturalWidth(_ node: ViewNode) -> Int {
            CellLayout.size(of: node, for: ProposedCellSize(width: nil, height: nil), environment: environment).width
        }
        var placements: [(ViewNode, CellRect)] = []
        // Leading and trailing sit beside the camera; `.belowIfTooWide` moves one below it when it does not fit there.
        var leadingRect = CellRect(x: content.x, y: content.y, width: 0, height: 0)
        var trailingRect = CellRect(x: content.maxX, y: content.y, width: 0, height: 0)
        for position in [DynamicIslandExpandedRegionPosition.leading, .trailing] {
            guard let region = island.region(position) else { continue }
            let tooWide = naturalWidth(region.content) > beside
            let movesBelow = tooWide && region.verticalPlacement == .belowIfTooWide
            let available = movesBelow ? content.width / 2 : beside
            let size = ideal(region.content, width: available)
            let regionWidth = min(size.width, available)
            let y = movesBelow ? belowCamera : content.y
            let rect =
                position == .leading
                ? CellRect(x: content.x, y: y, width: regionWidth, height: size.height)
                : CellRect(x: content.maxX - regionWidth, y: y, width: regionWidth, height: size.height)
            if position == .leading { leadingRect = rect } else { trailingRect = rect }
            placements.append((region.content, rect))
        }
        var bandBottom = max(leadingRect.maxY, trailingRect.maxY, content.y)
        if let center = island.region(.center) {
            // Below the camera, between what the leading and trailing regions take.
            let left = leadingRect.y < belowCamera + 1 ? leadingRect.maxX : content.x
            let right = trailingRect.y < belowCamera + 1 ? trailingRect.x : content.maxX
            let centerY = max(
                belowCamera, leadingRect.y > content.y ? leadingRect.maxY : belowCamera,
                trailingRect.y > content.y ? trailingRect.maxY : belowCamera)
            let available = max(0, right - left)
            let size = ideal(center.content, width: available)
            let rect = CellRect(x: left, y: centerY, width: available, height: size.height)
            placements.append((center.content, rect))
            bandBottom = max(bandBottom, rect.maxY)
        } else if island.region(.bottom) != nil {
            bandBottom = max(bandBottom, belowCamera)
        }
        var bottomMaxY = bandBottom
        if let bottom = island.region(.bottom) {
            let size = ideal(bottom.content, width: content.width)
            let rect = CellRect(x: content.x, y: bandBottom, width: content.width, height: size.height)
            placements.append((bottom.content, rect))
            bottomMaxY = rect.maxY
        }
        let wantedRows = bottomMaxY + margins.bottom
        let rows = min(max(wantedRows, geometry.heightRows.lowerBound), maximumRows)
        let islandRect = CellRect(x: islandX, y: 0, width: width, height: rows)
        let clip = CellRect(x: content.x, y: content.y, width: content.width, height: max(0, rows - margins.vertical))

        var painter = Painter(
            size: CellSize(width: geometry.screenColumns, height: rows), style: options.islandStyle,
            date: options.date, format: options.format)
        fillIsland(islandRect, painter: &painter)
        for (node, rect) in placements {
            painter.paint(place(node, size: rect.size, at: (rect.x, rect.y), clip: rect.intersection(clip), environment: environment))
        }
        var frame = painter.frame
        // The keyline tints the compact and minimal islands' border only; the expanded island keeps black ends.
        drawEnds(of: islandRect, keyline: nil, style: options.islandStyle, in: &frame.buffer)
        if let url = island.widgetURL { frame.widgetURLs.insert(url, at: 0) }
        var result = IslandFrame(presentation: .expanded, frame: frame, islandRect: islandRect)
        result.sideColumns = beside
        result.contentRows = wantedRows
        result.isClipped = wantedRows > maximumRows
        result.activityURLs = [island.widgetURL]
        result.activityRects = [islandRect]
        return result
    }

    // MARK: Lock Screen

    /// The Lock Screen background when the view sets no `activityBackgroundTint`: the grouped background of the
    /// appearance, opaque (docs/DECISIONS.md).
    public static let defaultLockScreenBackground = Color(storage: .system(.secondarySystemBackground))

    static func lockScreen(_ activity: ResolvedActivity, options: IslandRenderOptions) -> IslandFrame {
        let environment = layoutEnvironment(options, style: options.style)
        let device = options.device
        let width = options.metric.columns(device.lockScreenActivityWidth)
        let heightRows =
            options.metric.rows(
                device.lockScreenActivityHeight.lowerBound)...options.metric.rows(device.lockScreenActivityHeight.upperBound)
        let wanted = CellLayout.size(of: activity.lockScreen, for: ProposedCellSize(width: width, height: nil), environment: environment)
        let rows = min(max(wanted.height, heightRows.lowerBound), heightRows.upperBound)
        let card = CellRect(x: 0, y: 0, width: width, height: rows)
        var painter = Painter(size: card.size, style: options.style, date: options.date, format: options.format)
        let background = ViewNode.shape(
            ShapeNode(
                kind: .roundedRectangle(cornerRadius: 20),
                fill: .color(activity.backgroundTint ?? defaultLockScreenBackground)))
        painter.paint(CellLayout.layout(background, in: card.size, environment: environment))
        // Laid out at the height it asks for (at least 84 pt), then cut at 160 pt as the system truncates it.
        let laidOut = CellSize(width: width, height: max(wanted.height, rows))
        painter.paint(place(activity.lockScreen, size: laidOut, at: (0, 0), clip: card, environment: environment))
        painter.roundCorners(of: card, kind: .roundedRectangle(cornerRadius: 20))
        var result = IslandFrame(presentation: .lockScreen, frame: painter.frame, islandRect: card)
        result.contentRows = wanted.height
        result.isClipped = wanted.height > heightRows.upperBound
        result.activityURLs = [result.frame.widgetURLs.last]
        result.activityRects = [card]
        return result
    }

    // MARK: Drawing helpers

    static func layoutEnvironment(_ options: IslandRenderOptions, style: PaintStyle) -> LayoutEnvironment {
        LayoutEnvironment(
            metric: options.metric, date: options.date, format: options.format,
            symbolWidth: WidgetRenderer.symbolWidth(for: style))
    }

    /// Margins in points as cells: a non-zero horizontal margin is at least one column.
    static func cellMargins(_ insets: EdgeInsets, metric: CellMetric) -> CellInsets {
        CellInsets(
            top: metric.rows(insets.top), leading: metric.explicitColumns(max(insets.leading, 0)),
            bottom: metric.rows(insets.bottom), trailing: metric.explicitColumns(max(insets.trailing, 0)))
    }

    /// Lays `node` out in `size` cells with its top-leading corner at `origin`, drawn only inside `clip`.
    static func place(_ node: ViewNode, size: CellSize, at origin: (Int, Int), clip: CellRect, environment: LayoutEnvironment) -> PlacedNode
    {
        let placed = WidgetRenderer.translate(CellLayout.layout(node, in: size, environment: environment), x: origin.0, y: origin.1)
        return PlacedNode(content: .modifier(.clipShape(.rectangle)), frame: clip, children: [placed])
    }

    static func fillIsland(_ rect: CellRect, painter: inout Painter) {
        painter.paint(PlacedNode(content: .shape(ShapeNode(kind: .rectangle, fill: .color(.black))), frame: rect))
    }

    /// Rounds the island's four corner cells with black quadrant blocks where they are still empty, over what is
    /// outside the island; with a keyline tint (compact and minimal only: `keylineTint(_:)` tints "the surrounding
    /// border"), draws a thin outline in that tint around the island instead (`drawKeyline`).
    static func drawEnds(of rect: CellRect, keyline: Color?, style: PaintStyle, in buffer: inout CellBuffer) {
        guard rect.width >= 2, rect.height >= 1 else { return }
        if let keyline {
            let value = keyline.resolved(in: style.palette)
            let tint = style.surfaceForBlending.blended(with: RGB(red: value.red, green: value.green, blue: value.blue), alpha: value.alpha)
            drawKeyline(around: rect, tint: tint, style: style, in: &buffer)
            return
        }
        let left = rect.x, right = rect.maxX - 1, top = rect.y, bottom = rect.maxY - 1
        var corners: [(Int, Int, Glyph)] = [(left, top, "▐"), (right, top, "▌")]
        if rect.height > 1 {
            corners = [(left, top, "▗"), (right, top, "▖"), (left, bottom, "▝"), (right, bottom, "▘")]
        }
        for (column, row, glyph) in corners where buffer.contains(column: column, row: row) {
            let cell = buffer[column, row]
            guard cell.glyph == " ", !cell.isContinuation else { continue }
            buffer[column, row] = Cell(glyph: glyph, foreground: islandColor, background: style.surface)
        }
    }

    /// The keyline: light box-drawing lines in `tint` along the island's edge cells that content left empty, with
    /// rounded corners over what is outside the island (`╭╮╰╯`), straight edges on the island's black (`─`, `│`);
    /// a one-row island gets round ends (`(`, `)`). A line, never a filled cell: the island stays black inside
    /// (docs/DECISIONS.md, "The keyline is an outline").
    static func drawKeyline(around rect: CellRect, tint: RGB, style: PaintStyle, in buffer: inout CellBuffer) {
        let left = rect.x, right = rect.maxX - 1, top = rect.y, bottom = rect.maxY - 1
        func draw(_ glyph: Glyph, _ column: Int, _ row: Int, outside: Bool) {
            guard buffer.contains(column: column, row: row) else { return }
            let cell = buffer[column, row]
            guard cell.glyph == " ", !cell.isContinuation else { return }
            buffer[column, row] = Cell(glyph: glyph, foreground: tint, background: outside ? style.surface : islandColor)
        }
        guard rect.height > 1 else {
            draw("(", left, top, outside: true)
            draw(")", right, top, outside: true)
            for column in (left + 1)..<right { draw("─", column, top, outside: false) }
            return
        }
        draw("╭", left, top, outside: true)
        draw("╮", right, top, outside: true)
        draw("╰", left, bottom, outside: true)
        draw("╯", right, bottom, outside: true)
        for column in (left + 1)..<right {
            draw("─", column, top, outside: false)
            draw("─", column, bottom, outside: false)
        }
        for row in (top + 1)..<bottom {
            draw("│", left, row, outside: false)
            draw("│", right, row, outside: false)
        }
    }
}
