import Foundation

// MARK: - Tap targets

/// Opens a URL when tapped, as `SwiftUI.Link`. WidgetKit honours links in medium and larger families,
/// and in `systemSmall`/`accessoryRectangular` from iOS 17 ("Linking to specific app scenes").
public struct Link<Label: View>: PrimitiveView {
    @usableFromInline let destination: URL
    @usableFromInline let label: Label

    @inlinable
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        .modified(label._resolve(in: context), .tapTarget(.link(destination)))
    }
}

extension Link where Label == Text {
    @inlinable
    public init(_ title: LocalizedStringKey, destination: URL) {
        self.destination = destination
        self.label = Text(title)
    }
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

    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let node = context.environment.buttonLook.resolve(label, in: context)
        guard let intent, context.environment.isEnabled else { return node }
        return .modified(node, .tapTarget(.intent(intent)))
    }
}

extension Button where Label == Text {
    @inlinable
    public init<I: AppIntent>(_ title: LocalizedStringKey, intent: I) {
        self.intent = IntentReference(intent)
        self.label = Text(title)
    }
    @inlinable
    public init(_ title: LocalizedStringKey, action: @escaping () -> Void) {
        self.intent = nil
        self.label = Text(title)
    }
}

extension Button where Label == SwiftUILabel {
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

    @inlinable
    public init<I: AppIntent>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.intent = IntentReference(intent)
        self.label = label()
    }

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

    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
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

    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
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

    @inlinable
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        let total = Double(total)
        fraction = total > 0 ? min(max(Double(value ?? 0) / total, 0), 1) : 0
        timer = nil
        self.label = label()
    }
}

extension ProgressView where Label == Text {
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
    public static let linear = ProgressViewStyleChoice(kind: .progressLinear)
    public static let circular = ProgressViewStyleChoice(kind: .progressCircular)
}
