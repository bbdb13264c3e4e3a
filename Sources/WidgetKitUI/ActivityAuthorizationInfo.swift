import Foundation

// MARK: - Whether the app may start Live Activities

/// A host that can say whether the person allows Live Activities for the app (WidgetHost's `ActivityCenter`).
public protocol ActivityAuthorizationHost: AnyObject, Sendable {
    /// False when the person turned Live Activities off for the app.
    var areActivitiesEnabled: Bool { get }
}

/// Whether the app may start Live Activities, as `ActivityKit.ActivityAuthorizationInfo`.
///
/// Reads the activity host of the current `HostContext`: its `areActivitiesEnabled` when it is an
/// `ActivityAuthorizationHost`, true for any other host, and false when no host is installed (a request would fail).
/// Apple: https://developer.apple.com/documentation/activitykit/activityauthorizationinfo
public final class ActivityAuthorizationInfo: Sendable {
    /// Reads the current host's setting, as `ActivityAuthorizationInfo()`.
    public init() {}

    /// True when the app may start Live Activities, as `ActivityAuthorizationInfo.areActivitiesEnabled`;
    /// when false, `Activity.request` throws `ActivityAuthorizationError.denied`.
    public var areActivitiesEnabled: Bool {
        guard let host = HostContext.current.activities else { return false }
        return (host as? any ActivityAuthorizationHost)?.areActivitiesEnabled ?? true
    }
}
