import Foundation
import CellLayout
import CellRender
import WidgetDocument
import WidgetHost
import WidgetKitUI

// MARK: - StandBy and Smart Stack in the preview (`S`, `R`)

/// A system surface the preview's stage shows instead of the widget cards: StandBy by day or at night (`S`
/// cycles day, night, off), or the Home Screen Smart Stack (`R`), as `widgetterm standby` and `smartstack` draw
/// them.
public enum PreviewSurface: Equatable, Sendable {
    /// StandBy: the focused widget's `systemSmall` and the next small widget, side by side on black; by day full
    /// colour with container backgrounds removed, at night vibrant in the red tint.
    case standBy(night: Bool)
    /// The Smart Stack of every small widget: the one on top at the clock by relevance, why, and the next rotations.
    case smartStack
    /// CarPlay (iOS 26): the focused small widget and the next two side by side on the dashboard, painted as
    /// `widgetterm carplay` paints them (full colour, dark, container backgrounds removed: StandBy's day painting), and
    /// below them the Live Activity the island screen focuses.
    case carPlay
}

/// The screen under a surface (StandBy, the Smart Stack, CarPlay), shown again when it closes.
enum ScreenUnderSurface: Equatable {
    /// The Live Activity screen (`i`).
    case islands
    /// The control screen (`C`).
    case controls
}

extension PreviewApp {
    /// Widgets StandBy and the Smart Stack can show: those with `systemSmall`, in bundle order.
    var smallWidgets: [WidgetDescriptor] {
        configuration.widgets.filter { !$0.isActivity && $0.supportedFamilies.contains(.systemSmall) }
    }

    /// `S`: StandBy by day, then at night, then back to the widgets.
    func cycleStandBy() {
        let now = HostClock.now
        switch surface {
        case .standBy(night: false): changeSurface(to: .standBy(night: true))
        case .standBy(night: true): changeSurface(to: nil)
        default: changeSurface(to: .standBy(night: false))
        }
        switch surface {
        case .standBy(let night):
            log.append(.info, night ? "StandBy at night: vibrant, red tint" : "StandBy: full colour, backgrounds removed", at: now)
            // StandBy shows small widgets only: say why the focused widget is not among them rather than show others silently.
            if !night, let current = currentWidget, !current.isActivity, !smallWidgets.isEmpty,
                !smallWidgets.contains(where: { $0.kind == current.kind })
            {
                log.append(.info, "StandBy shows systemSmall widgets; \(current.kind) has no systemSmall", at: now)
            }
        default: log.append(.info, "StandBy closed", at: now)
        }
    }

    /// `R`: the Smart Stack and back to the screen it was opened from.
    func toggleSmartStack() {
        changeSurface(to: surface == .smartStack ? nil : .smartStack)
        log.append(
            .info, surface == .smartStack ? "Smart Stack: rotated by relevance at the clock" : "Smart Stack closed", at: HostClock.now)
    }

    /// `A`: CarPlay and back to the screen it was opened from.
    func toggleCarPlay() {
        changeSurface(to: surface == .carPlay ? nil : .carPlay)
        log.append(
            .info, surface == .carPlay ? "CarPlay: small widgets on the dashboard, backgrounds removed" : "CarPlay closed",
            at: HostClock.now)
    }

    /// Shows `next` (nil: no surface). Opening a surface hides the island or control screen and remembers it; closing
    /// the surface shows that screen again (README: a surface's key "again: back"), so `i`, `A`, `A` ends on `i`.
    func changeSurface(to next: PreviewSurface?) {
        if surface == nil, next != nil {
            screenUnderSurface = islands.isShown ? .islands : (controlScreen.isShown ? .controls : nil)
            islands.isShown = false
            controlScreen.isShown = false
        } else if surface != nil, next == nil {
            islands.isShown = screenUnderSurface == .islands
            controlScreen.isShown = screenUnderSurface == .controls
            screenUnderSurface = nil
        }
        surface = next
        scrollOffset = 0
    }

    /// The StandBy frame of `widget`: its `systemSmall` at the clock, painted as StandBy paints it.
    func standByFrame(_ widget: WidgetDescriptor, night: Bool, at now: Date) -> Frame {
        let instance = instance(of: widget, family: .systemSmall)
        let (surface, builtIn) = Surfaces.standBy(night: night)
        let theme = Theme.builtIn(builtIn)
        let appearance = WidgetAppearance(mode: surface.mode, theme: theme)
        var options = instance.options(for: appearance, at: now)
        options.style.surface = RGB(0, 0, 0)
        options.style.surfaceForBlending = RGB(0, 0, 0)
        options.removesContainerBackground = surface.removesContainerBackground
        // The timeline the card already fetched, archived once per fetch as the cards are: fetching again each frame
        // would spend the reload budget (and its entries, dated a moment after `now`, would show the placeholder),
        // and evaluating bodies each frame is what archiving avoids. Live regions are repainted for `now`.
        if context == .timeline, let timeline = instance.scheduler.timeline {
            let key = "\(widget.kind)|\(night)"
            let archive: EntryArchive
            if let cached = standByArchives[key], cached.instance == ObjectIdentifier(instance), cached.generation == instance.generation {
                archive = cached.archive
            } else {
                archive = EntryArchive(
                    session: instance.session, timeline: timeline, family: .systemSmall, device: configuration.device, options: options)
                standByArchives[key] = (ObjectIdentifier(instance), instance.generation, archive)
            }
            if let frame = archive.frame(at: now)?.frame { return frame }
            let placeholder = instance.session.select(in: timeline, at: now, family: .systemSmall, device: configuration.device)
            return instance.session.render(placeholder, options: options)
        }
        // The placeholder and snapshot contexts: what the provider gives, rendered once per context as the cards'
        // are (`cardFrame`), kept until the context, the configuration or the widget changes (`contextFrames`).
        let key = "\(context.rawValue)|standBy|\(night)|\(widget.kind)"
        if let frame = contextFrames[key] { return frame }
        let frame: Frame
        do {
            let selection = try instance.session.selectEntry(at: now, family: .systemSmall, device: configuration.device, context: context)
            frame = instance.session.render(selection, options: options)
        } catch {
            frame = instance.frame(at: now, appearance: appearance).frame
        }
        contextFrames[key] = frame
        return frame
    }

    /// The Smart Stack's members: each small widget's fetched timeline, with its entries' relevance.
    func smartStackMembers() -> [SmartStackMember] {
        smallWidgets.prefix(10).map { widget in
            let entries = instance(of: widget, family: .systemSmall).scheduler.timeline?.entries ?? []
            return SmartStackMember(kind: widget.kind, entries: entries.map { .init(date: $0.date, relevance: $0.base.relevance) })
        }
    }

    /// The widget on top of the Smart Stack at `now` and why, then the rotations of the next six hours.
    func smartStackState(at now: Date) -> (top: String?, reason: String, upcoming: [SmartStackRotation]) {
        let members = smartStackMembers()
        guard let first = members.first else { return (nil, "", []) }
        let earliest = members.flatMap { $0.entries.map(\.date) }.min() ?? now
        let start = min(earliest, now)
        let rotations = SmartStack.rotations(members, from: start, until: now.addingTimeInterval(6 * 3600))
        let current = rotations.last { $0.date <= now }
        return (
            current?.kind ?? first.kind, current?.reason ?? "the first widget of the stack, nothing more relevant yet",
            rotations.filter { $0.date > now }
        )
    }

    func drawSurface(_ canvas: inout Canvas, in stage: CellRect, at now: Date) {
        let inner = CellRect(x: stage.x + 1, y: stage.y, width: max(0, stage.width - 2), height: stage.height)
        let widgets = smallWidgets
        if surface == .carPlay { return drawCarPlay(&canvas, in: inner, widgets: widgets, at: now) }
        guard !widgets.isEmpty else {
            canvas.write("No widget with systemSmall to show here.", column: inner.x, row: inner.y, style: Chrome.caption)
            return
        }
        switch surface {
        case .standBy(let night):
            let focused = currentWidget.flatMap { widget in widgets.firstIndex { $0.kind == widget.kind } } ?? 0
            let pair = [widgets[focused], widgets[(focused + 1) % widgets.count]]
            canvas.write(
                "StandBy\(night ? " at night (red, vibrant)" : " (full colour, backgrounds removed)"): "
                    + pair.map(\.kind).joined(separator: " and ") + "  · S: \(night ? "close" : "night")",
                column: inner.x, row: inner.y, maxWidth: inner.width, style: Chrome.title)
            let frames = pair.map { standByFrame($0, night: night, at: now) }
            let height = frames.map(\.size.height).max() ?? 0
            let width = frames.map(\.size.width).reduce(0, +) + StandByLayout.gap + 4
            canvas.fill(
                CellRect(x: inner.x, y: inner.y + 2, width: min(width, inner.width), height: min(height + 2, max(0, inner.height - 2))),
                background: RGB(0, 0, 0))
            canvas.draw(frames[0].buffer, column: inner.x + 2, row: inner.y + 3, clip: inner)
            canvas.draw(frames[1].buffer, column: inner.x + 2 + frames[0].size.width + StandByLayout.gap, row: inner.y + 3, clip: inner)
        case .smartStack:
            let state = smartStackState(at: now)
            guard let topKind = state.top, let top = widgets.first(where: { $0.kind == topKind }) else { return }
            // The header wraps (two lines at most each) rather than being cut at the stage's width.
            let title = "Smart Stack of \(widgets.prefix(10).map(\.kind).joined(separator: ", "))"
            let appearance = galleryAppearance
            let frame = cardFrame(of: instance(of: top, family: .systemSmall), appearance: appearance, at: now).frame
            let reason = "on top: \(topKind) — \(state.reason)"
            var titleLines = Self.titleLines(title, hint: Self.smartStackCloseHint, width: inner.width, lines: 2)
            var reasonLines = Array(TextFitting.wrap(reason, width: inner.width, indent: "  ").prefix(2))
            // When the header and the widget with its edge do not both fit (80 × 24), the reason moves beside the widget
            // and the title takes one line, so the widget keeps its bottom edge.
            let headerRoom = inner.height - (frame.size.height + 2)
            let column = inner.x + frame.size.width + 4
            var besideLines: [String] = []
            if titleLines.count + reasonLines.count > headerRoom {
                titleLines = Self.titleLines(title, hint: Self.smartStackCloseHint, width: inner.width, lines: max(1, headerRoom))
                reasonLines = []
                besideLines = Array(TextFitting.wrap(reason, width: max(1, inner.maxX - column), indent: "  ").prefix(3))
            }
            for (index, line) in titleLines.enumerated() {
                canvas.write(line, column: inner.x, row: inner.y + index, maxWidth: inner.width, style: Chrome.title)
            }
            for (index, line) in reasonLines.enumerated() {
                canvas.write(line, column: inner.x, row: inner.y + titleLines.count + index, maxWidth: inner.width, style: Chrome.caption)
            }
            let stageTop = inner.y + titleLines.count + reasonLines.count
            canvas.fill(
                CellRect(x: inner.x, y: stageTop, width: min(frame.size.width + 2, inner.width), height: frame.size.height + 2),
                background: appearance.backdrop)
            canvas.draw(frame.buffer, column: inner.x + 1, row: stageTop + 1, clip: inner)
            for (index, line) in besideLines.enumerated() {
                canvas.write(line, column: column, row: stageTop + index, maxWidth: max(0, inner.maxX - column), style: Chrome.caption)
            }
            var row = stageTop + besideLines.count + 1
            canvas.write(
                "next rotations (6 h):", column: column, row: row - 1, maxWidth: max(0, inner.maxX - column), style: Chrome.caption)
            for rotation in state.upcoming.prefix(max(0, frame.size.height + 1 - besideLines.count)) where column < inner.maxX {
                canvas.write(
                    "\(logTimeFormatter.string(from: rotation.date).prefix(5))  \(rotation.kind)", column: column, row: row,
                    maxWidth: inner.maxX - column, style: Chrome.caption)
                row += 1
            }
            if state.upcoming.isEmpty {
                canvas.write(
                    "none: nothing else becomes more relevant", column: column, row: row, maxWidth: max(0, inner.maxX - column),
                    style: Chrome.caption)
            }
        case .carPlay, nil:
            break
        }
    }
}

extension PreviewApp {
    /// The Smart Stack screen's close key, at the end of its title.
    static let smartStackCloseHint = "  · R: close"

    /// `title` wrapped to at most `lines` lines of `width` columns (later lines indented), `hint` (the overlay's close
    /// key) at the end of the last: a title cut short ends in `…` before the hint, so the hint always shows. Only the
    /// last line gives up room for the hint; the lines before it keep the whole width.
    static func titleLines(_ title: String, hint: String, width: Int, lines: Int) -> [String] {
        let count = max(1, lines)
        let whole = TextFitting.wrap(title, width: width, indent: "  ")
        if whole.count <= count, let last = whole.last, DisplayWidth.of(last + hint) <= width {
            return whole.dropLast() + [last + hint]
        }
        if whole.count < count, DisplayWidth.of(hint) <= width {
            return whole + [hint]
        }
        let room = max(1, width - DisplayWidth.of(hint))
        let kept = Array(whole.prefix(count - 1))
        let rest = whole.dropFirst(count - 1)
        guard let last = rest.first else { return kept + [hint] }
        guard rest.count > 1 || DisplayWidth.of(last) > room else { return kept + [last + hint] }
        let cut = DisplayWidth.of(last + " …") <= room ? last + " …" : TextFitting.truncateAtWord(last, to: room)
        return kept + [cut + hint]
    }
}

// MARK: - CarPlay (`A`)

extension PreviewApp {
    /// CarPlay, as `widgetterm carplay` draws it: the focused small widget and the next two on the widgets screen, and
    /// the Live Activity the island screen focuses on the dashboard (its `.small` family, else its compact views).
    func drawCarPlay(_ canvas: inout Canvas, in inner: CellRect, widgets: [WidgetDescriptor], at now: Date) {
        let focused = currentWidget.flatMap { widget in widgets.firstIndex { $0.kind == widget.kind } } ?? 0
        var shown = widgets.isEmpty ? [] : (0..<min(3, widgets.count)).map { widgets[(focused + $0) % widgets.count] }
        let running = islands.focusedRunning.flatMap { item in islands.center.snapshot(id: item.id, at: now).map { (item, $0) } }
        var frames = shown.map { standByFrame($0, night: false, at: now) }
        if let (item, snapshot) = running, let card = carPlayCard(item, snapshot: snapshot, at: now), !frames.isEmpty {
            // A card with no room below the widgets goes beside them, in place of the last widgets if it must.
            let height = frames.map(\.size.height).max() ?? 0
            let needs = (width: card.frame.size.width + 4, height: card.frame.size.height + 2)
            if inner.y + 2 + height + 3 + 1 + needs.height > inner.maxY {
                func end(_ count: Int) -> Int {
                    inner.x + frames.prefix(count).map(\.size.width).reduce(0, +) + CarPlayLayout.gap * (count - 1) + 4
                }
                var count = frames.count
                while count > 1, end(count) + CarPlayLayout.gap + needs.width > inner.maxX { count -= 1 }
                frames = Array(frames.prefix(count))
                shown = Array(shown.prefix(count))
            }
        }
        let names = shown.map(\.kind) + (running.map { ["Live Activity \($0.0.descriptor.kind)"] } ?? [])
        canvas.write(
            "CarPlay: " + (names.isEmpty ? "nothing to show" : names.joined(separator: ", ")) + "  · A: close",
            column: inner.x, row: inner.y, maxWidth: inner.width, style: Chrome.title)
        var top = inner.y + 2
        // Where the widgets end, for a Live Activity card that does not fit below them.
        var widgetsEnd = inner.x
        if !shown.isEmpty {
            // CarPlay draws its widgets as StandBy does by day (DECISIONS.md, "CarPlay, supplementalActivityFamilies").
            let height = frames.map(\.size.height).max() ?? 0
            let width = frames.map(\.size.width).reduce(0, +) + CarPlayLayout.gap * (frames.count - 1) + 4
            canvas.fill(
                CellRect(x: inner.x, y: top, width: min(width, inner.width), height: min(height + 2, max(0, inner.maxY - top))),
                background: RGB(0, 0, 0))
            var column = inner.x + 2
            for frame in frames {
                canvas.draw(frame.buffer, column: column, row: top + 1, clip: inner)
                column += frame.size.width + CarPlayLayout.gap
            }
            widgetsEnd = inner.x + min(width, inner.width)
            top += height + 3
        }
        guard let (item, snapshot) = running else {
            let message: String
            if let kind = islands.activities.first?.kind {
                message = "No Live Activity running: press i, then s to start \(kind)."
            } else {
                message = shown.isEmpty ? "No widget with systemSmall and no Live Activity to show here." : ""
            }
            let row = top - (shown.isEmpty ? 0 : 1)
            if row < inner.maxY { canvas.write(message, column: inner.x, row: row, maxWidth: inner.width, style: Chrome.caption) }
            return
        }
        guard let card = carPlayCard(item, snapshot: snapshot, at: now) else {
            guard top < inner.maxY else { return }
            canvas.write(
                "\(item.descriptor.kind) cannot be drawn at this state (see the event log)", column: inner.x, row: top,
                maxWidth: inner.width, style: Chrome.caption)
            return
        }
        // A short heading, cut to the pane: what, which state, which views.
        let heading = CarPlayActivityRenderer.heading(
            kind: item.descriptor.kind, state: item.stateLabel, hasSmallFamily: card.hasSmallFamily)
        let size = (width: card.frame.size.width + 4, height: card.frame.size.height + 2)
        var origin = (column: inner.x, row: top)
        if top + 1 + size.height > inner.maxY {
            // No room below the widgets: beside them when the columns allow, else a hint of what a taller terminal shows.
            let beside = (column: widgetsEnd + CarPlayLayout.gap, row: inner.y + 2)
            guard beside.column + size.width <= inner.maxX, beside.row + 1 + size.height <= inner.maxY else {
                let row = min(top, inner.maxY - 1)
                guard row >= inner.y else { return }
                let needed = top + 1 + size.height - inner.maxY
                canvas.write(
                    "↓ Live Activity \(item.descriptor.kind): \(needed) more row\(needed == 1 ? "" : "s") show its card",
                    column: inner.x, row: row, maxWidth: inner.width, style: Chrome.caption)
                return
            }
            origin = beside
        }
        canvas.write(heading, column: origin.column, row: origin.row, maxWidth: inner.maxX - origin.column, style: Chrome.caption)
        canvas.fill(
            CellRect(x: origin.column, y: origin.row + 1, width: min(size.width, inner.maxX - origin.column), height: size.height),
            background: RGB(0, 0, 0))
        canvas.draw(card.frame.buffer, column: origin.column + 2, row: origin.row + 2, clip: inner)
    }

    /// The dashboard card of a running activity: resolved and painted once per content (the fidelity rule), its live
    /// text repainted for `now`; nil when its views do not decode the content.
    private func carPlayCard(_ item: IslandScreen.Running, snapshot: ActivitySnapshot, at now: Date) -> (
        frame: Frame, hasSmallFamily: Bool
    )? {
        guard let activity = item.descriptor.activity else { return nil }
        // CarPlay paints with the built-in dark theme (as `widgetterm carplay`).
        let style = Theme.builtIn(.dark).paintStyle(mode: .fullColor, colorScheme: .dark)
        let options = IslandRenderOptions(device: configuration.device, style: style, date: now, format: configuration.format)
        let key = CarPlayCardKey(
            activityID: item.id, content: snapshot.record.content, isStale: snapshot.isStale,
            activityState: snapshot.activityState, device: configuration.device.name)
        if let cached = carPlayActivityCard, cached.key == key {
            let frame = cached.frame.repaintingLiveRegions(at: now, style: options.islandStyle, format: configuration.format).frame
            return (frame, cached.hasSmallFamily)
        }
        guard let resolved = try? ActivityRendering.resolve(snapshot, with: activity, options: options, forCarPlay: true) else {
            return nil
        }
        let frame = CarPlayActivityRenderer.render(resolved, options: options).frame
        carPlayActivityCard = (key, frame, resolved.small != nil)
        return (frame, resolved.small != nil)
    }
}

/// What the CarPlay dashboard's Live Activity card is drawn from: the same key, the same card (its live text aside).
///
/// The content is kept as it came (its encoded state shares storage with the snapshot's, so keeping it copies
/// nothing) and compared byte for byte only when the rest agrees: cheaper than re-encoding the state each frame, and
/// exact where a hash of it could collide.
struct CarPlayCardKey: Equatable {
    /// The activity shown.
    var activityID: String
    /// Its content (state, stale date, relevance) as the host holds it.
    var content: EncodedActivityContent
    /// Whether the content is past its stale date.
    var isStale: Bool
    /// Active, stale, ended or dismissed.
    var activityState: ActivityState
    /// The device whose dashboard metrics size the card.
    var device: String
}

/// CarPlay's spacing on the preview stage.
enum CarPlayLayout {
    /// Columns between the widgets (as `widgetterm carplay`).
    static let gap = 2
}

/// StandBy's spacing on the preview stage.
enum StandByLayout {
    /// Columns between the two widgets (as `widgetterm standby`).
    static let gap = 4
}

// MARK: - Dynamic Type (`z`, `Z`)

extension PreviewApp {
    /// The next (`step` 1) or previous Dynamic Type size, `xSmall` to `accessibility5` (stopping at the ends); the
    /// widgets are placed again, their bodies see the size in `\.dynamicTypeSize` and text styles take its point sizes.
    func cycleDynamicTypeSize(by step: Int) {
        let next = DynamicTypeSize(rawValue: min(max(dynamicTypeSize.rawValue + step, 0), 11)) ?? .large
        guard next != dynamicTypeSize else {
            log.append(.info, "text size stays \(dynamicTypeSize.name): it is the \(step > 0 ? "largest" : "smallest")", at: HostClock.now)
            return
        }
        dynamicTypeSize = next
        replaceInstances(
            "text size → \(next.name) (body \(Font.TextStyle.body.pointSize(at: next).formatted()) pt); cells stay one row per line")
    }
}

// MARK: - The push key (`P`)

extension PreviewApp {
    /// `P`: reads the `--push-file` payload and applies it as APNs would deliver it (`ActivityPushPayload`): an update or
    /// end to the focused Live Activity, a start push to a new activity of the selected kind (`k`), which the screen
    /// then focuses. The island screen opens to show the result; refusals (a mismatched `attributes-type` among them)
    /// go to the log as diagnostics with their code.
    func applyPushFile() {
        let now = HostClock.now
        guard let file = configuration.pushFile else {
            log.append(.info, "P applies a Live Activity push: start the preview with --push-file FILE.json", at: now)
            return
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            log.append(.diagnostic, "push: \(file) cannot be read", at: now)
            return
        }
        do {
            let payload = try ActivityPushPayload(data: data)
            if payload.event == "start" {
                // A start push goes to the push-to-start token of the kind the screen has selected (`k`).
                guard islands.activities.indices.contains(islands.selectedKind) else {
                    log.append(.info, "push: no Live Activity in this bundle for a start push", at: now)
                    return
                }
                let descriptor = islands.activities[islands.selectedKind]
                // A start push goes to a push-to-start token, which iOS has from 17.2 on.
                if let tooOld = ActivityChecks.pushToStartFinding(kind: descriptor.kind, osVersion: configuration.osVersion) {
                    log.append(.diagnostic, "push refused [\(tooOld.code)]: \(tooOld.message)", at: now)
                    return
                }
                let id = try payload.start(descriptor, in: islands.center, others: islands.activities)
                islands.adopt(id, descriptor: descriptor, content: payload.content!)
                log.append(.info, "push: \(descriptor.kind) started as \(id) by a start push", at: now)
            } else {
                guard let running = islands.focusedRunning, let activity = running.descriptor.activity else {
                    log.append(.info, "push: no running Live Activity; press i, then s to start one", at: now)
                    return
                }
                log.append(.info, try payload.apply(to: running.id, in: islands.center, activity: activity), at: now)
                if let content = payload.content { islands.notePush(content) }
            }
        } catch let error as ActivityPushPayloadError {
            // Not JSON: where, from the widget documents' scanner (Foundation's parser gives no position).
            let fault = error.code == "push-not-json" ? Self.jsonFault(in: data, file: file).map { "\($0); " } ?? "" : ""
            log.append(.diagnostic, "push refused [\(error.code)]: \(fault)\(error.message)", at: now)
        } catch {
            log.append(.diagnostic, "push refused: \(error)", at: now)
        }
        islands.isShown = true
        controlScreen.isShown = false
        surface = nil
    }

    /// Where a payload that is not JSON goes wrong, `FILE:LINE:COLUMN: expected ...; found ...`; nil when it is JSON.
    static func jsonFault(in data: Data, file: String) -> String? {
        do {
            _ = try JSONScanner.parse(Array(data), file: file)
            return nil
        } catch let error as DocumentError {
            return "\(error.file):\(error.line):\(error.column): \(error.message)"
        } catch {
            return nil
        }
    }
}
