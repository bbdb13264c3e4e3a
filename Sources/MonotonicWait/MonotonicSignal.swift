import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Waiting with a time limit on the real clock

/// A one-shot signal whose timed wait measures the limit on CLOCK_MONOTONIC.
///
/// The process's realtime clock is simulated (CSimulatedClock): it can sit hours or months away from the
/// kernel's. Anything that turns a timeout into an absolute *realtime* deadline, such as
/// `DispatchSemaphore.wait(timeout:)` on Linux, then times out at once (clock in the past) or never
/// (clock in the future). Host code that waits with a limit uses this instead.
public final class MonotonicSignal: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var isSignalled = false

    /// An unsignalled signal whose waits time out on the monotonic clock.
    public init() {
        pthread_mutex_init(&mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    /// Wakes the waiter (now or when it starts waiting).
    public func signal() {
        pthread_mutex_lock(&mutex)
        isSignalled = true
        pthread_cond_broadcast(&condition)
        pthread_mutex_unlock(&mutex)
    }

    /// Waits until signalled or `seconds` of real time pass; true when signalled.
    public func wait(seconds: TimeInterval) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let whole = seconds.rounded(.down)
        deadline.tv_sec += Int(whole)
        deadline.tv_nsec += Int((seconds - whole) * 1_000_000_000)
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        while !isSignalled {
            if pthread_cond_timedwait(&condition, &mutex, &deadline) == ETIMEDOUT { break }
        }
        return isSignalled
    }
}
