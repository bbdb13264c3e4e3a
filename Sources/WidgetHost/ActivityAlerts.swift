import Foundation
import CellRender
import WidgetKitUI

// MARK: - Live Activity alerts

/// Where iOS shows the alert of a Live Activity update (`AlertConfiguration`): the expanded presentation on a
/// device with a Dynamic Island, a banner (the Lock Screen presentation at the top of the screen) on one without.
/// Source: Apple DTS in https://developer.apple.com/forums/thread/799195 ("display the expanded presentation on
/// devices that support the Dynamic Island or a banner on devices that don't"); DECISIONS.md 2026-12-02.
public enum ActivityAlertPlacement: String, Sendable, Equatable {
    /// The Dynamic Island expands to show the activity.
    case expandedIsland = "the expanded island"
    /// A banner with the activity's Lock Screen view.
    case banner = "a banner"

    /// The placement on `device`: the expanded island when it has Live Activity island metrics, else a banner.
    public static func placement(on device: DeviceProfile) -> ActivityAlertPlacement {
        device.island != nil ? .expandedIsland : .banner
    }

    /// The presentation that draws the alert: `.expanded` for the island, `.lockScreen` for a banner.
    public var presentation: ActivityPresentation { self == .expandedIsland ? .expanded : .lockScreen }
}

/// One alert the activity center showed with an update; WidgetTerm names the sound instead of playing it.
public struct ActivityAlert: Equatable, Sendable, CustomStringConvertible {
    /// When (the center's clock).
    public var date: Date
    /// The activity updated.
    public var activityID: String
    /// `AlertConfiguration.title`.
    public var title: String
    /// `AlertConfiguration.body`.
    public var body: String
    /// `AlertConfiguration.sound`: the sound file's name, or `default`.
    public var soundName: String

    /// An alert record from the configuration it came with.
    public init(date: Date, activityID: String, configuration: AlertConfiguration) {
        self.date = date
        self.activityID = activityID
        title = configuration.title
        body = configuration.body
        soundName = configuration.sound.name
    }

    /// The alert in one line: `alert “title” body · sound NAME`.
    public var description: String { "alert “\(title)” \(body) · sound \(soundName)" }

    /// The line with where `device` shows it, e.g. `… · sound chime.caf, shown in the expanded island`.
    public func description(on device: DeviceProfile) -> String {
        "\(description), shown in \(ActivityAlertPlacement.placement(on: device).rawValue)"
    }
}
