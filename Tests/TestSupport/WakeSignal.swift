import Foundation
import WidgetHost

/// Counts wakes from any thread (a watcher's or a terminal's wake handler) and lets a test block until the
/// next one. The time limit is measured on CLOCK_MONOTONIC (`MonotonicSignal`): tests freeze the process's
/// realtime clock, so a `DispatchSemaphore` deadline could pass at once.
public final class WakeSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = 0
    private var waiter: MonotonicSignal?

    /// No wake yet.
    public init() {}

    /// Records one wake and wakes the thread in `wait(seconds:)`, if any.
    public func signal() {
        let woken = lock.withLock {
            pending += 1
            defer { waiter = nil }
            return waiter
        }
        woken?.signal()
    }

    /// Takes one recorded wake, waiting for it at most `seconds` of real time; false when none came.
    public func wait(seconds: TimeInterval) -> Bool {
        let signal = MonotonicSignal()
        func take() -> Bool {
            guard pending > 0 else { return false }
            pending -= 1
            return true
        }
        let taken = lock.withLock {
            if take() { return true }
            waiter = signal
            return false
        }
        if taken { return true }
        _ = signal.wait(seconds: seconds)
        return lock.withLock {
            waiter = nil
            return take()
        }
    }
}
