import Foundation

// MARK: - Where a widget appears

/// A place a widget appears, as `WidgetKit.WidgetLocation` (iOS 17+): the values
/// `disfavoredLocations(_:for:)` takes. WidgetKit offers no environment value that says where a widget is
/// shown (docs/DECISIONS.md, "StandBy, CarPlay and widget locations").
public struct WidgetLocation: Hashable, Sendable, CustomStringConvertible {
    let name: String

    /// The Home Screen or Today View.
    public static let homeScreen = WidgetLocation(name: "homeScreen")
    /// The Lock Screen.
    public static let lockScreen = WidgetLocation(name: "lockScreen")
    /// StandBy.
    public static let standBy = WidgetLocation(name: "standBy")
    /// A widget from an iPhone shown on a Mac.
    public static let iPhoneWidgetsOnMac = WidgetLocation(name: "iPhoneWidgetsOnMac")
    /// CarPlay (iOS 26).
    public static let carPlay = WidgetLocation(name: "carPlay")
    /// A Smart Stack.
    public static let smartStack = WidgetLocation(name: "smartStack")

    /// The location's name as in WidgetKit (`standBy`, `smartStack`).
    public var description: String { name }
}

extension WidgetConfiguration {
    /// Asks the system not to offer the widget's `families` in `locations`, as
    /// `WidgetConfiguration.disfavoredLocations(_:for:)` (iOS 17+). `widgetterm standby` warns when it is asked
    /// to show a widget that disfavors StandBy.
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> ModifiedWidgetConfiguration {
        var descriptor = self.descriptor
        for location in locations {
            descriptor.disfavoredLocations[location, default: []].append(contentsOf: families)
        }
        return ModifiedWidgetConfiguration(descriptor: descriptor)
    }
}
