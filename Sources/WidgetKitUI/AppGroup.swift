import Foundation

// MARK: - App Group containers

/// Where App Group containers live, as the host provides it. Widget code never calls this: it calls
/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`, which asks the provider installed
/// here. `WidgetHost.AppGroupStore.installAsContainerProvider()` installs one; this module cannot
/// import the host, so the host hands in a closure.
public enum AppGroupContainerHost {
    /// Answers the container directory for an App Group identifier (such as `group.com.example.app`), or
    /// nil when the identifier cannot name a container (the provider says why, once, on standard error).
    public typealias Provider = @Sendable (_ groupIdentifier: String) -> URL?

    nonisolated(unsafe) private static var provider: Provider?
    nonisolated(unsafe) private static var hasWarnedAboutMissingHost = false
    private static let lock = NSLock()

    /// Installs the provider (nil removes it). Thread-safe; the last call wins.
    public static func install(_ provider: Provider?) {
        lock.withLock { self.provider = provider }
    }

    /// True while a provider is installed.
    public static var isInstalled: Bool { lock.withLock { provider != nil } }

    /// The container for `groupIdentifier`, or nil. Without a provider, writes one explanation to
    /// standard error for the whole process and returns nil, as iOS does for an identifier the app's
    /// entitlements do not list.
    static func containerURL(for groupIdentifier: String) -> URL? {
        let (current, shouldWarn): (Provider?, Bool) = lock.withLock {
            guard provider == nil else { return (provider, false) }
            defer { hasWarnedAboutMissingHost = true }
            return (nil, !hasWarnedAboutMissingHost)
        }
        if let current { return current(groupIdentifier) }
        if shouldWarn {
            let message =
                "widgetterm: FileManager.containerURL(forSecurityApplicationGroupIdentifier: \"\(groupIdentifier)\") "
                + "returned nil because no WidgetTerm host is installed. Run the widget through widgetterm, or call "
                + "AppGroupStore.installAsContainerProvider() before widget code asks for its container.\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
        return nil
    }
}

extension FileManager {
    /// The shared container directory of an App Group, as
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` (Foundation, "Configuring App
    /// Groups"). In WidgetTerm it is a real directory of the App Group store (`--app-group DIR`, by default
    /// under the user's cache directory): `<store>/<groupIdentifier>/`, created on first use.
    ///
    /// - Parameter groupIdentifier: The App Group identifier, such as `group.com.example.app`.
    /// - Returns: The directory, or nil when no WidgetTerm host is installed (explained once on standard
    ///   error) or when the identifier cannot name a directory (empty, `.`/`..`, or containing `/`).
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        AppGroupContainerHost.containerURL(for: groupIdentifier)
    }
}
