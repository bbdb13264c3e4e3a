import Foundation

// MARK: - App Group containers

extension FileManager {
    /// The shared container directory of an App Group, as
    /// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` (Foundation, "Configuring App
    /// Groups"). In WidgetTerm it is a real directory of the App Group store (`--app-group DIR`, by default
    /// under the user's cache directory): `<store>/<groupIdentifier>/`, created on first use.
    ///
    /// - Parameter groupIdentifier: The App Group identifier, such as `group.com.example.app`.
    /// - Returns: The directory, or nil when the host has no App Group store (explained once on standard
    ///   error) or when the identifier cannot name a directory (empty, `.`/`..`, or containing `/`).
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        HostContext.current.containerURL(for: groupIdentifier)
    }
}
