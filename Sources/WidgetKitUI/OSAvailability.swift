import Foundation

// MARK: - #available, as the simulated iOS answers it

/// The iOS version that `#available` checks in widget code see: the `--os` of the command.
///
/// On Linux `#available(iOS 17, *)` is always true, because iOS is not the platform being compiled for. So
/// WidgetTerm rewrites each check in a developer's widget sources into a call to ``iOS(_:_:_:)`` before
/// compiling them (`widgetterm render PATH`, docs/DECISIONS.md "#if and #available as iOS sees them"), and
/// one build then takes the iOS 16 branch with `--os 16` and the iOS 17 branch with `--os 17`. `--os N`
/// stands for the newest release of iOS N: `#available(iOS 16.1, *)` holds with `--os 16`.
///
/// The version is one per process, as an extension process runs on one system; the command line sets it.
public enum OSAvailability {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var majorVersion = 26

    /// The iOS major versions WidgetTerm simulates, oldest first: 14 to 18, then 26 (Apple numbered the release after
    /// iOS 18 as 26, for the year; there was no iOS 19 to 25). `--os` takes these, and the preview's `o` and `O` keys
    /// step through them; 14 is the first iOS with widgets.
    public static let simulatedMajorVersions = [14, 15, 16, 17, 18, 26]

    /// The simulated iOS major version (default 26).
    public static var iOSMajorVersion: Int {
        get { lock.withLock { majorVersion } }
        set { lock.withLock { majorVersion = newValue } }
    }

    /// Whether the simulated iOS is at least `major.minor.patch`: what `#available(iOS major.minor.patch, *)`
    /// answers. The minor and patch versions are met by the newest release of the simulated major version.
    public static func iOS(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) -> Bool {
        major <= iOSMajorVersion
    }
}
