import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - Xcode-canvas controls: device, appearance, iOS version, locale, context, and the timeline scrubber

extension PreviewApp {
    /// The locales `l` steps through after the one the preview started with.
    public static let locales = ["en_US", "en_GB", "fr_FR", "de_DE", "ja_JP", "ar_SA"]
    /// The most timeline entries the timeline panel lists (around the current one).
    static let timelineRows = 5

    /// Switches to the device `step` places along `DeviceProfile.all`; widgets are placed again on it (new
    /// instances, their timelines fetched again), as Xcode's canvas rebuilds a preview for another device.
    func cycleDevice(by step: Int) {
        let devices = DeviceProfile.all
        let index = devices.firstIndex(of: configuration.device) ?? 0
        configuration.device = devices[((index + step) % devices.count + devices.count) % devices.count]
        SimulatedScreen.use(size: configuration.device.screen, scale: configuration.device.displayScale)
        replaceInstances("device → \(configuration.device.name) (\(configuration.device.displayName))")
    }

    /// The colour scheme cycle: the theme's own, light, dark.
    func cycleColorScheme() {
        switch configuration.colorScheme {
        case nil: configuration.colorScheme = .light
        case .light: configuration.colorScheme = .dark
        case .dark: configuration.colorScheme = nil
        }
        let text = configuration.colorScheme.map { "\($0)" } ?? "the theme's (\(theme.colorScheme))"
        log.append(.info, "colour scheme → \(text)", at: HostClock.now)
    }

    /// Switches to the iOS version `step` places along `OSAvailability.simulatedMajorVersions` (the versions `--os`
    /// takes): its rules (container backgrounds, content margins, links in small families) and what `#available`
    /// answers in widget code.
    func cycleOSVersion(by step: Int) {
        let versions = OSAvailability.simulatedMajorVersions
        let index = versions.firstIndex(of: configuration.osVersion) ?? versions.count - 1
        configuration.osVersion = versions[((index + step) % versions.count + versions.count) % versions.count]
        OSAvailability.iOSMajorVersion = configuration.osVersion
        replaceInstances("iOS → \(configuration.osVersion)")
    }

    /// Switches to the next locale of `locales` (system-formatted text and `Text("key")` translations).
    func cycleLocale() {
        let identifiers = Self.locales
        let current = configuration.format.locale.identifier
        let index = identifiers.firstIndex(of: current).map { $0 + 1 } ?? 0
        configuration.format.locale = Locale(identifier: identifiers[index % identifiers.count])
        replaceInstances("locale → \(configuration.format.locale.identifier)")
    }

    /// Placeholder → snapshot → timeline: what the provider is asked for, as the canvas's preview context.
    func cycleContext() {
        let contexts: [ProviderContext] = [.timeline, .placeholder, .snapshot]
        context = contexts[((contexts.firstIndex(of: context) ?? 0) + 1) % contexts.count]
        contextFrames.removeAll()
        let what: String
        switch context {
        case .placeholder: what = "placeholder(in:), drawn redacted"
        case .snapshot: what = "getSnapshot(in:completion:) (context.isPreview)"
        case .timeline: what = "the timeline entry at the clock"
        }
        log.append(.info, "context → \(context.rawValue): \(what)", at: HostClock.now)
    }

    /// Moves the clock to entry `number` (1 is the first) of the focused widget and family's timeline.
    func jumpToEntry(_ number: Int) {
        let now = HostClock.now
        guard let card = focusedCard else { return }
        let name = "\(card.instance.kind)/\(card.instance.family)"
        let dates = (card.instance.scheduler.timeline?.entries.map(\.date) ?? []).sorted()
        guard number >= 1, number <= dates.count else {
            let count = dates.count == 1 ? "1 entry" : "\(dates.count) entries"
            log.append(.clock, "\(name) has \(count): there is no entry \(number)", at: now)
            return
        }
        HostClock.set(dates[number - 1])
        log.append(.clock, "clock → \(clockFormatter.string(from: dates[number - 1])) (entry \(number) of \(name))", at: dates[number - 1])
    }

    /// Drops every placed widget so the next frame places them again with the current configuration, and logs
    /// `message`. The App Group store and the clock are kept.
    func replaceInstances(_ message: String) {
        instances.removeAll()
        contextFrames.removeAll()
        clearTapSelection()
        scrollOffset = 0
        followsFocus = true
        log.append(.info, message, at: HostClock.now)
    }

    /// The frame a card shows: in the timeline context the instance's archived entry at `now`; in the
    /// placeholder and snapshot contexts what the provider gives for that context, rendered once per appearance.
    func cardFrame(of instance: WidgetInstance, appearance: WidgetAppearance, at now: Date) -> (frame: Frame, isNewRender: Bool) {
        guard context != .timeline else {
            return keepingLastGoodFrame(instance.frame(at: now, appearance: appearance), of: instance, appearance)
        }
        let key = "\(context.rawValue)|\(instance.kind)|\(instance.family.rawValue)|\(appearance.key)"
        if let frame = contextFrames[key] { return (frame, false) }
        let frame: Frame
        do {
            let selection = try instance.session.selectEntry(
                at: now, family: instance.family, device: configuration.device, context: context)
            frame = instance.session.render(selection, options: instance.options(for: appearance, at: now))
        } catch {
            log.append(.info, "\(instance.kind)/\(instance.family) \(context.rawValue) failed: \(error)", at: now)
            frame = instance.frame(at: now, appearance: appearance).frame
        }
        contextFrames[key] = frame
        return (frame, true)
    }

    /// The lines of the timeline panel for the focused widget and family: up to `timelineRows` entries around
    /// the one shown, each as `mark number  date  offset`, in aligned columns, then the next reload. Offsets are
    /// from the entry shown (from the first entry before it), so a clock tick repaints nothing here. Nil when no
    /// widget is focused.
    func timelineLines(at now: Date) -> [String]? {
        guard let card = focusedCard else { return nil }
        let scheduler = card.instance.scheduler
        let dates = (scheduler.timeline?.entries.map(\.date) ?? []).sorted()
        var lines: [String] = []
        if dates.isEmpty {
            lines.append("  no entries (no timeline fetched)")
        } else {
            let current = dates.lastIndex { $0 <= now }
            let reference = dates[current ?? 0]
            let first = max(min((current ?? 0) - Self.timelineRows / 2, dates.count - Self.timelineRows), 0)
            let shown = first..<min(first + Self.timelineRows, dates.count)
            let numberWidth = String(dates.count).count
            let offsets = shown.map { Self.offsetText(dates[$0].timeIntervalSince(reference)) }
            let offsetWidth = offsets.map(\.count).max() ?? 0
            for (position, index) in shown.enumerated() {
                let mark = index == current ? "▶" : " "
                let number = String(index + 1)
                let paddedNumber = String(repeating: " ", count: numberWidth - number.count) + number
                let offset = offsets[position]
                let paddedOffset = String(repeating: " ", count: offsetWidth - offset.count) + offset
                lines.append("\(mark) \(paddedNumber)  \(clockFormatter.string(from: dates[index]))  \(paddedOffset)")
            }
            if shown.count < dates.count { lines.append("  \(shown.lowerBound + 1)–\(shown.upperBound) of \(dates.count) entries") }
        }
        if let due = scheduler.nextDue(after: now) {
            lines.append("  reload \(clockFormatter.string(from: due))")
        } else {
            lines.append("  reload: none (policy .never)") // fits the 38 columns of the side pane at 120 × 40
        }
        return lines
    }

    /// An offset between two entries: `±0`, `+5m`, `-1h30m`, `+2d3h`.
    static func offsetText(_ seconds: TimeInterval) -> String {
        let total = Int(seconds.rounded())
        if total == 0 { return "±0" }
        let sign = total < 0 ? "-" : "+"
        var rest = abs(total)
        let days = rest / 86_400
        rest %= 86_400
        let hours = rest / 3600
        rest %= 3600
        let minutes = rest / 60, secondsLeft = rest % 60
        var text = sign
        if days > 0 { text += "\(days)d" }
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 && days == 0 { text += "\(minutes)m" }
        if secondsLeft > 0 && days == 0 && hours == 0 { text += "\(secondsLeft)s" }
        return text
    }

    /// Draws the focused widget's timeline panel at the top of the side pane when it has room and the widgets are on
    /// screen (the island screen shows Live Activities, which have no timeline); returns the row below it.
    func drawTimelinePanel(_ canvas: inout Canvas, in rect: CellRect, at now: Date) -> Int {
        guard rect.height >= 16, !islands.isShown, let lines = timelineLines(at: now) else { return rect.y }
        var row = rect.y
        canvas.write("Timeline (\(context.rawValue))", column: rect.x + 1, row: row, maxWidth: rect.width - 1, style: Chrome.title)
        row += 1
        let scheme = configuration.colorScheme.map { "\($0)" } ?? "\(theme.colorScheme)"
        let canvasLine =
            "  \(configuration.device.name) · iOS \(configuration.osVersion) · \(configuration.format.locale.identifier) · \(scheme)"
        canvas.write(canvasLine, column: rect.x + 1, row: row, maxWidth: rect.width - 1, style: .plain)
        row += 1
        for line in lines where row < rect.maxY - 4 {
            canvas.write(line, column: rect.x + 1, row: row, maxWidth: rect.width - 1, style: line.hasPrefix("▶") ? Chrome.title : .plain)
            row += 1
        }
        return row + 1
    }
}
