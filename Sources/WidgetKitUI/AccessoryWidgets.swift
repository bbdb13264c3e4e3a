import Foundation

// MARK: - Lock Screen accessories

/// The standard backdrop of an accessory widget, as WidgetKit's `AccessoryWidgetBackground`
/// (developer.apple.com/documentation/widgetkit/accessorywidgetbackground): put it in a `ZStack` behind the
/// widget's content.
///
/// As on iOS, it shows only in `accessoryCircular` (a circle filling the widget) and `accessoryRectangular`
/// (the widget's rounded rectangle), and is an empty view in every other family. WidgetTerm paints it white
/// at 20 % opacity, the translucent backdrop the Lock Screen draws, so the rendering mode's transform treats
/// it like any translucent fill (docs/DECISIONS.md).
public struct AccessoryWidgetBackground: PrimitiveView {
    /// The backdrop's colour before the rendering mode's transform.
    public static let backdrop = Color.white.opacity(0.2)

    /// The backdrop; what it draws depends on the widget family (see the type).
    public init() {}

    /// A circle in `accessoryCircular`, the container's rounded rectangle in `accessoryRectangular`, filled
    /// with `backdrop`; an empty node in any other family.
    public func resolve(in context: ResolveContext) -> ViewNode {
        switch context.environment.widgetFamily {
        case .accessoryCircular: return .shape(ShapeNode(kind: .circle, fill: .color(Self.backdrop)))
        case .accessoryRectangular: return .shape(ShapeNode(kind: .containerRelative, fill: .color(Self.backdrop)))
        default: return .empty
        }
    }
}

extension EnvironmentValues {
    /// Whether an accessory widget's `widgetLabel` is shown, as `EnvironmentValues.showsWidgetLabel`: only
    /// watchOS complications show labels, so on iPhone and iPad (what WidgetTerm previews) it is always false.
    public var showsWidgetLabel: Bool { false }
}

extension View {
    /// A label shown around an accessory widget, as `View.widgetLabel(_:)`. The system shows labels only on
    /// watchOS complications and ignores them on the iPhone and iPad Lock Screen, so this draws nothing; it is
    /// accepted so code shared with a watch widget compiles.
    @inlinable
    public consuming func widgetLabel(_ labelKey: LocalizedStringKey) -> Self { self }

    /// A label shown around an accessory widget (ignored on iPhone and iPad; see `widgetLabel(_:)`).
    @inlinable
    public consuming func widgetLabel<S: StringProtocol>(_ label: S) -> Self { self }

    /// A label view shown around an accessory widget (ignored on iPhone and iPad; see `widgetLabel(_:)`).
    @inlinable
    public consuming func widgetLabel<Label: View>(@ViewBuilder label: () -> Label) -> Self { self }
}
