import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - The Control Center screen (`c`)

/// The controls (`ControlWidget`, iOS 18+) of the bundle, one at a time at every placement
/// (`ControlPlacement`): `w` shows the next control, Enter taps it (the action runs, then `currentValue()`
/// is asked again, as `widgetterm control --tap`). The tap waits for the intent (at most the intent time limit).
final class ControlScreen {
    private(set) var controls: [ControlDescriptor]
    var isShown = false
    var selected = 0
    private var sessions: [String: ControlSession] = [:]
    /// Each control's pushes (`U`), by kind, from its first push; forgotten with the sessions.
    private var receivers: [String: ControlPushReceiver] = [:]
    /// When each session started (the simulated clock).
    private var started: [String: Date] = [:]
    private var logged: [String: Int] = [:]

    /// What the controls screen and the log say when there is no control to show: how to add one.
    static let howToAddOne =
        "Add a ControlWidget (iOS 18+) to your WidgetBundle's body; a control document (docs/widget-document.md, "
        + "\"Controls\") runs with widgetterm control FILE.json."

    init(controls: [ControlDescriptor]) {
        self.controls = controls
    }

    /// The controls of a rebuilt extension: the selected kind stays selected when it is still there, else the
    /// control at its place; every control starts a new session (its value asked again) when next shown.
    func replaceControls(_ newControls: [ControlDescriptor]) {
        let kind = controls.indices.contains(selected) ? controls[selected].kind : nil
        controls = newControls
        selected = kind.flatMap { kind in newControls.firstIndex { $0.kind == kind } } ?? min(selected, max(newControls.count - 1, 0))
        forgetSessions()
    }

    /// Drops every control's session (after a rebuild, or a changed configuration): the next look asks
    /// `currentValue()` again.
    func forgetSessions() {
        sessions = [:]
        logged = [:]
        receivers = [:]
        started = [:]
    }

    /// The selected control, nil when the bundle has none.
    var selectedControl: ControlDescriptor? { controls.indices.contains(selected) ? controls[selected] : nil }

    /// The session of the selected control, started (its `currentValue()` asked) on first use.
    func session(host: HostContext, timeLimit: TimeInterval) -> ControlSession? {
        guard controls.indices.contains(selected) else { return nil }
        let descriptor = controls[selected]
        if let session = sessions[descriptor.kind] { return session }
        let session = ControlSession(descriptor: descriptor, host: host, timeLimit: timeLimit)
        sessions[descriptor.kind] = session
        started[descriptor.kind] = HostClock.now
        return session
    }

    /// The push receiver of `session`'s control, made on its first push; the control counts as placed when its session
    /// started (its first `currentValue()`, a reload that does not count against the budget).
    func receiver(for session: ControlSession) -> ControlPushReceiver {
        if let receiver = receivers[session.descriptor.kind], receiver.session === session { return receiver }
        let receiver = ControlPushReceiver(session: session, placedAt: started[session.descriptor.kind] ?? HostClock.now)
        receivers[session.descriptor.kind] = receiver
        return receiver
    }

    /// The receivers with a deferred reload, in kind order.
    var waitingReceivers: [ControlPushReceiver] {
        receivers.keys.sorted().compactMap { receivers[$0] }.filter { $0.deferredUntil != nil }
    }

    /// The session's log lines not yet shown.
    func newLogLines(of session: ControlSession) -> ArraySlice<String> {
        let start = logged[session.descriptor.kind] ?? 0
        logged[session.descriptor.kind] = session.log.count
        return session.log[min(start, session.log.count)...]
    }
}

extension PreviewApp {
    func toggleControls() {
        controlScreen.isShown.toggle()
        if controlScreen.isShown { islands.isShown = false }
        scrollOffset = 0
        let now = HostClock.now
        guard controlScreen.isShown else { return }
        log.append(
            .info,
            controlScreen.controls.isEmpty
                ? "Controls: none in this preview. \(ControlScreen.howToAddOne)"
                : "Controls: \(controlScreen.controls.map(\.kind).joined(separator: ", ")) — Enter taps, w next control", at: now)
        logControlLines(at: now)
    }

    /// Keys of the control screen; false for keys the app handles as usual.
    func handleControlKey(_ key: Key) -> Bool {
        let now = HostClock.now
        switch key {
        case .character("w"), .character("W"):
            guard !controlScreen.controls.isEmpty else { return true }
            let count = controlScreen.controls.count
            controlScreen.selected = ((controlScreen.selected + (key == .character("w") ? 1 : -1)) % count + count) % count
            logControlLines(at: now)
        case .enter:
            guard let session = controlScreen.session(host: host, timeLimit: configuration.intentTimeLimit) else { return true }
            let before = session.diagnostics.count
            session.tap()
            logControlLines(at: now)
            for diagnostic in session.diagnostics[before...] { log.append(.diagnostic, diagnostic.message, at: now) }
        default:
            return false
        }
        return true
    }

    func logControlLines(at now: Date) {
        guard let session = controlScreen.session(host: host, timeLimit: configuration.intentTimeLimit) else { return }
        for line in controlScreen.newLogLines(of: session) { log.append(line.hasPrefix("intent ") ? .intent : .info, line, at: now) }
    }

    /// Draws the selected control at every placement, left to right, wrapping.
    func drawControls(_ canvas: inout Canvas, in stage: CellRect) {
        let inner = CellRect(x: stage.x + 1, y: stage.y, width: max(0, stage.width - 2), height: stage.height)
        guard let session = controlScreen.session(host: host, timeLimit: configuration.intentTimeLimit) else {
            var row = inner.y
            for line in TextFitting.wrap("No controls in this preview. " + ControlScreen.howToAddOne, width: inner.width)
            where row < inner.maxY {
                canvas.write(line, column: inner.x, row: row, maxWidth: inner.width, style: Chrome.caption)
                row += 1
            }
            return
        }
        let descriptor = session.descriptor
        canvas.write(
            "\(descriptor.displayName) (\(descriptor.kind)) \(controlScreen.selected + 1)/\(controlScreen.controls.count): "
                + ControlSession.describe(session.current),
            column: inner.x, row: inner.y, maxWidth: inner.width, style: Chrome.title)
        // Each placement (caption above its frame) goes where it sits highest, then furthest left: a skyline of the
        // next free row per column, so the short Action button fills the space under small and medium beside the tall
        // large control, and the screen fits 80 × 24.
        var skyline = [Int](repeating: inner.y + 2, count: max(inner.width, 0))
        for placement in ControlPlacement.allCases {
            let frame = ControlRenderer.render(session.current, placement: placement)
            let caption = placement.shortTitle
            let width = min(max(frame.size.width, DisplayWidth.of(caption)), skyline.count)
            guard width > 0 else { return }
            var best = (column: 0, row: Int.max)
            for column in 0...(skyline.count - width) {
                let row = skyline[column..<(column + width)].max()!
                if row < best.row { best = (column, row) }
            }
            let x = inner.x + best.column, y = best.row
            if y < inner.maxY { canvas.write(caption, column: x, row: y, maxWidth: inner.maxX - x, style: Chrome.caption) }
            canvas.draw(frame.buffer, column: x, row: y + 1, clip: inner)
            // One blank row under it, two blank columns after it.
            for column in best.column..<min(best.column + width + 2, skyline.count) { skyline[column] = y + frame.size.height + 2 }
        }
    }
}

extension ControlPlacement {
    /// The placement's caption on the control screen.
    var shortTitle: String {
        switch self {
        case .small: return "small"
        case .medium: return "medium"
        case .large: return "large"
        case .lockScreen: return "Lock Screen"
        case .actionButton: return "Action button"
        }
    }
}
