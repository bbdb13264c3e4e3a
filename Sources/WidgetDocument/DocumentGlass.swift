import Foundation
import WidgetKitUI

// MARK: - Liquid Glass in documents (iOS 26)

extension ModifierCompiler {
    /// The glass variants a document names: `Glass.regular`, `.clear`, `.identity`.
    static let glassVariants: KeyValuePairs<String, Glass> = ["regular": .regular, "clear": .clear, "identity": .identity]

    /// A glass tint: a colour, or `null` for none (`Glass.tint(nil)`), possibly chosen by family or mode.
    static func tintColor(_ located: Located) throws -> Expr<Color?> {
        if let selected = try Decode.selector(located, tintColor) { return selected }
        if located.value == .null { return .constant(nil) }
        return try Decode.color(located).map { Optional($0) }
    }

    /// `glassEffect`: `"glassEffect"` (regular glass in a capsule), `{"glassEffect": "clear", "in": SHAPE}`, with
    /// `"tint": COLOUR` (`null`: none) and `"interactive": true`, as `.glassEffect(.regular.tint(.pink).interactive(), in: shape)`.
    func glassEffect(_ arguments: inout Arguments) throws -> ModifierRecipe {
        let variant = try arguments.primary.map { try Decode.choice($0, Self.glassVariants, what: "a glass (regular, clear, identity)") }
        arguments.primary = nil
        let tint = try arguments.take("tint").map(Self.tintColor)
        let interactive = try arguments.take("interactive").map(Decode.bool)
        let shape = try arguments.take("in").map(ViewCompiler.shapeValue)
        return { built, evaluation in
            var glass = try variant?.evaluate(evaluation) ?? .regular
            if let tint { glass = glass.tint(try tint.evaluate(evaluation)) }
            if let interactive { glass = glass.interactive(try interactive.evaluate(evaluation)) }
            guard let shape else { return .view(AnyView(built.anyView.glassEffect(glass))) }
            return .view(AnyView(built.anyView.glassEffect(glass, in: try shape.evaluate(evaluation))))
        }
    }
}

extension ViewCompiler {
    /// `GlassEffectContainer`: `{"GlassEffectContainer": VIEWS, "spacing": 8}`, as `GlassEffectContainer(spacing:content:)`.
    func glassEffectContainer(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        guard let contentNode = arguments.primary ?? arguments.take("content") else {
            throw DocumentError(at: located, expected: "the glass views inside: {\"GlassEffectContainer\": VIEWS}")
        }
        arguments.primary = nil
        let children = try content(contentNode)
        let spacing = try arguments.take("spacing").map { try Decode.length($0) }
        return ViewRecipe { evaluation in
            .view(AnyView(GlassEffectContainer(spacing: try spacing?.evaluate(evaluation)) { Self.contentView(children, evaluation) }))
        }
    }
}
