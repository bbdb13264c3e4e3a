import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - Keys and clicks

extension PreviewApp {
    /// Does what a key asks.
    public func perform(_ action: PreviewAction) {
        let now = HostClock.now
        switch action {
        case .quit: exit = .quit
        case .toggleHelp: showsHelp.toggle()
        case .closeOverlay:
            if showsHelp {
                showsHelp = false
            } else {
                targetIndex = nil
                cursor = nil
            }
        case .nextWidget: selectWidget(widgetIndex + 1)
        case .previousWidget: selectWidget(widgetIndex - 1)
        case .nextFamily: moveFamily(by: 1)
        case .previousFamily: moveFamily(by: -1)
        case .nextMode: cycleMode(by: 1)
        case .previousMode: cycleMode(by: -1)
        case .nextTheme: cycleTheme(by: 1)
        case .previousTheme: cycleTheme(by: -1)
        case .toggleView:
            screen = screen == .gallery ? .matrix : .gallery
            scrollOffset = 0
            followsFocus = true
            clearTapSelection()
        case .toggleIslands:
            toggleIslands()
            if islands.isShown { controlScreen.isShown = false }
            surface = nil
        case .toggleControls:
            toggleControls()
            surface = nil
        case .largerText: cycleDynamicTypeSize(by: 1)
        case .smallerText: cycleDynamicTypeSize(by: -1)
        case .applyPush: applyPushFile()
        case .sendWidgetPush: sendWidgetPush()
        case .cycleStandBy: cycleStandBy()
        case .toggleSmartStack: toggleSmartStack()
        case .toggleCarPlay: toggleCarPlay()
        case .editWidget:
            toggleEditSheet()
            surface = nil
        case .togglePause:
            HostClock.isPaused.toggle()
            log.append(
                .clock,
                HostClock.isPaused
                    ? "clock paused at \(clockFormatter.string(from: now))"
                    : "clock running from \(clockFormatter.string(from: now)) at \(Self.speedText(HostClock.speed))", at: now)
        case .jumpToNextEntry: jumpToNextEntry(from: now)
        case .jumpToPreviousEntry: jumpToPreviousEntry(from: now)
        case .speedUp, .slowDown:
            let current = HostClock.speed
            let index = Self.speeds.lastIndex { $0 <= current } ?? 0
            let next = Self.speeds[min(max(index + (action == .speedUp ? 1 : -1), 0), Self.speeds.count - 1)]
            HostClock.speed = next
            log.append(.clock, "clock speed \(Self.speedText(next))", at: now)
        case .reload:
            contextFrames.removeAll()
            guard let widget = currentWidget else { return }
            for family in families(of: widget) {
                let instance = instance(of: widget, family: family)
                logReload(instance.reload(at: now, reason: .requested), instance: instance)
            }
        case .nextTarget: cycleTarget(by: 1)
        case .previousTarget: cycleTarget(by: -1)
        case .tap: tapFocused()
        case .moveCursor(let columns, let rows): moveCursor(columns: columns, rows: rows)
        case .scrollUp, .scrollDown:
            let step = max((terminal.size.height - 4) / 2, 1)
            scrollOffset = max(scrollOffset + (action == .scrollUp ? -step : step), 0)
            followsFocus = false
        case .nextDevice: cycleDevice(by: 1)
        case .previousDevice: cycleDevice(by: -1)
        case .toggleColorScheme: cycleColorScheme()
        case .nextOSVersion: cycleOSVersion(by: 1)
        case .previousOSVersion: cycleOSVersion(by: -1)
        case .nextLocale: cycleLocale()
        case .cycleContext: cycleContext()
        case .jumpToEntry(let number): jumpToEntry(number)
        }
    }

    static func speedText(_ speed: Double) -> String {
        speed == speed.rounded() ? "×\(Int(speed))" : "×\(speed)"
    }

    func selectWidget(_ index: Int) {
        let count = configuration.widgets.count
        guard count > 0 else { return }
        widgetIndex = (index % count + count) % count
        clearTapSelection()
        scrollOffset = 0
        followsFocus = true
        appPanel = []
    }

    func moveFamily(by step: Int) {
        guard let widget = currentWidget else { return }
        let count = families(of: widget).count
        guard count > 0 else { return }
        let current = focusedFamilyIndex[widget.kind] ?? 0
        focusedFamilyIndex[widget.kind] = ((current + step) % count + count) % count
        clearTapSelection()
        followsFocus = true
    }

    func cycleMode(by step: Int) {
        let modes = WidgetRenderingMode.allCases
        let index = modes.firstIndex(of: mode) ?? 0
        mode = modes[((index + step) % modes.count + modes.count) % modes.count]
        clearTapSelection()
        followsFocus = true
    }

    func cycleTheme(by step: Int) {
        let themes = configuration.themes
        guard !themes.isEmpty else { return }
        let index = themes.firstIndex { $0.name == theme.name } ?? 0
        theme = themes[((index + step) % themes.count + themes.count) % themes.count]
        mode = theme.renderingMode
        clearTapSelection()
    }

    func clearTapSelection() {
        targetIndex = nil
        cursor = nil
    }

    /// Moves the clock to the next entry of the selected widget in the focused family (the card `f` selects),
    /// else to that card's next reload.
    func jumpToNextEntry(from now: Date) {
        guard let card = focusedCard else { return }
        let scheduler = card.instance.scheduler
        let name = "\(card.instance.kind)/\(card.instance.family)"
        if let next = scheduler.nextEntryDate(after: now) {
            HostClock.set(next)
            log.append(.clock, "clock → \(clockFormatter.string(from: next)) (next entry of \(name))", at: next)
        } else if let due = scheduler.nextDue(after: now), due > now {
            HostClock.set(due)
            log.append(
                .clock, "clock → \(clockFormatter.string(from: due)) (no later entry of \(name); its next reload is due then)", at: due)
        } else {
            log.append(.clock, "no later entry of \(name) and no reload scheduled (policy .never): the clock stays", at: now)
        }
    }

    /// Moves the clock back to the entry before the one the focused card shows now. The timeline stays the one
    /// fetched: stepping back shows what the widget showed then, without asking the provider again.
    func jumpToPreviousEntry(from now: Date) {
        guard let card = focusedCard else { return }
        let name = "\(card.instance.kind)/\(card.instance.family)"
        let dates = (card.instance.scheduler.timeline?.entries.map(\.date) ?? []).sorted()
        guard let current = dates.last(where: { $0 <= now }) else {
            log.append(.clock, "no earlier entry of \(name): it shows its placeholder until its first entry", at: now)
            return
        }
        guard let previous = dates.last(where: { $0 < current }) else {
            log.append(.clock, "\(name) shows its first entry (\(clockFormatter.string(from: current))): the clock stays", at: now)
            return
        }
        HostClock.set(previous)
        log.append(.clock, "clock ← \(clockFormatter.string(from: previous)) (previous entry of \(name))", at: previous)
    }

    // MARK: Taps

    /// The frame the focused widget shows now and its hit tester.
    func focusedHitTester(at now: Date) -> (instance: WidgetInstance, appearance: WidgetAppearance, frame: Frame, tester: HitTester)? {
        guard let card = focusedCard else { return nil }
        let frame = card.instance.frame(at: now, appearance: card.appearance).frame
        let tester = HitTester(frame: frame, widget: card.instance.kind, family: card.instance.family, osVersion: configuration.osVersion)
        return (card.instance, card.appearance, frame, tester)
    }

    func cycleTarget(by step: Int) {
        let now = HostClock.now
        guard let focused = focusedHitTester(at: now) else { return }
        let targets = focused.tester.targets
        guard !targets.isEmpty else {
            let ignored = focused.tester.ignoredTargets
            var text = "\(focused.instance.kind)/\(focused.instance.family): no link or control acts here on iOS \(configuration.osVersion)"
            if let first = ignored.first { text += " (\(ignored.count) ignored: \(first.reason))" }
            let whole = focused.tester.tapOutsideTargets()
            text += "; a tap anywhere: " + (whole.url.map { "opens \($0.absoluteString)" } ?? "opens the app with no URL")
            log.append(.info, text, at: now)
            targetIndex = nil
            return
        }
        let count = targets.count
        if let current = targetIndex {
            targetIndex = ((current + step) % count + count) % count
        } else {
            targetIndex = step > 0 ? 0 : count - 1
        }
        let target = targets[targetIndex!]
        cursor = CellPosition(column: target.center.column, row: target.center.row)
    }

    func moveCursor(columns: Int, rows: Int) {
        guard let focused = focusedHitTester(at: HostClock.now) else { return }
        let size = focused.frame.buffer.size
        var position = cursor ?? CellPosition(column: size.width / 2, row: size.height / 2)
        if cursor != nil {
            position.column = min(max(position.column + columns, 0), max(size.width - 1, 0))
            position.row = min(max(position.row + rows, 0), max(size.height - 1, 0))
        }
        cursor = position
        targetIndex = nil
    }

    /// Enter: taps the highlighted target, else the touch cursor, else the widget's centre.
    func tapFocused() {
        let now = HostClock.now
        guard let focused = focusedHitTester(at: now) else { return }
        let outcome: TapOutcome
        if let index = targetIndex, index < focused.tester.targets.count {
            outcome = focused.tester.tap(focused.tester.targets[index])
        } else {
            let size = focused.frame.buffer.size
            let point = cursor ?? CellPosition(column: size.width / 2, row: size.height / 2)
            outcome = focused.tester.tap(column: point.column, row: point.row) ?? focused.tester.tapOutsideTargets()
        }
        act(on: outcome, instance: focused.instance, frame: focused.frame, at: now)
    }

    /// A mouse click: focuses the widget under it and taps there.
    func click(column: Int, row: Int) {
        guard !showsHelp else {
            showsHelp = false
            return
        }
        guard let region = placements.region(atColumn: column, row: row),
            let widget = currentWidget, widget.kind == region.content.kind
        else { return }
        let placement = region.content
        let families = families(of: widget)
        if let index = families.firstIndex(of: placement.family) { focusedFamilyIndex[widget.kind] = index }
        if screen == .matrix { mode = placement.appearance.mode }
        let point = region.local(column: column, row: row)
        cursor = point
        targetIndex = nil
        // The tap lands on the frame the person saw, even if an entry's date arrived since it was drawn.
        let tester = HitTester(frame: placement.frame, widget: widget.kind, family: placement.family, osVersion: configuration.osVersion)
        guard let outcome = tester.tap(column: point.column, row: point.row) else { return }
        act(on: outcome, instance: instance(of: widget, family: placement.family), frame: placement.frame, at: HostClock.now)
    }

    /// Logs a tap and does what it says: open a URL (routed), open the app, or run an intent.
    func act(on outcome: TapOutcome, instance: WidgetInstance, frame: Frame, at now: Date) {
        log.append(.tap, "\(instance.kind)/\(instance.family) \(outcome.logLine)", at: now)
        for diagnostic in outcome.diagnostics { log.append(diagnostic, at: now) }
        switch outcome.effect {
        case .openURL(let url):
            open(url, widget: instance.kind, at: now)
        case .openApp:
            appPanel = ["opened with no URL", "(\(instance.kind), \(instance.family))"]
            log.append(.app, "app opened with no URL", at: now)
        case .performIntent(let intent):
            startIntent(intent, instance: instance, at: now)
        case .toggle(let intent, let isOn):
            instance.pendingToggle = PendingToggle(outcome: outcome, in: frame)
            log.append(.intent, "toggle shows \(isOn ? "on" : "off") until the reload", at: now)
            startIntent(intent, instance: instance, at: now)
        }
    }

    /// Routes a URL, shows it in the app panel and the log, and runs `--open-command` with it (off this thread).
    func open(_ url: URL, widget: String, at now: Date) {
        let result = configuration.router.route(url, widget: widget)
        switch result {
        case .matched(let match):
            let parameters = match.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            log.append(
                .route,
                "\(url.absoluteString) → \(match.route.name) (\(match.route.pattern))" + (parameters.isEmpty ? "" : " \(parameters)"),
                at: now)
        case .unmatched(let miss):
            log.append(.route, "\(url.absoluteString) → no route", at: now)
            log.append(miss.diagnostic, at: now)
        }
        appPanel = ["opened " + url.absoluteString] + result.lines.dropFirst()
        guard let opener = configuration.urlOpener else { return }
        // Started here, on the app's thread, so a burst of taps finds the opener's places taken at once and is
        // refused (logged), instead of piling up programs; only the wait happens on another thread.
        let started: OpenerRun
        do {
            started = try opener.start(url, capturesOutput: true)
        } catch {
            log.append(.app, "\(error)", at: now)
            return
        }
        let completions = completions
        let wake = terminal.wakeHandler
        DispatchQueue.global().async {
            let run = started.wait(timeLimit: opener.timeLimit)
            let status = run.timedOut ? "timed out" : run.exitStatus.map { "exit \($0)" } ?? "no status"
            let output = run.output.split(separator: "\n").first.map { ": \($0)" } ?? ""
            completions.append(.opener("\(run.arguments.joined(separator: " ")) → \(status)\(output)"))
            wake()
        }
    }

    func startIntent(_ intent: IntentReference, instance: WidgetInstance, at now: Date) {
        instance.intentsInFlight += 1
        log.append(.intent, "perform \(intent.description) (off the render path, limit \(Int(configuration.intentTimeLimit)) s)", at: now)
        appPanel = ["ran \(intent.description)", "(the app stays closed: intents run in the background)"]
        let completions = completions
        let wake = terminal.wakeHandler
        let kind = instance.kind, family = instance.family
        let run = intentRunner.start(intent, widget: kind) { result in
            completions.append(.intent(result, kind: kind, family: family))
            wake()
        }
        intentRuns.append(run)
        intentRuns.removeAll { $0.result != nil && $0 !== run }
    }

    /// After an intent, iOS reloads at once only the widget that was tapped; the same widget in other families
    /// (other widgets on the Home or Lock Screen) keeps its archived render until its own reload. Says so, and
    /// how widget code asks for the others, so a stale family does not look like a WidgetTerm fault.
    func logOtherFamiliesKeepTheirRender(of tapped: WidgetInstance, at now: Date) {
        let others = (instances[tapped.kind] ?? [:]).keys.filter { $0 != tapped.family }.sorted { $0.rawValue < $1.rawValue }
        guard !others.isEmpty else { return }
        log.append(
            .intent,
            "\(others.map { "\(tapped.kind)/\($0)" }.joined(separator: ", ")) keep their render until their own reload: "
                + "iOS reloads only the tapped widget after an intent; perform() can call "
                + "WidgetCenter.shared.reloadTimelines(ofKind: \"\(tapped.kind)\") to ask for the others", at: now)
    }

    /// Handles work that finished on another thread.
    func finish(_ item: CompletionQueue.Item, at now: Date) {
        switch item {
        case .opener(let text):
            log.append(.app, text, at: now)
        case .intent(let result, let kind, let family):
            guard let instance = instances[kind]?[family] else { return }
            instance.intentsInFlight = max(instance.intentsInFlight - 1, 0)
            log.append(.intent, result.logLine, at: now)
            if let diagnostic = result.diagnostic { log.append(diagnostic, at: now) }
            let toggle = instance.pendingToggle
            if let reason = result.reloadReason {
                logReload(instance.reload(at: now, reason: reason), instance: instance)
                logOtherFamiliesKeepTheirRender(of: instance, at: now)
                if let toggle {
                    let reloaded = instance.reloadedFrame(at: now, appearance: galleryAppearance)
                    switch toggle.reconcile(with: reloaded) {
                    case .confirmed(let isOn): log.append(.intent, "toggle confirmed \(isOn ? "on" : "off") by the reload", at: now)
                    case .snappedBack(let isOn):
                        log.append(.intent, "toggle snapped back to \(isOn ? "on" : "off"): the store disagrees after the reload", at: now)
                    case .disappeared: log.append(.intent, "the toggle is gone after the reload", at: now)
                    }
                }
            } else if let toggle {
                log.append(.intent, "toggle snapped back to \(toggle.previousIsOn ? "on" : "off"): the intent did not succeed", at: now)
            }
            instance.pendingToggle = nil
        }
    }
}
