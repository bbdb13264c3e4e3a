import Foundation

// MARK: - Accessibility modifiers

/// Traits VoiceOver reads, as `SwiftUI.AccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The traits' bits, one per static member.
    public let rawValue: Int
    /// Traits from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The view acts as a button, as SwiftUI's `AccessibilityTraits.isButton`.
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    /// The view is a section heading, as SwiftUI's `AccessibilityTraits.isHeader`.
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    /// The view is currently selected, as SwiftUI's `AccessibilityTraits.isSelected`.
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    /// The view opens a link, as SwiftUI's `AccessibilityTraits.isLink`.
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    /// The view is an image, as SwiftUI's `AccessibilityTraits.isImage`.
    public static let isImage = AccessibilityTraits(rawValue: 1 << 4)
    /// The view is text that does not change, as SwiftUI's `AccessibilityTraits.isStaticText`.
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 5)
    /// The view's value changes often (a timer), as SwiftUI's `AccessibilityTraits.updatesFrequently`.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 6)
    /// VoiceOver reads the view when the app starts, as SwiftUI's `AccessibilityTraits.isSummaryElement`.
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 7)
}

// VoiceOver has no counterpart in a terminal preview: these modifiers compile and change no cell
// (docs/DECISIONS.md). The ones taking `Text` and `LocalizedStringKey` are in Modifiers.swift.
extension View {
    /// The label VoiceOver reads, as `View.accessibilityLabel(_:)` with a string; no cell changes.
    @_disfavoredOverload
    @inlinable
    public consuming func accessibilityLabel<S: StringProtocol>(_ label: S) -> Self { self }
    /// The hint VoiceOver reads after the label, as `View.accessibilityHint(_:)`; no cell changes.
    @inlinable
    public consuming func accessibilityHint(_ hint: Text) -> Self { self }
    /// The hint VoiceOver reads after the label, as `View.accessibilityHint(_:)`; no cell changes.
    @inlinable
    public consuming func accessibilityHint(_ hint: LocalizedStringKey) -> Self { self }
    /// The value VoiceOver reads, as `View.accessibilityValue(_:)`; no cell changes.
    @inlinable
    public consuming func accessibilityValue(_ value: LocalizedStringKey) -> Self { self }
    /// The value VoiceOver reads, as `View.accessibilityValue(_:)` with a string; no cell changes.
    @_disfavoredOverload
    @inlinable
    public consuming func accessibilityValue<S: StringProtocol>(_ value: S) -> Self { self }
    /// Adds traits VoiceOver reads, as `View.accessibilityAddTraits(_:)`; no cell changes.
    @inlinable
    public consuming func accessibilityAddTraits(_ traits: AccessibilityTraits) -> Self { self }
    /// Removes traits VoiceOver reads, as `View.accessibilityRemoveTraits(_:)`; no cell changes.
    @inlinable
    public consuming func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> Self { self }
    /// The identifier UI tests find the view by, as `View.accessibilityIdentifier(_:)`; no cell changes.
    @inlinable
    public consuming func accessibilityIdentifier(_ identifier: String) -> Self { self }
    /// Where VoiceOver visits the view among its siblings, as `View.accessibilitySortPriority(_:)`.
    @inlinable
    public consuming func accessibilitySortPriority(_ priority: Double) -> Self { self }
}
