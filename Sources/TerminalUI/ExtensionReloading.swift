import Foundation
import WidgetHost
import WidgetKitUI

// MARK: - Swift hot reload: a rebuilt widget extension

/// What the Swift source watcher of `widgetterm preview FOLDER` reports to the preview: the extension was
/// rebuilt (its processes were ended, so every widget's next request starts the new program), or the build
/// failed with the compiler's first errors. Changes are queued for the preview's thread; the function given
/// to `start(wake:)` is called when one is queued, so the event loop wakes at once.
public final class ExtensionReloadQueue: @unchecked Sendable {
    /// One rebuild's outcome.
    public enum Change: Sendable, Equatable {
        /// The new program is in place; `buildSeconds` is how long the build took.
        case rebuilt(buildSeconds: Double)
        /// The build failed; `errors` are the compiler's first errors at the user's `file:line:column`.
        case failed(errors: [String])
        /// Files of the extension left out because they cannot compile here, each summarised with its first
        /// error; every other widget is previewed.
        case leftOut(summaries: [String])
    }

    private let lock = NSLock()
    private var queued: [Change] = []
    private var wake: (@Sendable () -> Void)?

    /// Creates a channel with nothing queued and no preview to wake yet.
    public init() {}

    /// Queues a change and wakes the preview.
    public func post(_ change: Change) {
        let wake = lock.withLock {
            queued.append(change)
            return self.wake
        }
        wake?()
    }

    /// The changes queued since the last call, oldest first.
    public func takeChanges() -> [Change] {
        lock.withLock {
            defer { queued = [] }
            return queued
        }
    }

    func start(wake: @escaping @Sendable () -> Void) {
        lock.withLock { self.wake = wake }
    }
}

extension PreviewApp {
    /// Applies rebuilt extensions: a good build drops every widget instance (each timeline is fetched again from
    /// the new program, while selection, family, mode, theme, device, clock and log stay); a failed build keeps
    /// the last good frame and shows the errors in the banner of every widget until the next good build.
    func applyExtensionChanges(at now: Date) {
        guard let queue = extensionReloads else { return }
        for change in queue.takeChanges() {
            switch change {
            case .rebuilt(let seconds):
                for widget in configuration.widgets { documentErrors[widget.kind] = nil }
                instances = [:]
                log.append(.info, "rebuilt the widget extension in \(String(format: "%.1f", seconds)) s; widgets reloaded", at: now)
                terminal.wakeHandler()
            case .failed(let errors):
                let message = errors.prefix(2).joined(separator: " · ")
                for widget in configuration.widgets { documentErrors[widget.kind] = message }
                for line in errors.prefix(5) {
                    log.append(.diagnostic, "\(line) (the last good render stays)", at: now, severity: .error)
                }
            case .leftOut(let summaries):
                for summary in summaries { log.append(.diagnostic, summary, at: now, severity: .warning) }
            }
        }
    }
}
