import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - Composing the screen

/// A widget card on the stage: a caption above the widget, drawn on a tile of its wallpaper.
struct StageCard {
    var kind: String
    var family: WidgetFamily
    var appearance: WidgetAppearance
    var caption: String
    var detail: String?
    var frame: Frame
    var isFocused: Bool

    /// Wallpaper around the frame: one cell on each side.
    static let margin = 1

    /// Columns the card takes: the tile, or the caption when wider.
    var width: Int { max(frame.size.width + 2 * Self.margin, DisplayWidth.of(caption) + 2) }
    /// Rows: the caption, then the tile.
    var height: Int { 1 + frame.size.height + 2 * Self.margin }
}

extension PreviewApp {
    /// Columns between cards and rows between lines of cards.
    static let cardGap = 2

    /// The whole screen at `now`, as cells; records where each widget frame landed (for clicks).
    func compose(at now: Date) -> CellBuffer {
        let size = terminal.size
        var canvas = Canvas(width: size.width, height: size.height)
        placements.removeAll()
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            drawTooSmall(&canvas)
            return canvas.buffer
        }
        let hintRows = KeyBindings.hintRows(width: size.width, maxRows: size.height >= 24 ? 2 : 1)
        let statusRow = size.height - 1 - hintRows.count
        let bodyTop = 1
        let bodyHeight = statusRow - bodyTop
        let stage: CellRect
        let side: CellRect
        if size.width >= 100 {
            let sideWidth = min(48, max(34, size.width / 3))
            stage = CellRect(x: 0, y: bodyTop, width: size.width - sideWidth - 1, height: bodyHeight)
            side = CellRect(x: size.width - sideWidth, y: bodyTop, width: sideWidth, height: bodyHeight)
            for row in bodyTop..<(bodyTop + bodyHeight) { canvas.write("│", column: stage.maxX, row: row, style: Chrome.caption) }
        } else {
            // The island screen needs its rows more than the log: at 24 rows the log keeps 5.
            let logHeight = islands.isShown && size.height < 32 ? 5 : max(5, min(9, bodyHeight / 3))
            stage = CellRect(x: 0, y: bodyTop, width: size.width, height: bodyHeight - logHeight)
            side = CellRect(x: 0, y: bodyTop + bodyHeight - logHeight, width: size.width, height: logHeight)
        }
        if islands.isShown {
            drawIslands(&canvas, in: stage, at: now)
        } else if controlScreen.isShown {
            drawControls(&canvas, in: stage)
        } else if surface != nil {
            drawSurface(&canvas, in: stage, at: now)
        } else {
            drawStage(&canvas, in: stage, at: now)
        }
        drawHeader(&canvas, width: size.width)
        drawSidePane(&canvas, in: side)
        drawStatusBar(&canvas, row: statusRow, at: now)
        for (index, hints) in hintRows.enumerated() { drawHints(hints, on: &canvas, row: statusRow + 1 + index) }
        drawDocumentBanner(&canvas, width: size.width)
        if editSheet.isShown { drawEditSheet(&canvas) }
        if showsHelp { drawHelp(&canvas) }
        return canvas.buffer
    }

    // MARK: Stage

    /// The cards of the current screen, the focused one marked.
    func stageCards(at now: Date) -> [StageCard] {
        guard let widget = currentWidget, let focused = focusedFamily else { return [] }
        let hitRulesOS = configuration.osVersion
        func card(_ family: WidgetFamily, _ appearance: WidgetAppearance, caption: String, isFocused: Bool) -> StageCard {
            let instance = instance(of: widget, family: family)
            let (frame, isNew) = cardFrame(of: instance, appearance: appearance, at: now)
            let scope = "\(widget.kind)/\(family)/\(appearance.key)"
            if isNew {
                for resolved in frame.diagnostics {
                    log.append(
                        Diagnostic(resolved, widget: widget.kind, family: family, mode: appearance.mode, theme: appearance.theme.name),
                        at: now, scope: scope, once: true)
                }
            }
            if isFocused {
                let tester = HitTester(frame: frame, widget: widget.kind, family: family, osVersion: hitRulesOS)
                for diagnostic in tester.diagnostics {
                    log.append(diagnostic, at: now, scope: "\(widget.kind)/\(family)/iOS\(hitRulesOS)", once: true)
                }
            }
            var details: [String] = []
            if instance.intentsInFlight > 0 { details.append("intent running…") }
            if instance.pendingToggle != nil { details.append("toggle pending") }
            if context != .timeline {
                details.append("\(context.rawValue) context")
            } else if let note = instance.placeholderNote(at: now) {
                details.append(note)
            }
            return StageCard(
                kind: widget.kind, family: family, appearance: appearance, caption: caption,
                detail: details.isEmpty ? nil : details.joined(separator: ", "),
                frame: frame, isFocused: isFocused)
        }
        switch screen {
        case .gallery:
            let appearance = galleryAppearance
            return families(of: widget).map { family in
                card(family, appearance, caption: family.rawValue, isFocused: family == focused)
            }
        case .matrix:
            return WidgetRenderingMode.allCases.map { cardMode in
                let appearance = matrixAppearance(cardMode, family: focused)
                return card(focused, appearance, caption: "\(cardMode.rawValue) · \(appearance.theme.name)", isFocused: cardMode == mode)
            }
        }
    }

    /// Where each card goes on the stage's canvas (before scrolling): a flow, left to right then down, for the
    /// gallery; for the matrix, side by side when all three fit, else stacked.
    static func layout(_ sizes: [CellSize], width: Int, keepsRowsWhole: Bool) -> (origins: [CellPosition], height: Int) {
        var origins: [CellPosition] = []
        if keepsRowsWhole {
            let total = sizes.reduce(0) { $0 + $1.width } + cardGap * max(sizes.count - 1, 0)
            var x = 0, y = 0
            for size in sizes {
                if total <= width {
                    origins.append(CellPosition(column: x, row: 0))
                    x += size.width + cardGap
                } else {
                    origins.append(CellPosition(column: 0, row: y))
                    y += size.height + 1
                }
            }
            let height = total <= width ? (sizes.map(\.height).max() ?? 0) : max(y - 1, 0)
            return (origins, height)
        }
        var x = 0, y = 0, lineHeight = 0
        for size in sizes {
            if x > 0 && x + size.width > width {
                x = 0
                y += lineHeight + 1
                lineHeight = 0
            }
            origins.append(CellPosition(column: x, row: y))
            x += size.width + cardGap
            lineHeight = max(lineHeight, size.height)
        }
        return (origins, y + lineHeight)
    }

    func drawStage(_ canvas: inout Canvas, in stage: CellRect, at now: Date) {
        let cards = stageCards(at: now)
        guard !cards.isEmpty else {
            let message =
                currentWidget.map { "\($0.kind) has no family that \(configuration.device.name) shows; try --device ipad-1024" }
                ?? "no widgets to show"
            canvas.write(message, column: stage.x + 1, row: stage.y + 1, maxWidth: stage.width - 2, style: Chrome.caption)
            return
        }
        let inner = CellRect(x: stage.x + 1, y: stage.y, width: max(stage.width - 2, 1), height: stage.height)
        let (origins, contentHeight) = Self.layout(
            cards.map { CellSize(width: $0.width, height: $0.height) }, width: inner.width,
            keepsRowsWhole: screen == .matrix)
        if followsFocus, let focusedIndex = cards.firstIndex(where: \.isFocused) {
            let top = origins[focusedIndex].row
            let bottom = top + cards[focusedIndex].height
            if top < scrollOffset { scrollOffset = top }
            if bottom > scrollOffset + inner.height { scrollOffset = min(top, bottom - inner.height) }
        }
        scrollOffset = min(max(scrollOffset, 0), max(contentHeight - inner.height, 0))

        for (index, card) in cards.enumerated() {
            let x = inner.x + origins[index].column
            let y = inner.y + origins[index].row - scrollOffset
            let captionStyle = card.isFocused ? Chrome.focusedCaption : Chrome.caption
            if y >= inner.y && y < inner.maxY {
                // The caption line ends before the next card on the same row, with `…` when cut: written to the
                // stage's edge, its tail showed after the next card's caption ("accessoryRectangularg the placeholder").
                let next = origins.indices.contains(index + 1) && origins[index + 1].row == origins[index].row ? origins[index + 1] : nil
                let room = max((next.map { inner.x + $0.column - 1 } ?? inner.maxX) - x, 0)
                let captionRoom = min(card.width + 20, room)
                let used = canvas.write(
                    TextFitting.truncate((card.isFocused ? "▸ " : "  ") + card.caption, to: captionRoom), column: x, row: y,
                    maxWidth: captionRoom, style: captionStyle)
                if let detail = card.detail, room > used {
                    canvas.write(
                        TextFitting.truncate(" · " + detail, to: room - used), column: x + used, row: y, maxWidth: room - used,
                        style: Chrome.caption)
                }
            }
            let tile = CellRect(
                x: x, y: y + 1, width: card.frame.size.width + 2 * StageCard.margin,
                height: card.frame.size.height + 2 * StageCard.margin)
            canvas.fill(tile.intersection(inner), background: card.appearance.backdrop)
            let origin = CellPosition(column: x + StageCard.margin, row: y + 1 + StageCard.margin)
            canvas.draw(card.frame.buffer, column: origin.column, row: origin.row, clip: inner)
            let frameRect = CellRect(x: origin.column, y: origin.row, width: card.frame.size.width, height: card.frame.size.height)
            placements.place(
                Placement(kind: card.kind, family: card.family, appearance: card.appearance, frame: card.frame),
                origin: origin, visible: frameRect.intersection(inner))
            if card.isFocused { drawSelection(&canvas, card: card, origin: origin, clip: inner) }
        }
        if scrollOffset > 0 {
            canvas.write(" ▲ more: PgUp ", column: max(inner.maxX - 14, inner.x), row: inner.y, style: Chrome.barMuted)
        }
        if contentHeight - scrollOffset > inner.height {
            canvas.write(" ▼ more: PgDn ", column: max(inner.maxX - 14, inner.x), row: inner.maxY - 1, style: Chrome.barMuted)
        }
    }

    /// The highlighted tap target and the touch cursor of the focused card.
    func drawSelection(_ canvas: inout Canvas, card: StageCard, origin: CellPosition, clip: CellRect) {
        if let index = targetIndex {
            let tester = HitTester(
                frame: card.frame, widget: currentWidget?.kind ?? "", family: card.family, osVersion: configuration.osVersion)
            if index < tester.targets.count {
                let rect = tester.targets[index].rect
                let onScreen = CellRect(x: origin.column + rect.x, y: origin.row + rect.y, width: rect.width, height: rect.height)
                canvas.restyle(onScreen.intersection(clip), foreground: Chrome.targetHighlightText, background: Chrome.targetHighlight)
            }
        }
        // The touch cursor shows when no target is highlighted (Tab puts it on the target's centre, hidden).
        if targetIndex == nil, let cursor {
            let cell = CellRect(x: origin.column + cursor.column, y: origin.row + cursor.row, width: 1, height: 1)
            if card.frame.buffer.contains(column: cursor.column, row: cursor.row) {
                canvas.restyle(cell.intersection(clip), foreground: Chrome.cursorText, background: Chrome.cursor, adding: .bold)
            }
        }
    }

    // MARK: Chrome

    func drawHeader(_ canvas: inout Canvas, width: Int) {
        canvas.fill(CellRect(x: 0, y: 0, width: width, height: 1), background: Chrome.barBackground)
        var x = canvas.write(
            " WidgetTerm ", column: 0, row: 0,
            style: TextStyle(
                foreground: Chrome.accent, background: Chrome.barBackground,
                attributes: .bold))
        for candidate in [Screen.gallery, .matrix] {
            let label = candidate == .gallery ? " Gallery " : " Mode matrix "
            let style =
                candidate == screen && !islands.isShown
                ? TextStyle(foreground: RGB(0, 0, 0), background: Chrome.barText, attributes: .bold) : Chrome.barMuted
            x += canvas.write(label, column: x, row: 0, style: style)
        }
        if islands.isShown {
            drawIslandHeader(&canvas, width: width, x: x)
            return
        }
        if controlScreen.isShown {
            // The controls screen's own subject, not the widget behind it.
            let title =
                controlScreen.selectedControl.map {
                    "  Control Center  \($0.displayName) (\($0.kind))  \(controlScreen.selected + 1)/\(controlScreen.controls.count)"
                } ?? "  Control Center  no controls"
            canvas.write(title, column: x, row: 0, maxWidth: width - x, style: Chrome.bar)
            return
        }
        guard let widget = currentWidget else { return }
        let title = "  \(widget.displayName) (\(widget.kind))  \(widgetIndex + 1)/\(configuration.widgets.count)"
        x += canvas.write(title, column: x, row: 0, maxWidth: width - x, style: Chrome.bar)
        if let focused = focusedHitTester(at: HostClock.now) {
            let count = focused.tester.targets.count
            let ignored = focused.tester.ignoredTargets.count
            var text = count == 1 ? "1 tap target" : "\(count) tap targets"
            // A widgetURL makes the whole widget a tap target outside its links and controls (Tab does not stop on
            // it): say so, or a widget whose only tap is its widgetURL reads "0 tap targets".
            if focused.tester.widgetURL != nil { text = "widgetURL + " + text }
            if ignored > 0 { text += ", \(ignored) ignored" }
            text += " "
            let textWidth = DisplayWidth.of(text)
            if x + textWidth + 2 <= width { canvas.write(text, column: width - textWidth, row: 0, style: Chrome.barMuted) }
        }
    }

    /// The header on the island screen: the activities running and the tap targets on screen (each compact or
    /// minimal island one per activity in it, and every link and control of the expanded and Lock Screen views).
    func drawIslandHeader(_ canvas: inout Canvas, width: Int, x start: Int) {
        var x = start
        x += canvas.write("  Live Activities  \(islands.runningSummary)", column: x, row: 0, maxWidth: width - x, style: Chrome.bar)
        let islandTargets = islands.panels.regions.filter { $0.content.presentation == .compact || $0.content.presentation == .minimal }
            .reduce(0) { $0 + $1.content.island.activityRects.count }
        let count = islandTargets + islands.targets(osVersion: configuration.osVersion).count
        let text = (count == 1 ? "1 tap target" : "\(count) tap targets") + " "
        let textWidth = DisplayWidth.of(text)
        if x + textWidth + 2 <= width { canvas.write(text, column: width - textWidth, row: 0, style: Chrome.barMuted) }
    }

    /// Lines the event log keeps (below its title) when the side pane has the rows: the App panel gives its rows up
    /// first (DECISIONS "The event log at 80 × 24").
    static let minimumLogLines = 3

    /// The side pane: the timeline (when it has the rows), the App panel, the event log. Under the stage (narrow
    /// screens) rows are short: the App panel keeps its title and what is left after the log's title and
    /// `minimumLogLines` lines, down to one row (`App  opened …`), and drops the blank row above the log.
    func drawSidePane(_ canvas: inout Canvas, in rect: CellRect) {
        guard rect.height >= 3 else { return }
        let contentWidth = rect.width - 1
        var row = rect.y
        row = drawTimelinePanel(&canvas, in: rect, at: HostClock.now)
        let panel = appPanel.isEmpty ? ["nothing opened yet: Tab to a target and Enter, or click a widget"] : appPanel
        var panelLines = panel.flatMap { TextFitting.wrap($0, width: contentWidth - 1, indent: "  ") }
        let panelLimit = rect.width >= 100 ? 8 : (rect.height >= 12 ? 6 : 2)
        if panelLines.count > panelLimit { panelLines = Array(panelLines.prefix(panelLimit)) }
        // The rows the App panel may take, its title and the blank row below it included.
        let appRows = rect.maxY - row - 1 - Self.minimumLogLines
        if appRows >= panelLines.count + 2 {
            canvas.write("App", column: rect.x + 1, row: row, style: Chrome.title)
            row += 1
            for line in panelLines where row < rect.maxY - 1 {
                canvas.write(line, column: rect.x + 1, row: row, maxWidth: contentWidth, style: .plain)
                row += 1
            }
            row += 1
        } else if appRows >= 2 {
            canvas.write("App", column: rect.x + 1, row: row, style: Chrome.title)
            row += 1
            for line in panelLines.prefix(appRows - 1) {
                canvas.write(line, column: rect.x + 1, row: row, maxWidth: contentWidth, style: .plain)
                row += 1
            }
        } else if appRows == 1 {
            let title = canvas.write("App  ", column: rect.x + 1, row: row, style: Chrome.title)
            let first = TextFitting.truncate(panel.first ?? "", to: contentWidth - title)
            canvas.write(first, column: rect.x + 1 + title, row: row, maxWidth: contentWidth - title, style: .plain)
            row += 1
        }
        guard row < rect.maxY else { return }
        canvas.write("Event log", column: rect.x + 1, row: row, style: Chrome.title)
        row += 1
        for (line, style) in logLines(rows: rect.maxY - row, width: contentWidth - 1) {
            canvas.write(line, column: rect.x + 1, row: row, maxWidth: contentWidth, style: style)
            row += 1
        }
    }

    /// The event log's newest entries in `rows` lines of `width` columns, oldest first, each wrapped whole (later
    /// lines indented): an entry never shows without its first line (time and kind). The oldest entry shown is cut
    /// after the lines that fit, its last one ending in `…`.
    func logLines(rows: Int, width: Int) -> [(String, TextStyle)] {
        guard rows > 0 else { return [] }
        var lines: [(String, TextStyle)] = []
        for entry in log.entries.reversed() {
            let tag = entry.kind == .diagnostic ? "diag" : entry.kind.rawValue
            let prefix = "\(logTimeFormatter.string(from: entry.date)) \(tag.padding(toLength: 6, withPad: " ", startingAt: 0)) "
            let style = Self.style(of: entry)
            var wrapped = TextFitting.wrap(prefix + entry.text, width: width, indent: "  ")
            let room = rows - lines.count
            if wrapped.count > room {
                wrapped = Array(wrapped.prefix(room))
                if let last = wrapped.last { wrapped[wrapped.count - 1] = TextFitting.truncate(last + " …", to: width) }
            }
            lines.insert(contentsOf: wrapped.map { ($0, style) }, at: 0)
            if lines.count >= rows { break }
        }
        return lines
    }

    static func style(of entry: EventLog.Entry) -> TextStyle {
        switch entry.kind {
        case .tap: return TextStyle(foreground: Chrome.panelTitle)
        case .route, .app: return TextStyle(foreground: Chrome.success)
        case .intent: return TextStyle(foreground: Chrome.intent)
        case .reload: return TextStyle(foreground: Chrome.reload)
        case .clock: return TextStyle(foreground: Chrome.accent)
        case .info: return TextStyle(foreground: Chrome.dim)
        case .diagnostic:
            switch entry.severity ?? .note {
            case .error: return TextStyle(foreground: Chrome.error)
            case .warning: return TextStyle(foreground: Chrome.warning)
            case .note: return TextStyle(foreground: Chrome.dim)
            }
        }
    }

    /// Widget, family, mode, theme, device, OS version, clock and speed; more compact when the terminal is
    /// narrow (thin separators, then the time without the date), so the clock and speed always show.
    func drawStatusBar(_ canvas: inout Canvas, row: Int, at now: Date) {
        canvas.fill(CellRect(x: 0, y: row, width: canvas.width, height: 1), background: Chrome.barBackground)
        let (subject, family) = statusSubject
        let shownTheme = focusedCard?.appearance.theme.name ?? theme.name
        let clockState = HostClock.isPaused ? "paused" : Self.speedText(HostClock.speed)
        let date = clockFormatter.string(from: now)
        func fields(label: Bool, fullDate: Bool) -> [(String, String)] {
            [
                ("", subject), ("", family), ("", mode.rawValue), (label ? "theme " : "", shownTheme),
                ("", configuration.device.name), ("", "iOS \(configuration.osVersion)"),
                ("", fullDate ? date : String(date.suffix(8))), ("", clockState),
            ]
        }
        let layouts: [(fields: [(String, String)], separator: String)] = [
            (fields(label: true, fullDate: true), " │ "), (fields(label: false, fullDate: true), "│"),
            (fields(label: false, fullDate: false), "│"),
        ]
        func width(_ layout: (fields: [(String, String)], separator: String)) -> Int {
            layout.fields.reduce(0) { $0 + DisplayWidth.of($1.0) + DisplayWidth.of($1.1) }
                + DisplayWidth.of(layout.separator) * (layout.fields.count - 1)
        }
        let chosen = layouts.first { width($0) <= canvas.width - 2 } ?? layouts[layouts.count - 1]
        var x = 1
        for (index, (label, value)) in chosen.fields.enumerated() {
            if index > 0 { x += canvas.write(chosen.separator, column: x, row: row, style: Chrome.barMuted) }
            if !label.isEmpty { x += canvas.write(label, column: x, row: row, style: Chrome.barMuted) }
            x += canvas.write(value, column: x, row: row, style: index == 0 ? Chrome.barKey : Chrome.bar)
        }
    }

    /// The status bar's first two fields: on the island screen (or without widgets, a Live Activity document) the Live
    /// Activity it shows or starts and `Live Activity`; else the focused widget and family; with neither, `no widgets`.
    var statusSubject: (String, String) {
        if islands.isShown || currentWidget == nil {
            if let running = islands.focusedRunning { return (running.descriptor.kind, "Live Activity") }
            if islands.activities.indices.contains(islands.selectedKind) {
                return (islands.activities[islands.selectedKind].kind, "Live Activity")
            }
        }
        if let widget = currentWidget { return (widget.kind, focusedFamily?.rawValue ?? "no family") }
        return ("no widgets", configuration.controls.isEmpty ? "nothing to show" : "controls only: C")
    }

    func drawHints(_ hints: [(String, String)], on canvas: inout Canvas, row: Int) {
        var x = 1
        for (keys, meaning) in hints {
            x += canvas.write(keys, column: x, row: row, style: Chrome.hintKey)
            x += canvas.write(" " + meaning + "  ", column: x, row: row, style: Chrome.hint)
        }
    }

    func drawHelp(_ canvas: inout Canvas) {
        let entries = KeyBindings.helpLines
        let keyWidth = (entries.map { DisplayWidth.of($0.0) }.max() ?? 0) + 2
        let width = min(canvas.width - 2, 100)
        let textWidth = max(width - keyWidth - 4, 10)
        // Long descriptions wrap under themselves; each row remembers the entry (the key) it belongs to.
        let entryRows: [(entry: Int, keys: String, help: String)] = entries.enumerated().flatMap { entry, item in
            TextFitting.wrap(item.1, width: textWidth).enumerated().map { (entry, $0.offset == 0 ? item.0 : "", $0.element) }
        }
        let rows = entryRows.map { ($0.keys, $0.help) }
        let height = min(canvas.height - 2, rows.count + 4)
        let box = CellRect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        let visibleRows = max(height - 4, 1)
        helpScroll = min(helpScroll, max(rows.count - visibleRows, 0))
        let scrolls = rows.count > visibleRows
        canvas.fill(box, background: Chrome.helpBackground)
        // The title counts keys (entries), not the rows their wrapped descriptions take: the first and last key whose
        // first row is drawn (rows from `box.y + 2` to `box.maxY - 2`, the last beside `▼ more`).
        let shown = entryRows[min(helpScroll, rows.count)..<min(helpScroll + max(height - 3, 0), rows.count)]
        let firstKey = (shown.first?.entry ?? 0) + (shown.first?.keys.isEmpty == false ? 1 : 2)
        let lastKey = shown.last { !$0.keys.isEmpty }.map { $0.entry + 1 } ?? firstKey
        let title =
            scrolls
            ? "Keys \(min(firstKey, lastKey))–\(lastKey) of \(entries.count) — ↑↓ PgUp PgDn scroll, other keys close"
            : "Keys — any key closes"
        canvas.border(box, title: title, style: TextStyle(foreground: Chrome.helpBorder, background: Chrome.helpBackground))
        let marker = TextStyle(foreground: Chrome.accent, background: Chrome.helpBackground, attributes: .bold)
        var row = box.y + 2
        for (keys, help) in rows.dropFirst(helpScroll) where row < box.maxY - 1 {
            canvas.write(
                keys, column: box.x + 2, row: row, maxWidth: keyWidth,
                style: TextStyle(foreground: Chrome.accent, background: Chrome.helpBackground, attributes: .bold))
            canvas.write(
                help, column: box.x + 2 + keyWidth, row: row, maxWidth: textWidth,
                style: TextStyle(foreground: Chrome.barText, background: Chrome.helpBackground))
            row += 1
        }
        // The markers go over the text: a long help line at the fold must not hide them.
        if helpScroll > 0 { canvas.write("▲ more", column: box.maxX - 9, row: box.y + 1, style: marker) }
        if helpScroll + visibleRows < rows.count { canvas.write("▼ more", column: box.maxX - 9, row: box.maxY - 2, style: marker) }
    }

    func drawTooSmall(_ canvas: inout Canvas) {
        let lines = [
            "Terminal too small: \(canvas.width)×\(canvas.height)",
            "WidgetTerm needs at least \(Self.minimumSize.width)×\(Self.minimumSize.height).",
            "Enlarge the window, or press q to quit.",
        ]
        let top = max((canvas.height - lines.count) / 2, 0)
        for (index, line) in lines.enumerated() where top + index < canvas.height {
            let text = TextFitting.truncate(line, to: canvas.width)
            let x = max((canvas.width - DisplayWidth.of(text)) / 2, 0)
            canvas.write(
                text, column: x, row: top + index, style: index == 0 ? TextStyle(foreground: Chrome.warning, attributes: .bold) : .plain)
        }
    }
}
