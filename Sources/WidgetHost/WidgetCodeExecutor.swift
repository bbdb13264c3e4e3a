import Foundation
import WidgetKitUI

/// The threads widget code's async work runs on while the host waits for it: a concurrent Dispatch queue,
/// which grows threads as needed, rather than the cooperative pool. The host may be blocking a pool
/// thread while it waits (a test runner, a synchronous command), and a provider must still run.
public final class WidgetCodeExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor every session's provider calls use.
    public static let shared = WidgetCodeExecutor()

    private let queue = DispatchQueue(label: "widgetterm.widget-code", attributes: .concurrent)

    /// Runs each job on the queue.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
