import Foundation

// MARK: - Liquid Glass (iOS 26)

/// A Liquid Glass material, as SwiftUI's `Glass` (iOS 26+). Cells cannot refract or blur, so glass is drawn as a
/// translucent fill of its shape (docs/DECISIONS.md, "Liquid Glass"): white at 22 % for `.regular`, 10 % for
/// `.clear`, the tint at 45 % when tinted, nothing for `.identity`. The rendering modes then treat that fill like
/// any other colour: accented keeps its opacity and draws it in the group's colour, vibrant maps its brightness.
public struct Glass: Hashable, Sendable {
    enum Variant: Hashable, Sendable { case regular, clear, identity }

    let variant: Variant
    /// The colour given to `tint(_:)`, nil for none.
    public private(set) var tintColor: Color?
    /// True after `interactive(_:)`: on iOS the glass reacts to touches; a widget is never touched that way, so
    /// it draws the same.
    public private(set) var isInteractive = false

    /// The standard glass, as `Glass.regular`.
    public static var regular: Glass { Glass(variant: .regular) }
    /// The more transparent glass for busy backgrounds, as `Glass.clear`.
    public static var clear: Glass { Glass(variant: .clear) }
    /// No glass at all, as `Glass.identity` (to switch the effect off without changing the view's structure).
    public static var identity: Glass { Glass(variant: .identity) }

    /// The glass tinted with `color`, as `Glass.tint(_:)`; nil removes the tint.
    public func tint(_ color: Color?) -> Glass {
        var copy = self
        copy.tintColor = color
        return copy
    }

    /// The glass reacting to touches, as `Glass.interactive(_:)`.
    public func interactive(_ isEnabled: Bool = true) -> Glass {
        var copy = self
        copy.isInteractive = isEnabled
        return copy
    }

    /// The fill drawn for this glass: a tint at 45 %, else white at 22 % (regular) or 10 % (clear); clear for
    /// `.identity`.
    public var cellFill: Color {
        switch variant {
        case .identity: return .clear
        case .regular: return tintColor?.opacity(0.45) ?? Color.white.opacity(0.22)
        case .clear: return tintColor?.opacity(0.45) ?? Color.white.opacity(0.10)
        }
    }
}

/// The shape glass takes when none is given, as SwiftUI's `DefaultGlassEffectShape`: a capsule.
public typealias DefaultGlassEffectShape = Capsule

extension View {
    /// Puts Liquid Glass behind this view in `shape`, as `View.glassEffect(_:in:)` (iOS 26+): drawn as the
    /// glass's translucent fill of the shape (`Glass.cellFill`).
    @inlinable
    public consuming func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S) -> ModifiedView<Self> {
        background(glass.cellFill, in: shape)
    }

    /// Puts Liquid Glass behind this view in a capsule, as `View.glassEffect(_:)` (iOS 26+).
    @inlinable
    public consuming func glassEffect(_ glass: Glass = .regular) -> ModifiedView<Self> {
        background(glass.cellFill, in: Capsule())
    }
}

/// Groups glass shapes so they can blend, as SwiftUI's `GlassEffectContainer` (iOS 26+). Shapes never merge in
/// cells: the container draws its content as it is.
public struct GlassEffectContainer<Content: View>: View {
    let content: Content
    /// The distance in points at which shapes would start to blend; kept and not used.
    public let spacing: Double?

    /// A container of glass views, as `GlassEffectContainer(spacing:content:)`.
    public init(spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    /// The content, unchanged.
    public var body: some View { content }
}
