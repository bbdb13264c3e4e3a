import Foundation
import WidgetKitUI
import SpellingSuggestions

// MARK: - Built views

/// A view a document built with the public API, keeping the concrete types whose methods differ from
/// `View`'s (`Text.bold()` keeps a `Text`; `Color.opacity(_:)` keeps a `Color`; `Image.resizable()` keeps an
/// `Image`; `Shape.fill(_:)` needs a `Shape`). Modifiers pick the overload Swift would pick for the same type.
enum BuiltView {
    case text(Text)
    case image(Image)
    case color(Color)
    case shape(any Shape)
    case view(AnyView)

    /// The view, type-erased.
    var anyView: AnyView {
        switch self {
        case .text(let text): return AnyView(text)
        case .image(let image): return AnyView(image)
        case .color(let color): return AnyView(color)
        case .shape(let shape): return AnyView(erasing: shape)
        case .view(let view): return view
        }
    }

    /// What it is, for errors ("a Text", "an Image"...).
    var typeName: String {
        switch self {
        case .text: return "a Text"
        case .image: return "an Image"
        case .color: return "a Color"
        case .shape: return "a Shape"
        case .view: return "a view"
        }
    }
}

/// A compiled view: builds the view for one evaluation (data, environment).
struct ViewRecipe {
    let build: (DocumentEvaluation) throws -> BuiltView
}

/// One node of a document's view tree as a SwiftUI-style view: its `body` evaluates the node with the entry's data
/// and the environment the resolver provides, and returns the view built with the public API (`Text`, `VStack`,
/// modifiers...). The resolver then resolves that view like any other: one renderer, no second code path.
///
/// A problem found while evaluating (a placeholder naming a field the entry does not have) becomes a diagnostic
/// that puts the widget in its error state, with the document's file, line and column.
struct DocumentNodeView: View {
    let recipe: ViewRecipe
    let evaluation: DocumentEvaluation

    var body: AnyView {
        var evaluation = self.evaluation
        evaluation.environment = EnvironmentValues.current
        do {
            return try recipe.build(evaluation).anyView
        } catch var error as DocumentError {
            error.file = evaluation.file
            DocumentDiagnostics.report(error)
            return AnyView(EmptyView())
        } catch {
            DocumentDiagnostics.report(
                DocumentError(
                    file: evaluation.file, position: DocumentPosition(line: 1, column: 1, offset: 0),
                    path: .root, expected: "a view", found: "\(error)"))
            return AnyView(EmptyView())
        }
    }
}

/// Several views from a document's content array, resolved as `TupleView` resolves a builder block (a builder
/// cannot make a tuple whose length is known only at run time).
struct DocumentViewList: PrimitiveView {
    let children: [AnyView]

    func resolve(in context: ResolveContext) -> ViewNode {
        .group(children.map { context.resolve($0) })
    }
}

/// Where document problems found while a body is evaluated go: the render's diagnostics (the widget shows its
/// error state) and, while a document is being loaded, the loader (which refuses the document). Outside a body (a
/// timeline filter while the provider makes its timeline) they go to the host's diagnostics channel, which the host
/// drains after each provider call, as a Swift provider's backwards date range does.
enum DocumentDiagnostics {
    /// Collects errors while the loader resolves every entry once.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [DocumentError] = []
        var errors: [DocumentError] { lock.withLock { collected } }
        func append(_ error: DocumentError) { lock.withLock { collected.append(error) } }
    }

    @TaskLocal static var collector: Collector?

    /// The diagnostic code of a document problem found while rendering.
    static let code = "invalid-widget-document"

    static func report(_ error: DocumentError) {
        collector?.append(error)
        let diagnostic = ResolveDiagnostic(code: code, message: error.description, isFatalToRender: true)
        if let sink = ResolveSink.current {
            sink.report(diagnostic)
        } else {
            HostContext.current.diagnostics.report(diagnostic)
        }
    }
}

// MARK: - Compiling views

/// Turns a document's JSON view tree into `ViewRecipe`s, checking every name, argument and literal value.
struct ViewCompiler {
    /// The intents `Button` and `Toggle` may name.
    var intents: [String: DocumentIntentDefinition]
    /// True inside a Live Activity document (allows the activity modifiers).
    var isActivity: Bool

    /// Every view name a document can use, for lookups and "did you mean".
    static let viewNames: [String] = [
        "Text", "Image", "Label", "VStack", "HStack", "ZStack", "Group", "ForEach", "Spacer", "Divider", "EmptyView",
        "Color", "LinearGradient", "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "ContainerRelativeShape",
        "Link", "Button", "Toggle", "Gauge", "ProgressView", "GeometryReader", "ViewThatFits", "GlassEffectContainer",
    ]
    /// Control flow written as an object: `{"if": ...}`, `{"switch": ...}`.
    static let controlFlowKeys = ["if", "switch"]

    /// The labels each view takes (besides the value under its name).
    static let labels: [String: [String]] = [
        "Text": ["verbatim", "date", "style", "timerInterval", "pauseTime", "countsDown", "showsHours", "dateRange"],
        "Image": ["systemName", "decorative", "uiImage"],
        "Label": ["title", "systemImage", "image", "icon"],
        "VStack": ["content", "alignment", "spacing"], "HStack": ["content", "alignment", "spacing"],
        "ZStack": ["content", "alignment"], "Group": ["content"],
        "ForEach": ["data", "as", "index", "prefix", "id", "content"],
        "Spacer": ["minLength"], "Divider": [], "EmptyView": [], "Color": [],
        "LinearGradient": ["colors", "stops", "startPoint", "endPoint"],
        "Rectangle": [], "RoundedRectangle": ["cornerRadius", "style"], "Capsule": ["style"], "Circle": [], "Ellipse": [],
        "ContainerRelativeShape": [],
        "Link": ["destination", "label"], "Button": ["intent", "systemImage", "label"], "Toggle": ["isOn", "intent", "label"],
        "Gauge": ["value", "in", "label", "currentValueLabel", "minimumValueLabel", "maximumValueLabel"],
        "ProgressView": ["value", "total", "label", "timerInterval", "countsDown"],
        "GeometryReader": ["content", "as"],
        "ViewThatFits": ["content", "in"], "GlassEffectContainer": ["content", "spacing"],
    ]

    /// True when `located` is an object that names a view or control flow (rather than a style or labels).
    static func isViewObject(_ located: Located) -> Bool {
        guard let members = located.members else { return false }
        return members.contains { viewNames.contains($0.key) || controlFlowKeys.contains($0.key) }
    }

    // MARK: Content

    /// Views of a container: an array of views, one view, or null.
    func content(_ located: Located) throws -> [ViewRecipe] {
        if case .null = located.value { return [] }
        if let items = located.items { return try items.map(view) }
        return [try view(located)]
    }

    /// The view for a content list at evaluation: nothing, the one view, or a list.
    static func contentView(_ recipes: [ViewRecipe], _ evaluation: DocumentEvaluation) -> AnyView {
        switch recipes.count {
        case 0: return AnyView(EmptyView())
        case 1: return AnyView(DocumentNodeView(recipe: recipes[0], evaluation: evaluation))
        default: return AnyView(DocumentViewList(children: recipes.map { AnyView(DocumentNodeView(recipe: $0, evaluation: evaluation)) }))
        }
    }

    // MARK: One view

    /// Compiles one view: `{"ViewName": argument, "label": value, ..., "modifiers": [...]}`, control flow, or a
    /// view name alone (`"Spacer"`).
    func view(_ located: Located) throws -> ViewRecipe {
        if case .string(let name) = located.value {
            let bare = ["Spacer", "Divider", "EmptyView", "Rectangle", "Capsule", "Circle", "Ellipse", "ContainerRelativeShape"]
            guard bare.contains(name) else {
                throw DocumentError(
                    at: located,
                    expected:
                        "a view object such as {\"Text\": \"...\"}, or a view that needs no arguments (\(bare.joined(separator: ", ")))",
                    suggestion: NearestName.suggestion(for: name, among: Self.viewNames))
            }
            return try view(
                named: name, arguments: Arguments(owner: "view \(name)", primary: nil, labeled: [], valid: Self.labels[name] ?? []),
                at: located)
        }
        guard let members = located.members, !members.isEmpty else {
            throw DocumentError(at: located, expected: "a view: an object such as {\"Text\": \"Hello\"} or {\"VStack\": [...]}")
        }
        let modifiers = members.first { $0.key == "modifiers" }?.value
        if let condition = members.first(where: { $0.key == "if" }) {
            return try applying(modifiers, to: try conditional(located, condition: condition.value))
        }
        if let subject = members.first(where: { $0.key == "switch" }) {
            return try applying(modifiers, to: try switchView(located, subject: subject.value))
        }
        let named = members.filter { Self.viewNames.contains($0.key) }
        guard let head = named.first else {
            let first = members.first { $0.key != "modifiers" } ?? members[0]
            let suggestion = NearestName.suggestion(for: first.key, among: Self.viewNames + Self.controlFlowKeys)
            throw DocumentError(
                file: "", position: first.keyPosition, path: first.value.path,
                expected: suggestion != nil
                    ? "a view name or if/switch" : "a view name (\(Self.viewNames.joined(separator: ", "))) or if/switch",
                found: "\"\(first.key)\"", suggestion: suggestion)
        }
        if named.count > 1 {
            throw DocumentError(
                file: "", position: named[1].keyPosition, path: named[1].value.path,
                expected: "one view per object (put several in a stack's array)", found: "\"\(head.key)\" and \"\(named[1].key)\"")
        }
        let labeled = members.filter { $0.key != head.key && $0.key != "modifiers" }
        let recipe = try view(
            named: head.key,
            arguments: Arguments(
                owner: "view \(head.key)", primary: head.value, labeled: labeled,
                valid: Self.labels[head.key] ?? []), at: located)
        return try applying(modifiers, to: recipe)
    }

    /// The recipe with a `modifiers` array applied in order.
    private func applying(_ modifiers: Located?, to recipe: ViewRecipe) throws -> ViewRecipe {
        guard let modifiers else { return recipe }
        guard let items = modifiers.items else {
            throw DocumentError(at: modifiers, expected: "an array of modifiers, such as [{\"font\": \"headline\"}, {\"padding\": 8}]")
        }
        let compiled = try items.map { try ModifierCompiler(views: self).modifier($0) }
        return ViewRecipe { evaluation in
            var built = try recipe.build(evaluation)
            for modifier in compiled { built = try modifier(built, evaluation) }
            return built
        }
    }

    private func view(named name: String, arguments: Arguments, at located: Located) throws -> ViewRecipe {
        var arguments = arguments
        let recipe: ViewRecipe
        switch name {
        case "Text": recipe = try text(&arguments, at: located).map { BuiltView.text($0) }.recipe
        case "Image": recipe = try image(&arguments, at: located)
        case "Label": recipe = try label(&arguments, at: located)
        case "VStack", "HStack", "ZStack", "Group": recipe = try stack(name, &arguments, at: located)
        case "ForEach": recipe = try forEach(&arguments, at: located)
        case "Spacer":
            try arguments.expandPrimaryObject()
            let minLength = try arguments.take("minLength").map { try Decode.length($0) }
            recipe = ViewRecipe { .view(AnyView(Spacer(minLength: try minLength?.evaluate($0)))) }
        case "Divider": recipe = ViewRecipe { _ in .view(AnyView(Divider())) }
        case "EmptyView": recipe = ViewRecipe { _ in .view(AnyView(EmptyView())) }
        case "Color":
            guard let primary = arguments.primary else { throw DocumentError(at: located, expected: "a colour under \"Color\"") }
            let color = try Decode.color(primary)
            arguments.primary = nil
            recipe = ViewRecipe { .color(try color.evaluate($0)) }
        case "LinearGradient":
            try arguments.expandPrimaryObject()
            let gradient = try Decode.linearGradient(&arguments, at: located)
            recipe = ViewRecipe { .view(AnyView(try gradient.evaluate($0))) }
        case "Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "ContainerRelativeShape":
            let shape = try Self.shape(name, &arguments, at: located)
            recipe = ViewRecipe { .shape(try shape.evaluate($0)) }
        case "Link": recipe = try link(&arguments, at: located)
        case "Button": recipe = try button(&arguments, at: located)
        case "Toggle": recipe = try toggle(&arguments, at: located)
        case "Gauge": recipe = try gauge(&arguments, at: located)
        case "ProgressView": recipe = try progressView(&arguments, at: located)
        case "GeometryReader": recipe = try geometryReader(&arguments, at: located)
        case "ViewThatFits": recipe = try viewThatFits(&arguments, at: located)
        case "GlassEffectContainer": recipe = try glassEffectContainer(&arguments, at: located)
        default: throw DocumentError(at: located, expected: "a view name", found: "\"\(name)\"")
        }
        if let primary = arguments.primary, !Self.acceptsPrimary(name) {
            throw DocumentError(at: primary, expected: "{} or an object of \(name)'s arguments under \"\(name)\"")
        }
        try arguments.finish()
        return recipe
    }

    private static func acceptsPrimary(_ name: String) -> Bool {
        [
            "Text", "Image", "Label", "VStack", "HStack", "ZStack", "Group", "ForEach", "Link", "Button", "Toggle", "ProgressView",
            "GeometryReader", "ViewThatFits", "GlassEffectContainer",
        ].contains(name)
    }

}

extension Expr where Value == BuiltView {
    /// The expression as a view recipe.
    var recipe: ViewRecipe { ViewRecipe(build: evaluate) }
}
