import Foundation

// MARK: - Button styles

/// How a `Button` is drawn, as the `buttonStyle(_:)` argument (`SwiftUI.PrimitiveButtonStyle`): `.plain`,
/// `.borderless`, `.bordered` and `.borderedProminent` (docs/DECISIONS.md, "the API that real widget code uses").
public protocol PrimitiveButtonStyle: Sendable {
    /// The look the style gives a button's label in cells.
    var cellButtonLook: ButtonLook { get }
}

/// The looks WidgetTerm draws a button's label with.
public enum ButtonLook: Hashable, Sendable {
    /// The label as it is (`.automatic`, `.plain`, `.borderless`).
    case plain
    /// The label in the tint, on a capsule of the tint at low opacity (`.bordered`).
    case bordered
    /// The label in white on a capsule filled with the tint (`.borderedProminent`).
    case borderedProminent
}

/// A button drawn as its label, as `SwiftUI.PlainButtonStyle`.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    /// The plain style, as `PlainButtonStyle()`.
    public init() {}
    /// `.plain`: the label drawn as it is.
    public var cellButtonLook: ButtonLook { .plain }
}

/// A button drawn as its label, as `SwiftUI.BorderlessButtonStyle`.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    /// The borderless style, as `BorderlessButtonStyle()`.
    public init() {}
    /// `.plain`: in cells a borderless button looks like a plain one.
    public var cellButtonLook: ButtonLook { .plain }
}

/// A button with a tinted capsule behind its label, as `SwiftUI.BorderedButtonStyle`.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    /// The bordered style, as `BorderedButtonStyle()`.
    public init() {}
    /// `.bordered`: the label in the tint on a capsule of the tint at 15 % opacity.
    public var cellButtonLook: ButtonLook { .bordered }
}

/// A button on a capsule filled with the tint, as `SwiftUI.BorderedProminentButtonStyle`.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    /// The prominent bordered style, as `BorderedProminentButtonStyle()`.
    public init() {}
    /// `.borderedProminent`: the label in white on a capsule filled with the tint.
    public var cellButtonLook: ButtonLook { .borderedProminent }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// `.buttonStyle(.plain)`.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// `.buttonStyle(.borderless)`.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// `.buttonStyle(.bordered)`.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// `.buttonStyle(.borderedProminent)`.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension ButtonLook {
    /// The opacity of the tint behind a `.bordered` label.
    @usableFromInline static let borderedFillOpacity = 0.15

    /// `label` resolved with this look in `context`; `isEnabled` false draws it dimmed, as a disabled control.
    @inlinable
    func resolve<Label: View>(_ label: Label, in context: ResolveContext) -> ViewNode {
        let isEnabled = context.environment.isEnabled
        let tint = context.environment.tint ?? .accentColor
        let dimmed = Paint.hierarchical(level: 2, base: nil)
        switch self {
        case .plain:
            guard !isEnabled else { return label._resolve(in: context) }
            return label._resolve(in: context.with { $0.foregroundStyle = dimmed })
        case .bordered, .borderedProminent:
            let prominent = self == .borderedProminent
            let foreground: Paint = !isEnabled ? dimmed : prominent ? .color(.white) : .color(tint)
            let fill: Color =
                !isEnabled ? Color.gray.opacity(Self.borderedFillOpacity) : prominent ? tint : tint.opacity(Self.borderedFillOpacity)
            let styled = label.environmentModified { $0.foregroundStyle = foreground }
                .padding(EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
                .background(fill, in: Capsule())
            return styled._resolve(in: context)
        }
    }
}
