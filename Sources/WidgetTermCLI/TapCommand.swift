import Foundation
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - _tap (hidden)

/// `widgetterm _tap KIND [--family F] [--times N] [render flags]`: renders the widget once, finds its first
/// control that runs an App Intent, and performs that intent N times (default 1) through the same
/// `IntentRunner` the preview uses: each run locks the App Group store, runs `perform()` and saves. After
/// each saved run it prints `committed <n>` (unbuffered), so a test that kills the process knows what the
/// store must keep. Not in the help: it exists for the store's kill and concurrency tests and for scripts.
enum TapCommand {
    static func run(_ arguments: [String], widgets: [WidgetDescriptor], output: TextStream, errors: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: RenderSettings.valuedFlags.union(["times"]), boolean: [])
        guard parsed.positionals.count == 1, let kind = parsed.positionals.first else {
            throw UsageError("_tap takes one widget kind; valid kinds: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        guard let times = Int(parsed["times"] ?? "1"), times >= 1 else {
            throw UsageError("--times needs a whole number of 1 or more, got \(parsed["times"] ?? "")")
        }
        let settings = try RenderSettings(parsed)
        let descriptor = try widget(named: kind, in: widgets)
        let family = try settings.family(for: descriptor)
        let session = try settings.session(for: descriptor)
        let selection = try session.selectEntry(family: family, device: settings.device, context: settings.context)
        let frame = session.render(selection, options: settings.options(family: family, date: HostClock.now))
        let tester = HitTester(frame: frame, widget: kind, family: family, osVersion: settings.osVersion)
        let intents = tester.targets.lazy.compactMap { tester.tap(column: $0.rect.x, row: $0.rect.y)?.intent }
        guard let intent = intents.first else {
            throw UsageError("\(kind) has no control that runs an App Intent in \(family.rawValue)")
        }
        let runner = IntentRunner(timeLimit: 30)
        for index in 1...times {
            let result = runner.run(intent, widget: kind)
            for problem in result.storeProblems where !problem.isNotSaved { errors.write("widgetterm: warning: \(problem)\n") }
            guard result.outcome == .succeeded else {
                errors.write("widgetterm: \(result.logLine)\n")
                return 1
            }
            output.write("committed \(index)\n")
        }
        return 0
    }
}
