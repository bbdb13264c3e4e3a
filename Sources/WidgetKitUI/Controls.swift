import Foundation

// MARK: - Tap targets

/// Opens a URL when tapped, as `SwiftUI.Link`. WidgetKit honours links in medium and larger families,
/// and in `systemSmall`/`accessoryRectangular` from iOS 17 ("Linking to specific app scenes").
public struct Link<Label: View>: PrimitiveView {
    @usableFromInline let destination: URL
    @usableFromInline let label: Label

    /// A link to `destination` drawn as `label`, as `Link(destination:label:)`.
    @inlinable
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    /// The label, marked as a tap target that opens `destination`.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        .modified(label._resolve(in: context), .tapTarget(.link(destination)))
    }
}

extension Link where Label == Text {
    /// A link titled with a localized key, as `Link(_:destination:)`.
    @inlinable
    public init(_ title: LocalizedStringKey, destination: URL) {
        self.destination = destination
        self.label = Text(title)
    }
    /// A link titled with a string, as `Link(_:destination:)`.
    @inlinable
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.destination = destination
        self.label = Text(title)
    }
}

/// A button, as `SwiftUI.Button`. In a widget only `Button(intent:)` acts (iOS 17+,
/// "Adding interactivity to widgets and Live Activities"); a closure button is drawn but inert.
public struct Button<Label: View>: PrimitiveView {
    @usableFromInline let intent: IntentReference?
    @usableFromInline let label: Label

    /// A button that performs an App Intent when tapped.
    @inlinable
    public init<I: AppIntent>(intent: I, @ViewBuilder label: () -> Label) {
        self.intent = IntentReference(intent)
        self.label = label()
    }

    /// A closure button: widgets never run the action (it is drawn, and a tap does nothing).
    @inlinable
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.intent = nil
        self.label = label()
    }

    /// The label in the environment's button style; tapping runs the intent unless the button has none or
    /// is disabled (`.disabled(true)`).
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let node = context.resolveCustomButton(label: label) ?? context.environment.buttonLook.resolve(label, in: context)
        guard let intent, context.environment.isEnabled else { return node }
        return .modified(node, .tapTarget(.intent(intent)))
    }
}

extension Button where Label == Text {
    /// A titled button that performs `intent` when tapped, as `Button(_:intent:)`.
    @inlinable
    public init<I: AppIntent>(_ title: LocalizedStringKey, intent: I) {
        self.intent = IntentReference(intent)
        self.label = Text(title)
    }
    /// A titled closure button, as `Button(_:action:)`: drawn, but a tap does nothing in a widget.
    @inlinable
    public init(_ title: LocalizedStringKey, action: @escaping () -> Void) {
        self.intent = nil
        self.label = Text(title)
    }
}

extension Button where Label == SwiftUILabel {
    /// A button labelled with a title and an SF Symbol that performs `intent`, as
    /// `Button(_:systemImage:intent:)`.
    @inlinable
    public init<I: AppIntent>(_ title: LocalizedStringKey, systemImage: String, intent: I) {
        self.intent = IntentReference(intent)
        self.label = SwiftUILabel(title, systemImage: systemImage)
    }
}

/// `Label<Text, Image>`, named for the button and toggle initialisers that build one.
public typealias SwiftUILabel = Label<Text, Image>

/// An on/off control, as `SwiftUI.Toggle`; in a widget it acts through `Toggle(isOn:intent:)` (iOS 17+).
public struct Toggle<Label: View>: PrimitiveView {
    @usableFromInline let isOn: Bool
    @usableFromInline let intent: IntentReference?
    @usableFromInline let label: Label

    /// A toggle showing `isOn` whose tap performs `intent`, as `Toggle(isOn:intent:label:)`.
    @inlinable
    public init<I: AppIntent>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.intent = IntentReference(intent)
        self.label = label()
    }

    /// One row: the label, a spacer, then a switch glyph, `◉` in the tint (green by default) when on and
    /// `○` in the secondary colour when off; dimmed and inert when disabled.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let tint = context.environment.tint ?? .green
        let switchNode = ViewNode.text(
            TextNode(
                runs: [
                    TextRun(
                        content: .verbatim(isOn ? "◉" : "○"), font: context.environment.font ?? .body,
                        foreground: !context.environment.isEnabled
                            ? .hierarchical(level: 2, base: nil) : isOn ? .color(tint) : .hierarchical(level: 1, base: nil))
                ],
                lineLimit: 1, alignment: .leading))
        let row = ViewNode.stack(
            StackNode(
                axis: .horizontal, alignment: .center, spacing: nil,
                children: ButtonLook.plain.resolve(label, in: context).flattened + [.spacer(minLength: nil), switchNode]))
        guard let intent, context.environment.isEnabled else { return row }
        return .modified(row, .tapTarget(.toggle(isOn: isOn, intent: intent)))
    }
}

extension Toggle where Label == Text {
    /// A toggle titled with a localized key, as `Toggle(_:isOn:intent:)`.
    @inlinable
    public init<I: AppIntent>(_ title: LocalizedStringKey, isOn: Bool, intent: I) {
        self.isOn = isOn
        self.intent = IntentReference(intent)
        self.label = Text(title)
    }
}

// MARK: - Gauges and progress

/// A value in a range, as `SwiftUI.Gauge` (iOS 16+); its look comes from `.gaugeStyle(_:)`.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View>: PrimitiveView {
    @usableFromInline let fraction: Double
    @usableFromInline let label: Label
    @usableFromInline let currentValueLabel: CurrentValueLabel?
    @usableFromInline let minimumValueLabel: BoundsLabel?
    @usableFromInline let maximumValueLabel: BoundsLabel?

    /// A gauge with all its labels, as `Gauge(value:in:label:currentValueLabel:minimumValueLabel:maximumValueLabel:)`;
    /// `value` is clamped into `bounds` (an empty range or a non-finite value shows empty).
    @inlinable
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1,
        @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> BoundsLabel,
        @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) {
        fraction = Gauge.fraction(Double(value), Double(bounds.lowerBound), Double(bounds.upperBound))
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }

    @usableFromInline
    static func fraction(_ value: Double, _ lower: Double, _ upper: Double) -> Double {
        guard upper > lower, value.isFinite else { return 0 }
        return min(max((value - lower) / (upper - lower), 0), 1)
    }

    /// A gauge in the environment's gauge style (`.accessoryLinearCapacity` by default), filled with the tint (else the
    /// foreground style), with the value and bound labels in the caption font unless a font is set.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        if let styled = context.resolveCustomGauge(
            fraction: fraction, label: label, currentValueLabel: currentValueLabel, minimumValueLabel: minimumValueLabel,
            maximumValueLabel: maximumValueLabel)
        {
            return styled
        }
        let tint = context.environment.tintGradient ?? context.environment.tint.map(Paint.color) ?? context.environment.foregroundStyle
        let kind = context.environment.gaugeStyle ?? .accessoryLinearCapacity
        let small = context.with { $0.font = $0.font ?? .caption }
        return .gauge(
            GaugeNode(
                kind: kind, fraction: fraction, tint: tint, track: .color(.gaugeTrack),
                label: label._resolve(in: context),
                currentValueLabel: currentValueLabel.map { $0._resolve(in: small) } ?? .empty,
                minimumValueLabel: minimumValueLabel.map { $0._resolve(in: small) } ?? .empty,
                maximumValueLabel: maximumValueLabel.map { $0._resolve(in: small) } ?? .empty))
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView {
    /// A gauge with only a label, as `Gauge(value:in:label:)`.
    @inlinable
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        fraction = Gauge.fraction(Double(value), Double(bounds.lowerBound), Double(bounds.upperBound))
        self.label = label()
        currentValueLabel = nil
        minimumValueLabel = nil
        maximumValueLabel = nil
    }
}

extension Gauge where BoundsLabel == EmptyView {
    /// A gauge with a label and a current-value label, as `Gauge(value:in:label:currentValueLabel:)`.
    @inlinable
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        fraction = Gauge.fraction(Double(value), Double(bounds.lowerBound), Double(bounds.upperBound))
        self.label = label()
        self.currentValueLabel = currentValueLabel()
        minimumValueLabel = nil
        maximumValueLabel = nil
    }
}

extension Gauge where Label == EmptyView, CurrentValueLabel == EmptyView, BoundsLabel == EmptyView {
    /// A gauge with no labels, as `Gauge(value:in:)`.
    @inlinable
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1) {
        fraction = Gauge.fraction(Double(value), Double(bounds.lowerBound), Double(bounds.upperBound))
        label = EmptyView()
        currentValueLabel = nil
        minimumValueLabel = nil
        maximumValueLabel = nil
    }
}

/// Gauge looks usable in widgets, as `SwiftUI.GaugeStyle` (widgetkit-facts §6).
public struct GaugeStyleChoice: Sendable {
    @usableFromInline let kind: GaugeKind
}

extension GaugeStyleChoice {
    /// Open ring with a marker at the value.
    public static let accessoryCircular = GaugeStyleChoice(kind: .accessoryCircular)
    /// Closed ring filled to the value.
    public static let accessoryCircularCapacity = GaugeStyleChoice(kind: .accessoryCircularCapacity)
    /// Bar with a marker at the value.
    public static let accessoryLinear = GaugeStyleChoice(kind: .accessoryLinear)
    /// Bar filled from the leading edge.
    public static let accessoryLinearCapacity = GaugeStyleChoice(kind: .accessoryLinearCapacity)
    /// Bar filled from the leading edge, in system families.
    public static let linearCapacity = GaugeStyleChoice(kind: .linearCapacity)
}

extension Color {
    /// The unfilled part of gauges and progress bars (`systemGray4`).
    @usableFromInline static let gaugeTrack = Color(storage: .system(.systemGray4))
}

/// Progress through a task or time, as `SwiftUI.ProgressView`.
public struct ProgressView<Label: View>: PrimitiveView {
    @usableFromInline let fraction: Double
    @usableFromInline let timer: TimerProgress?
    @usableFromInline let label: Label?
    /// The view under the bar (`currentValueLabel:`), resolved in the progress view's context; nil: none.
    @usableFromInline var currentValueLabel: ((ResolveContext) -> ViewNode)? = nil

    /// The bar in the environment's progress style, tinted with the tint or the accent colour, with the
    /// label above it and the current-value label under it when given.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        if let styled = context.resolveCustomProgressView(fraction: fraction, label: label, currentValueLabel: currentValueLabel) {
            return styled
        }
        let tint = context.environment.tintGradient ?? context.environment.tint.map(Paint.color) ?? .color(.accentColor)
        let gauge = ViewNode.gauge(
            GaugeNode(
                kind: context.environment.progressViewStyle, fraction: fraction, timerInterval: timer,
                tint: tint, track: .color(.gaugeTrack)))
        let labelNode = label?._resolve(in: context) ?? .empty
        let valueNode = currentValueLabel?(context) ?? .empty
        if labelNode == .empty && valueNode == .empty { return gauge }
        return .stack(
            StackNode(
                axis: .vertical, alignment: .init(horizontal: .leading, vertical: .center), spacing: nil,
                children: labelNode.flattened + [gauge] + valueNode.flattened))
    }
}

extension ProgressView where Label == EmptyView {
    /// A bar filled to `value / total`.
    @inlinable
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        let total = Double(total)
        fraction = total > 0 ? min(max(Double(value ?? 0) / total, 0), 1) : 0
        timer = nil
        label = nil
    }

    /// A bar that follows the clock through `timerInterval` (iOS 16+): it empties when counting down.
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
        if timerInterval.lowerBound == timerInterval.upperBound {
            ResolveSink.current?.attributeBackwardsRange(to: "ProgressView(timerInterval:)")
        }
        let progress = TimerProgress(start: timerInterval.lowerBound, end: timerInterval.upperBound, countsDown: countsDown)
        fraction = progress.fraction(at: Date())
        timer = progress
        label = nil
    }
}

extension ProgressView {
    /// A bar that follows the clock through `timerInterval` with a label above it and a current-value label
    /// under it, as `ProgressView(timerInterval:countsDown:label:currentValueLabel:)` (iOS 16+).
    public init<CurrentValueLabel: View>(
        timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(timerInterval: timerInterval, countsDown: countsDown, label: label)
        let value = currentValueLabel()
        self.currentValueLabel = { context in value._resolve(in: context) }
    }

    /// A bar that follows the clock through `timerInterval` with a label above it, as
    /// `ProgressView(timerInterval:countsDown:label:)` (iOS 16+).
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label) {
        if timerInterval.lowerBound == timerInterval.upperBound {
            ResolveSink.current?.attributeBackwardsRange(to: "ProgressView(timerInterval:)")
        }
        let progress = TimerProgress(start: timerInterval.lowerBound, end: timerInterval.upperBound, countsDown: countsDown)
        fraction = progress.fraction(at: Date())
        timer = progress
        self.label = label()
    }

    /// A bar filled to `value / total` with a label above it, as `ProgressView(value:total:label:)`; nil or a
    /// non-positive total shows empty.
    @inlinable
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        let total = Double(total)
        fraction = total > 0 ? min(max(Double(value ?? 0) / total, 0), 1) : 0
        timer = nil
        self.label = label()
    }
}

extension ProgressView where Label == Text {
    /// A titled bar filled to `value / total`, as `ProgressView(_:value:total:)`.
    @inlinable
    public init<V: BinaryFloatingPoint>(_ title: LocalizedStringKey, value: V?, total: V = 1.0) {
        let total = Double(total)
        fraction = total > 0 ? min(max(Double(value ?? 0) / total, 0), 1) : 0
        timer = nil
        label = Text(title)
    }
}

/// Progress view styles, as `SwiftUI.ProgressViewStyle`.
public struct ProgressViewStyleChoice: Sendable {
    @usableFromInline let kind: GaugeKind
    /// SwiftUI's `ProgressViewStyle.linear`: a horizontal bar, the default.
    public static let linear = ProgressViewStyleChoice(kind: .progressLinear)
    /// SwiftUI's `ProgressViewStyle.circular`: a ring filled to the fraction.
    public static let circular = ProgressViewStyleChoice(kind: .progressCircular)
}
