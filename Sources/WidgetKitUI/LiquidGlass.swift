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
    /// glass's translucent fill of the shape (`Glass.cellFill`). Reports `liquid-glass-needs-ios-26` when the
    /// simulated iOS (`--os`) is older, and `glass-in-glass-outside-container` for glass inside glass without a
    /// `GlassEffectContainer` (docs/DECISIONS.md, "Liquid Glass as a whole surface").
    @inlinable
    public consuming func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S) -> StyleDecoratedView<GlassEffectView<Self>, Color>
    {
        GlassEffectView(content: self, glass: glass).background(glass.cellFill, in: shape)
    }

    /// Puts Liquid Glass behind this view in a capsule, as `View.glassEffect(_:)` (iOS 26+).
    @inlinable
    public consuming func glassEffect(_ glass: Glass = .regular) -> StyleDecoratedView<GlassEffectView<Self>, Color> {
        GlassEffectView(content: self, glass: glass).background(glass.cellFill, in: Capsule())
    }
}

/// A view that carries Liquid Glass: it checks where the glass is (inside other glass, inside a container) and
/// resolves its content one glass layer deeper. The glass itself is the `background` `glassEffect` adds.
public struct GlassEffectView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let glass: Glass

    @inlinable
    init(content: Content, glass: Glass) {
        self.content = content
        self.glass = glass
    }

    /// Reports the glass's pitfalls, then resolves the content inside one more layer of glass.
    public func resolve(in context: ResolveContext) -> ViewNode {
        guard glass.variant != .identity else { return content._resolve(in: context) }
        LiquidGlassChecks.reportGlass(in: context)
        if context.environment[GlassLayerKey.self] > 0, !context.environment[GlassEffectContainerKey.self] {
            LiquidGlassChecks.report(LiquidGlassChecks.glassInGlass, in: context)
        }
        return content._resolve(in: context.with { $0[GlassLayerKey.self] += 1 })
    }
}

/// How many layers of glass the views below sit on.
enum GlassLayerKey: EnvironmentKey {
    static let defaultValue = 0
}

/// True below a `GlassEffectContainer`.
enum GlassEffectContainerKey: EnvironmentKey {
    static let defaultValue = false
}

/// The diagnostics of Liquid Glass's pitfalls, from Apple's documentation.
public enum LiquidGlassChecks {
    /// Reported while resolving each glass; the renderer keeps it only when the simulated iOS is older than 26
    /// (`applyingOSVersion`), since a resolve does not know `--os`.
    public static let needsIOS26Code = "liquid-glass-needs-ios-26"

    /// Glass drawn inside other glass outside a `GlassEffectContainer`. Apple: "Use a container with the
    /// glassEffect(_:in:) modifier ... SwiftUI renders the effects together, improving rendering performance and
    /// allowing the effects to interact" (SwiftUI `GlassEffectContainer`).
    static let glassInGlass = ResolveDiagnostic(
        code: "glass-in-glass-outside-container",
        message:
            "A .glassEffect inside another .glassEffect, outside a GlassEffectContainer: glass layered on glass renders separately "
            + "and cannot blend. Put the glass views side by side in a GlassEffectContainer { ... } instead of nesting them.")

    static func reportGlass(in context: ResolveContext) {
        report(
            ResolveDiagnostic(
                code: needsIOS26Code,
                message:
                    "Liquid Glass (.glassEffect, Glass, GlassEffectContainer) arrived in iOS 26; on iOS OS this code does not exist. "
                    + "Guard it with if #available(iOS 26, *) and give older systems another background."),
            in: context)
    }

    static func report(_ diagnostic: ResolveDiagnostic, in context: ResolveContext) {
        if !context.sink.diagnostics.contains(diagnostic) { context.sink.report(diagnostic) }
    }

    /// The render's diagnostics for iOS `osVersion`: `liquid-glass-needs-ios-26` dropped on iOS 26 and later, and
    /// naming the version before.
    public static func applyingOSVersion(_ osVersion: Int, to diagnostics: [ResolveDiagnostic]) -> [ResolveDiagnostic] {
        diagnostics.compactMap { diagnostic in
            guard diagnostic.code == needsIOS26Code else { return diagnostic }
            guard osVersion < 26 else { return nil }
            var named = diagnostic
            named.message = diagnostic.message.replacingOccurrences(of: "on iOS OS", with: "on iOS \(osVersion)")
            return named
        }
    }
}

/// Groups glass shapes so they can blend, as SwiftUI's `GlassEffectContainer` (iOS 26+). Shapes never merge in
/// cells: the container draws its content as it is, and glass inside it may sit on other glass.
public struct GlassEffectContainer<Content: View>: View {
    let content: Content
    /// The distance in points at which shapes would start to blend; kept and not used.
    public let spacing: Double?

    /// A container of glass views, as `GlassEffectContainer(spacing:content:)`.
    public init(spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    /// The content, marked as inside a container.
    public var body: some View { content.environmentModified { $0[GlassEffectContainerKey.self] = true } }
}
