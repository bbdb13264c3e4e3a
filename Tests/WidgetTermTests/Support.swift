import Foundation
import Testing
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - Test support: a fixed clock and golden snapshots

/// Runs `body` with the process clock frozen at `date` in UTC. The clock is one per process, so every
/// test that moves it goes through this lock.
enum FixedClock {
    private static let lock = NSLock()
    /// 2026-03-14 09:41:00 UTC, the moment every golden is rendered at.
    static let reference = Date(timeIntervalSince1970: 1_773_481_260)

    static func run<T>(at date: Date = reference, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        let timeZone = NSTimeZone.default
        defer {
            NSTimeZone.default = timeZone
            HostClock.reset()
            lock.unlock()
        }
        NSTimeZone.default = TimeZone(identifier: "UTC")!
        HostClock.isPaused = true
        HostClock.set(date) // set while paused: the clock reads exactly `date`
        return try body()
    }

    static let utcFormat = SystemTextFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
}

/// Golden snapshots: a text layer plus a style layer (FrameEncoder.golden). Set WIDGETTERM_RECORD_GOLDENS=1
/// to write them; otherwise a missing or different golden fails the test with both versions shown.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var isRecording: Bool { ProcessInfo.processInfo.environment["WIDGETTERM_RECORD_GOLDENS"] == "1" }

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".golden")
        if isRecording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("missing golden \(name).golden; run with WIDGETTERM_RECORD_GOLDENS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record("golden \(name) differs\n--- expected\n\(expected)--- actual\n\(actual)", sourceLocation: sourceLocation)
        }
    }
}

/// Renders a widget of a bundle the way `widgetterm render` does, at the fixed clock.
func renderWidget(
    _ descriptor: WidgetDescriptor, family: WidgetFamily, scheme: ColorScheme = .light, osVersion: Int = 26,
    device: DeviceProfile = .default, context: ProviderContext = .timeline
) throws -> Frame {
    try FixedClock.run {
        let session = WidgetSession(descriptor: descriptor)
        let selection = try session.selectEntry(family: family, device: device, context: context)
        let options = WidgetRenderOptions(
            family: family, device: device, osVersion: osVersion, style: PaintStyle(colorScheme: scheme),
            date: HostClock.now, format: FixedClock.utcFormat)
        return session.render(selection, options: options)
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, so every randomised test reproduces from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension ViewNode {
    /// The characters of every text node, in tree order (a date or timer run reads `?`): what a resolved
    /// body says, for tests that check the tree rather than the cells.
    var textStrings: [String] {
        switch self {
        case .text(let text):
            return [
                text.runs.map { run -> String in
                    if case .verbatim(let string) = run.content { return string }
                    return "?"
                }.joined()
            ]
        case .group(let children): return children.flatMap(\.textStrings)
        case .stack(let stack): return stack.children.flatMap(\.textStrings)
        case .modified(let inner, _): return inner.textStrings
        default: return []
        }
    }
}
