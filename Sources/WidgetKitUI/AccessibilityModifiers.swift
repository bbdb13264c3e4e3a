import Foundation

// MARK: - Accessibility modifiers

/// Traits VoiceOver reads, as `SwiftUI.AccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 4)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 5)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 6)
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
