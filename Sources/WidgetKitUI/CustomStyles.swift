import Foundation

// MARK: - Styles written by widget code

/// The custom styles set on the views below (`gaugeStyle(_:)`, `progressViewStyle(_:)`, `labelStyle(_:)`,
/// `buttonStyle(_:)` with a style that has a `makeBody(configuration:)`); nil: the built-in look.
public struct CustomStyles: @unchecked Sendable {
    /// Draws a gauge from its configuration.
    public var gauge: ((GaugeStyleConfiguration) -> AnyView)?
    /// Draws a progress view from its configuration.
    public var progressView: ((ProgressViewStyleConfiguration) -> AnyView)?
    /// Draws a label from its configuration.
    public var label: ((LabelStyleConfiguration) -> AnyView)?
    /// Draws a button from its configuration.
    public var button: ((ButtonStyleConfiguration) -> AnyView)?

    /// No custom styles.
    public init() {}
}

private enum CustomStylesKey: EnvironmentKey {
    static let defaultValue = CustomStyles()
}

extension EnvironmentValues {
    /// The custom styles set on the views below.
    public var customStyles: CustomStyles {
        get { self[CustomStylesKey.self] }
        set { self[CustomStylesKey.self] = newValue }
    }
}

/// A view a style's configuration hands to `makeBody(configuration:)`: the control's own label, resolved
/// where the style's body places it, in the environment there.
public struct StyleConfigurationContent: PrimitiveView {
    let content: AnyView

    init<V: View>(_ view: V) { content = AnyView(view) }

    /// Resolves the control's view in `context`.
    public func resolve(in context: ResolveContext) -> ViewNode { content.resolve(in: context) }
}

extension View {
    /// Sets `makeBody`, a style's `makeBody(configuration:)`, as the custom style at `slot` for the views below:
    /// what `gaugeStyle(_:)`, `progressViewStyle(_:)`, `labelStyle(_:)` and `buttonStyle(_:)` share.
    fileprivate consuming func customStyle<Configuration, Body: View>(
        _ slot: WritableKeyPath<CustomStyles, ((Configuration) -> AnyView)?>, _ makeBody: @escaping (Configuration) -> Body
    ) -> EnvironmentModifiedView<Self> {
        nonisolated(unsafe) let makeBody = makeBody
        return environmentModified { $0.customStyles[keyPath: slot] = { AnyView(makeBody($0)) } }
    }
}

// MARK: Gauge

/// A custom look for gauges, as `SwiftUI.GaugeStyle`: `makeBody(configuration:)` returns the view drawn in place of
/// each gauge below `.gaugeStyle(_:)`.
public protocol GaugeStyle {
    /// The view a gauge is drawn as.
    associatedtype Body: View
    /// The gauge's value and labels.
    typealias Configuration = GaugeStyleConfiguration
    /// The view drawn for a gauge with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a `GaugeStyle` draws a gauge from, as `SwiftUI.GaugeStyleConfiguration`.
public struct GaugeStyleConfiguration {
    /// The gauge's label, as `GaugeStyleConfiguration.Label`.
    public typealias Label = StyleConfigurationContent
    /// The label showing the current value, as `GaugeStyleConfiguration.CurrentValueLabel`.
    public typealias CurrentValueLabel = StyleConfigurationContent
    /// A bound's label, as `GaugeStyleConfiguration.MarkedValueLabel`.
    public typealias MarkedValueLabel = StyleConfigurationContent

    /// Where the value lies in the gauge's bounds, from 0 (the lower bound) to 1 (the upper one).
    public var value: Double
    /// The gauge's label.
    public var label: Label
    /// The current-value label, if the gauge has one.
    public var currentValueLabel: CurrentValueLabel?
    /// The lower bound's label, if the gauge has one.
    public var minimumValueLabel: MarkedValueLabel?
    /// The upper bound's label, if the gauge has one.
    public var maximumValueLabel: MarkedValueLabel?
}

extension View {
    /// Draws the gauges below with `style`'s `makeBody(configuration:)`, as `View.gaugeStyle(_:)` with a custom style.
    public consuming func gaugeStyle<S: GaugeStyle>(_ style: S) -> EnvironmentModifiedView<Self> {
        customStyle(\.gauge, style.makeBody(configuration:))
    }
}

// MARK: Progress view

/// A custom look for progress views, as `SwiftUI.ProgressViewStyle`.
public protocol ProgressViewStyle {
    /// The view a progress view is drawn as.
    associatedtype Body: View
    /// The progress view's fraction and labels.
    typealias Configuration = ProgressViewStyleConfiguration
    /// The view drawn for a progress view with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a `ProgressViewStyle` draws a progress view from, as `SwiftUI.ProgressViewStyleConfiguration`.
public struct ProgressViewStyleConfiguration {
    /// The progress view's label, as `ProgressViewStyleConfiguration.Label`.
    public typealias Label = StyleConfigurationContent
    /// The current-value label, as `ProgressViewStyleConfiguration.CurrentValueLabel`.
    public typealias CurrentValueLabel = StyleConfigurationContent

    /// The fraction completed, from 0 to 1 (for a timer, at the moment the body is built).
    public var fractionCompleted: Double?
    /// The label, if the progress view has one.
    public var label: Label?
    /// The current-value label, if the progress view has one.
    public var currentValueLabel: CurrentValueLabel?
}

extension View {
    /// Draws the progress views below with `style`'s `makeBody(configuration:)`, as `View.progressViewStyle(_:)`
    /// with a custom style.
    public consuming func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> EnvironmentModifiedView<Self> {
        customStyle(\.progressView, style.makeBody(configuration:))
    }
}

// MARK: Label

/// A look for labels, as `SwiftUI.LabelStyle`: the built-in `.titleAndIcon`, `.titleOnly`, `.iconOnly` and
/// `.automatic`, or a custom style's `makeBody(configuration:)`.
public protocol LabelStyle {
    /// The view a label is drawn as.
    associatedtype Body: View
    /// The label's title and icon.
    typealias Configuration = LabelStyleConfiguration
    /// The view drawn for a label with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a `LabelStyle` draws a label from, as `SwiftUI.LabelStyleConfiguration`.
public struct LabelStyleConfiguration {
    /// The label's title, as `LabelStyleConfiguration.Title`.
    public typealias Title = StyleConfigurationContent
    /// The label's icon, as `LabelStyleConfiguration.Icon`.
    public typealias Icon = StyleConfigurationContent
    /// The title.
    public var title: Title
    /// The icon.
    public var icon: Icon
}

/// Icon, then title, in a row, as `SwiftUI.TitleAndIconLabelStyle` (and `DefaultLabelStyle`, `.automatic`).
public struct TitleAndIconLabelStyle: LabelStyle {
    /// The style, as `TitleAndIconLabelStyle()`.
    public init() {}
    /// The icon and the title in a row.
    public func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.icon
            configuration.title
        }
    }
}

/// The title alone, as `SwiftUI.TitleOnlyLabelStyle`.
public struct TitleOnlyLabelStyle: LabelStyle {
    /// The style, as `TitleOnlyLabelStyle()`.
    public init() {}
    /// The title.
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon alone, as `SwiftUI.IconOnlyLabelStyle`.
public struct IconOnlyLabelStyle: LabelStyle {
    /// The style, as `IconOnlyLabelStyle()`.
    public init() {}
    /// The icon.
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

/// The label style the context chooses, as `SwiftUI.DefaultLabelStyle`: in a widget, icon and title.
public typealias DefaultLabelStyle = TitleAndIconLabelStyle

extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// `.labelStyle(.titleAndIcon)`.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
    /// `.labelStyle(.automatic)`: icon and title.
    public static var automatic: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// `.labelStyle(.titleOnly)`.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    /// `.labelStyle(.iconOnly)`.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension View {
    /// Draws the labels below with `style`, as `View.labelStyle(_:)`.
    public consuming func labelStyle<S: LabelStyle>(_ style: S) -> EnvironmentModifiedView<Self> {
        customStyle(\.label, style.makeBody(configuration:))
    }
}

// MARK: Button

/// A custom look for buttons, as `SwiftUI.ButtonStyle`: `makeBody(configuration:)` returns the view drawn for
/// each button below `.buttonStyle(_:)`; a tap still runs the button's intent.
public protocol ButtonStyle {
    /// The view a button is drawn as.
    associatedtype Body: View
    /// The button's label and state.
    typealias Configuration = ButtonStyleConfiguration
    /// The view drawn for a button with `configuration`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a `ButtonStyle` draws a button from, as `SwiftUI.ButtonStyleConfiguration`.
public struct ButtonStyleConfiguration {
    /// The button's label, as `ButtonStyleConfiguration.Label`.
    public typealias Label = StyleConfigurationContent
    /// The label.
    public var label: Label
    /// Whether the button is pressed: always false, as a widget is drawn from its archive and never shows a press.
    public var isPressed: Bool
}

extension View {
    /// Draws the buttons below with `style`'s `makeBody(configuration:)`, as `View.buttonStyle(_:)` with a
    /// `ButtonStyle`.
    public consuming func buttonStyle<S: ButtonStyle>(_ style: S) -> EnvironmentModifiedView<Self> {
        customStyle(\.button, style.makeBody(configuration:))
    }
}

// MARK: Resolving controls through their custom styles

extension ResolveContext {
    /// `gauge` drawn by the custom gauge style, or nil when there is none.
    public func resolveCustomGauge<L: View, C: View, B: View>(
        fraction: Double, label: L, currentValueLabel: C?, minimumValueLabel: B?, maximumValueLabel: B?
    ) -> ViewNode? {
        guard let style = environment.customStyles.gauge else { return nil }
        let configuration = GaugeStyleConfiguration(
            value: fraction, label: StyleConfigurationContent(label),
            currentValueLabel: currentValueLabel.map { StyleConfigurationContent($0) },
            minimumValueLabel: minimumValueLabel.map { StyleConfigurationContent($0) },
            maximumValueLabel: maximumValueLabel.map { StyleConfigurationContent($0) })
        return style(configuration).resolve(in: with { $0.customStyles.gauge = nil })
    }

    /// A progress view drawn by the custom progress view style, or nil when there is none.
    public func resolveCustomProgressView<L: View>(
        fraction: Double, label: L?, currentValueLabel: ((ResolveContext) -> ViewNode)?
    ) -> ViewNode? {
        guard let style = environment.customStyles.progressView else { return nil }
        let value = currentValueLabel.map { resolve in StyleConfigurationContent(ResolvedByClosure(resolveNode: resolve)) }
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: fraction, label: label.map { StyleConfigurationContent($0) }, currentValueLabel: value)
        return style(configuration).resolve(in: with { $0.customStyles.progressView = nil })
    }

    /// A label drawn by the label style, or nil when none is set.
    public func resolveStyledLabel<T: View, I: View>(title: T, icon: I) -> ViewNode? {
        guard let style = environment.customStyles.label else { return nil }
        let configuration = LabelStyleConfiguration(title: StyleConfigurationContent(title), icon: StyleConfigurationContent(icon))
        return style(configuration).resolve(in: with { $0.customStyles.label = nil })
    }

    /// A button's label drawn by the custom button style, or nil when there is none.
    public func resolveCustomButton<L: View>(label: L) -> ViewNode? {
        guard let style = environment.customStyles.button else { return nil }
        let configuration = ButtonStyleConfiguration(label: StyleConfigurationContent(label), isPressed: false)
        return style(configuration).resolve(in: with { $0.customStyles.button = nil })
    }
}

/// A view resolved by a closure (a progress view's type-erased current-value label).
struct ResolvedByClosure: PrimitiveView {
    let resolveNode: (ResolveContext) -> ViewNode
    func resolve(in context: ResolveContext) -> ViewNode { resolveNode(context) }
}
