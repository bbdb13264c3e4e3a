import Foundation

// MARK: - Live Activity families

/// The size of a Live Activity's presentation, as `WidgetKit.ActivityFamily` (iOS 18): `.medium` on the iPhone
/// and iPad (Lock Screen, Dynamic Island), `.small` in CarPlay and the Apple Watch Smart Stack for an activity
/// that opts in with `supplementalActivityFamilies(_:)`.
public enum ActivityFamily: String, Hashable, Sendable, CaseIterable, Codable {
    /// The CarPlay and Apple Watch Smart Stack presentation (WidgetTerm draws CarPlay's: `widgetterm carplay`).
    case small
    /// The iPhone Lock Screen and banner presentation.
    case medium
}

extension WidgetConfiguration {
    /// Offers a Live Activity in more families, as `WidgetConfiguration.supplementalActivityFamilies(_:)` (iOS 18).
    /// With `.small`, CarPlay draws the activity's Lock Screen view with `\.activityFamily == .small` at the small
    /// size; without it, CarPlay shows the compact leading and trailing views (`widgetterm carplay` warns
    /// `activity-without-small-family`). On a widget it does nothing.
    public func supplementalActivityFamilies(_ families: [ActivityFamily]) -> ModifiedWidgetConfiguration {
        var descriptor = self.descriptor
        for family in families where family != .medium && descriptor.activity?.supplementalFamilies.contains(family) == false {
            descriptor.activity?.supplementalFamilies.append(family)
        }
        return ModifiedWidgetConfiguration(descriptor: descriptor)
    }
}
