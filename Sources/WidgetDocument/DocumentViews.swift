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
/// error state) and, while a document is being loaded, the loader (which refuses the document).
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
        ResolveSink.current?.report(ResolveDiagnostic(code: code, message: error.description, isFatalToRender: true))
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
        "Link", "Button", "Toggle", "Gauge", "ProgressView", "GeometryReader",
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
            "GeometryReader",
        ].contains(name)
    }

    // MARK: Text

    /// `Text`: `{"Text": "Hello {{name}}"}`, `{"Text": "{{date}}", "style": "timer"}`, `{"Text": {"verbatim": ...}}`,
    /// `{"Text": {"timerInterval": {"start": ..., "end": ...}, "countsDown": true}}`, `{"Text": {"dateRange": [start, end]}}`,
    /// or concatenation: `{"Text": [{"Text": "a", "modifiers": ["bold"]}, " and b"]}`.
    func text(_ arguments: inout Arguments, at located: Located) throws -> Expr<Text> {
        if let parts = arguments.primary?.items {
            arguments.primary = nil
            guard !parts.isEmpty else { throw DocumentError(at: located, expected: "at least one Text to concatenate") }
            let compiled = try parts.map(textPart)
            return Expr { evaluation in
                var result = try compiled[0].evaluate(evaluation)
                for part in compiled.dropFirst() { result = result + (try part.evaluate(evaluation)) }
                return result
            }
        }
        if let primary = arguments.primary, case .object = primary.value { try arguments.expandPrimaryObject() }
        if let timer = arguments.take("timerInterval") {
            let (start, end) = try Decode.dateRange(timer)
            let pause = try arguments.take("pauseTime").flatMap { $0.value == .null ? nil : try Decode.date($0) }
            let countsDown = try arguments.take("countsDown").map(Decode.bool) ?? .constant(true)
            let showsHours = try arguments.take("showsHours").map(Decode.bool) ?? .constant(true)
            return Expr { evaluation in
                Text(
                    timerInterval: try start.evaluate(evaluation)...(try end.evaluate(evaluation)),
                    pauseTime: try pause?.evaluate(evaluation),
                    countsDown: try countsDown.evaluate(evaluation), showsHours: try showsHours.evaluate(evaluation))
            }
        }
        if let range = arguments.take("dateRange") {
            let (start, end) = try Decode.dateRange(range)
            return Expr { evaluation in Text(try start.evaluate(evaluation)...(try end.evaluate(evaluation))) }
        }
        if let verbatim = arguments.take("verbatim") {
            // Shown exactly as written: no placeholders (the way to show a literal "{{").
            guard case .string(let string) = verbatim.value else {
                throw DocumentError(at: verbatim, expected: "a string shown exactly as written")
            }
            return .constant(Text(verbatim: string))
        }
        guard let primary = arguments.primary ?? arguments.take("date") else {
            throw DocumentError(
                at: located,
                expected: "Text's content: a string, {\"verbatim\": ...}, {\"date\": ..., \"style\": ...}, "
                    + "{\"timerInterval\": ...} or {\"dateRange\": ...}")
        }
        arguments.primary = nil
        if let style = arguments.take("style") {
            let date = try Decode.date(primary)
            let dateStyle = try Decode.choice(style, Decode.dateStyles, what: "a date style")
            return Expr { evaluation in Text(try date.evaluate(evaluation), style: try dateStyle.evaluate(evaluation)) }
        }
        return try Self.textContent(primary)
    }

    /// A Text from a template: verbatim characters, or with `{{date|style}}` placeholders a text whose dates the system
    /// formats (built like `Text("at \(date, style: .time)")`).
    static func textContent(_ located: Located) throws -> Expr<Text> {
        let template = try Decode.template(located, what: "the text to show")
        guard try hasStyledDates(located) else {
            let string = try Decode.string(located)
            return Expr { Text(try string.evaluate($0)) }
        }
        return Expr { evaluation in
            var interpolation = LocalizedStringKey.StringInterpolation(literalCapacity: 0, interpolationCount: template.parts.count)
            for part in template.parts {
                switch part {
                case .literal(let literal): interpolation.appendLiteral(literal)
                case .placeholder(let path, nil): interpolation.appendLiteral(try Decode.value(of: path, at: located, in: evaluation).text)
                case .placeholder(let path, let style?):
                    let value = try Decode.value(of: path, at: located, in: evaluation)
                    guard let date = DocumentDates.date(value.text, anchor: evaluation.anchor, timeZone: evaluation.environment.timeZone)
                    else {
                        throw DocumentError(
                            at: located, expected: DocumentDates.expectedForm + " in {{\(path)|\(style.rawValue)}}",
                            found: "\(value.typeName) \"\(value.text)\"")
                    }
                    interpolation.appendInterpolation(date, style: style)
                }
            }
            return Text(LocalizedStringKey(stringInterpolation: interpolation))
        }
    }

    /// True when a template string has a `{{date|style}}` placeholder.
    static func hasStyledDates(_ located: Located) throws -> Bool {
        try Decode.template(located).parts.contains { if case .placeholder(_, .some) = $0 { return true } else { return false } }
    }

    /// One part of a concatenated Text: a string, or a Text view whose modifiers keep it a Text.
    private func textPart(_ located: Located) throws -> Expr<Text> {
        if case .string = located.value { return try Self.textContent(located) }
        let recipe = try view(located)
        return Expr { evaluation in
            let built = try recipe.build(evaluation)
            guard case .text(let text) = built else {
                throw DocumentError(
                    at: located, expected: "a Text with only Text modifiers (font, bold, foregroundStyle...) to concatenate",
                    found: built.typeName)
            }
            return text
        }
    }

    // MARK: Images and labels

    /// `Image`: `{"Image": {"systemName": "drop.fill"}}`, `{"Image": "asset-name"}`, `{"Image": {"decorative": ...}}`,
    /// `{"Image": {"uiImage": "photo.jpg"}}`.
    private func image(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value { try arguments.expandPrimaryObject() }
        if let name = arguments.take("systemName") {
            let string = try Decode.string(name)
            return ViewRecipe { .image(Image(systemName: try string.evaluate($0))) }
        }
        if let name = arguments.take("decorative") {
            let string = try Decode.string(name)
            return ViewRecipe { .image(Image(decorative: try string.evaluate($0))) }
        }
        if let name = arguments.take("uiImage") {
            let string = try Decode.string(name)
            return ViewRecipe { .image(Image(uiImage: UIImage(systemName: try string.evaluate($0)))) }
        }
        guard let primary = arguments.primary else {
            throw DocumentError(
                at: located, expected: "an image: {\"systemName\": ...}, an asset name, {\"decorative\": ...} or {\"uiImage\": ...}")
        }
        arguments.primary = nil
        let string = try Decode.string(primary)
        return ViewRecipe { .image(Image(try string.evaluate($0))) }
    }

    /// `Label`: `{"Label": "Water", "systemImage": "drop.fill"}`, `{"Label": "Title", "image": "asset"}`, or
    /// `{"Label": {"title": VIEW, "icon": VIEW}}`.
    private func label(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        let title = arguments.primary ?? arguments.take("title")
        arguments.primary = nil
        guard let title else {
            throw DocumentError(
                at: located, expected: "a title: {\"Label\": \"Title\", \"systemImage\": ...} or {\"title\": VIEW, \"icon\": VIEW}")
        }
        let systemImage = try arguments.take("systemImage").map { try Decode.string($0) }
        let assetImage = try arguments.take("image").map { try Decode.string($0) }
        let icon = try arguments.take("icon").map { try view($0) }
        let iconCount = [systemImage != nil, assetImage != nil, icon != nil].filter { $0 }.count
        guard iconCount == 1 else {
            throw DocumentError(
                at: located, expected: "one icon: \"systemImage\", \"image\" or \"icon\"", found: iconCount == 0 ? "none" : "\(iconCount)")
        }
        if case .string = title.value, icon == nil, try !Self.hasStyledDates(title) {
            let text = try Decode.string(title)
            if let systemImage {
                return ViewRecipe { .view(AnyView(Label(try text.evaluate($0), systemImage: try systemImage.evaluate($0)))) }
            }
            let asset = assetImage!
            return ViewRecipe { .view(AnyView(Label(LocalizedStringKey(try text.evaluate($0)), image: try asset.evaluate($0)))) }
        }
        let titleRecipe: ViewRecipe = try {
            if case .string = title.value { return try Self.textContent(title).map { BuiltView.text($0) }.recipe }
            return try view(title)
        }()
        let iconRecipe: ViewRecipe =
            icon
            ?? ViewRecipe { evaluation in
                if let systemImage { return .image(Image(systemName: try systemImage.evaluate(evaluation))) }
                return .image(Image(try assetImage!.evaluate(evaluation)))
            }
        return ViewRecipe { evaluation in
            .view(
                AnyView(
                    Label(
                        title: { DocumentNodeView(recipe: titleRecipe, evaluation: evaluation) },
                        icon: { DocumentNodeView(recipe: iconRecipe, evaluation: evaluation) })))
        }
    }

    // MARK: Stacks

    /// `VStack`/`HStack`/`ZStack`/`Group`: `{"VStack": [VIEWS], "alignment": "leading", "spacing": 4}`.
    private func stack(_ name: String, _ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        let contentNode = arguments.primary ?? arguments.take("content")
        arguments.primary = nil
        let children = try contentNode.map(content) ?? []
        switch name {
        case "VStack":
            let alignment = try arguments.take("alignment").map {
                try Decode.choice($0, Decode.horizontalAlignments, what: "a horizontal alignment")
            }
            let spacing = try arguments.take("spacing").map { try Decode.length($0) }
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        VStack(alignment: try alignment?.evaluate(evaluation) ?? .center, spacing: try spacing?.evaluate(evaluation)) {
                            Self.contentView(children, evaluation)
                        }))
            }
        case "HStack":
            let alignment = try arguments.take("alignment").map {
                try Decode.choice($0, Decode.verticalAlignments, what: "a vertical alignment")
            }
            let spacing = try arguments.take("spacing").map { try Decode.length($0) }
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        HStack(alignment: try alignment?.evaluate(evaluation) ?? .center, spacing: try spacing?.evaluate(evaluation)) {
                            Self.contentView(children, evaluation)
                        }))
            }
        case "ZStack":
            let alignment = try arguments.take("alignment").map { try Decode.choice($0, Decode.alignments, what: "an alignment") }
            return ViewRecipe { evaluation in
                .view(AnyView(ZStack(alignment: try alignment?.evaluate(evaluation) ?? .center) { Self.contentView(children, evaluation) }))
            }
        default:
            return ViewRecipe { evaluation in .view(AnyView(Group { Self.contentView(children, evaluation) })) }
        }
    }

    /// `ForEach`: `{"ForEach": "{{orders}}", "as": "order", "prefix": 2, "content": VIEW}`; the content sees each item
    /// as `{{order}}` (default name `item`) and, with `"index": "i"`, its position as `{{i}}`. A number N gives 0..<N.
    private func forEach(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value { try arguments.expandPrimaryObject() }
        guard let data = arguments.primary ?? arguments.take("data") else {
            throw DocumentError(at: located, expected: "the collection to repeat: {\"ForEach\": \"{{items}}\", \"content\": VIEW}")
        }
        arguments.primary = nil
        let collection: Expr<DocumentValue>
        if case .string(let text) = data.value, !text.contains("{{") {
            // A bare path is accepted: "orders" means "{{orders}}".
            guard case .success(let path) = DataPath.parse(text) else {
                throw DocumentError(at: data, expected: "a data path such as \"{{orders}}\"")
            }
            collection = Expr { try Decode.value(of: path, at: data, in: $0) }
        } else {
            collection = try Decode.dataValue(data)
        }
        let name = try arguments.take("as").map { try Self.variableName($0) } ?? "item"
        let indexName = try arguments.take("index").map { try Self.variableName($0) }
        let prefix = try arguments.take("prefix").map { try Decode.integer($0, what: "how many items to show (a whole number)") }
        _ = arguments.take("id")
        guard let contentNode = arguments.take("content") else {
            throw DocumentError(at: located, expected: "\"content\": the view repeated for each item")
        }
        let children = try content(contentNode)
        return ViewRecipe { evaluation in
            var items: [DocumentValue]
            switch try collection.evaluate(evaluation) {
            case .array(let values): items = values
            case .number(let count) where count >= 0 && count.rounded() == count && count <= 10_000:
                items = (0..<Int(count)).map { .number(Double($0)) }
            case let other:
                throw DocumentError(
                    at: data, expected: "an array (or a whole number of repetitions) to repeat over",
                    found: "\(other.typeName) \(other.text.prefix(40))")
            }
            if let prefix { items = Array(items.prefix(max(try prefix.evaluate(evaluation), 0))) }
            let shown = items
            func item(_ index: Int) -> AnyView {
                var inner = evaluation
                inner.values[name] = shown[index]
                if let indexName { inner.values[indexName] = .number(Double(index)) }
                return Self.contentView(children, inner)
            }
            return .view(AnyView(ForEach(0..<shown.count) { item($0) }))
        }
    }

    /// `GeometryReader`: `{"GeometryReader": VIEW, "as": "geometry"}`; the content reads `{{geometry.size.width}}`.
    private func geometryReader(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        guard let contentNode = arguments.primary ?? arguments.take("content") else {
            throw DocumentError(at: located, expected: "the content view: {\"GeometryReader\": VIEW, \"as\": \"geometry\"}")
        }
        arguments.primary = nil
        let name = try arguments.take("as").map { try Self.variableName($0) } ?? "geometry"
        let children = try content(contentNode)
        return ViewRecipe { evaluation in
            func content(_ proxy: GeometryProxy) -> AnyView {
                var inner = evaluation
                inner.values[name] = .object(["size": .object(["width": .number(proxy.size.width), "height": .number(proxy.size.height)])])
                return Self.contentView(children, inner)
            }
            return .view(AnyView(GeometryReader { content($0) }))
        }
    }

    static func variableName(_ located: Located) throws -> String {
        guard case .string(let name) = located.value, !name.isEmpty, name != "env",
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name.first?.isNumber == false
        else {
            throw DocumentError(at: located, expected: "a variable name of letters, digits and _ (not \"env\")")
        }
        return name
    }

    // MARK: Shapes

    /// A shape from its name and arguments (`RoundedRectangle` takes `cornerRadius`).
    static func shape(_ name: String, _ arguments: inout Arguments, at located: Located) throws -> Expr<any Shape> {
        try arguments.expandPrimaryObject()
        switch name {
        case "Rectangle": return .constant(Rectangle())
        case "RoundedRectangle":
            guard let radius = arguments.take("cornerRadius") else {
                throw DocumentError(at: located, expected: "{\"RoundedRectangle\": {\"cornerRadius\": POINTS}}")
            }
            _ = arguments.take("style")
            let length = try Decode.length(radius)
            return Expr { RoundedRectangle(cornerRadius: try length.evaluate($0)) }
        case "Capsule":
            _ = arguments.take("style")
            return .constant(Capsule())
        case "Circle": return .constant(Circle())
        case "Ellipse": return .constant(Ellipse())
        default: return .constant(ContainerRelativeShape())
        }
    }

    /// A shape written as a value (`"Capsule"`, `{"RoundedRectangle": {"cornerRadius": 8}}`) for `clipShape` and
    /// `background(_:in:)`.
    static func shapeValue(_ located: Located) throws -> Expr<any Shape> {
        let names = ["Rectangle", "RoundedRectangle", "Capsule", "Circle", "Ellipse", "ContainerRelativeShape"]
        if case .string(let name) = located.value {
            guard names.contains(name), name != "RoundedRectangle" else {
                throw DocumentError(
                    at: located,
                    expected:
                        "a shape (\(names.joined(separator: ", ")); RoundedRectangle as {\"RoundedRectangle\": {\"cornerRadius\": 8}})",
                    suggestion: NearestName.suggestion(for: name, among: names))
            }
            var arguments = try Arguments(owner: name, primary: nil, labeled: [], valid: labels[name] ?? [])
            return try shape(name, &arguments, at: located)
        }
        guard let members = located.members, members.count == 1, names.contains(members[0].key) else {
            let key = located.members?.first?.key ?? ""
            throw DocumentError(
                at: located, expected: "a shape: \"Capsule\" or {\"RoundedRectangle\": {\"cornerRadius\": 8}}",
                suggestion: NearestName.suggestion(for: key, among: names))
        }
        var arguments = try Arguments(
            owner: "shape \(members[0].key)", primary: members[0].value, labeled: [], valid: labels[members[0].key] ?? [])
        let result = try shape(members[0].key, &arguments, at: located)
        try arguments.finish()
        return result
    }

    // MARK: Controls

    /// `Link`: `{"Link": "Title", "destination": URL}` or `{"Link": {"destination": URL, "label": VIEW}}`.
    private func link(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        guard let destination = arguments.take("destination") else {
            throw DocumentError(at: located, expected: "\"destination\": the URL the link opens")
        }
        let url = try Decode.url(destination)
        if let title = arguments.primary, case .string = title.value {
            arguments.primary = nil
            let text = try Decode.string(title)
            return ViewRecipe { .view(AnyView(Link(try text.evaluate($0), destination: try url.evaluate($0)))) }
        }
        guard let labelNode = arguments.primary ?? arguments.take("label") else {
            throw DocumentError(at: located, expected: "a title string under \"Link\" or a \"label\" view")
        }
        arguments.primary = nil
        let label = try content(labelNode)
        return ViewRecipe { evaluation in
            .view(AnyView(Link(destination: try url.evaluate(evaluation)) { Self.contentView(label, evaluation) }))
        }
    }

    /// The intent an intent name refers to.
    private func intent(_ located: Located) throws -> DocumentIntentDefinition {
        guard case .string(let name) = located.value else {
            throw DocumentError(at: located, expected: "the name of an intent declared under \"intents\"")
        }
        guard let definition = intents[name] else {
            let names = intents.keys.sorted()
            throw DocumentError(
                at: located,
                expected: names.isEmpty
                    ? "an intent declared under \"intents\" (the document declares none)"
                    : "an intent declared under \"intents\" (\(names.joined(separator: ", ")))",
                found: "\"\(name)\"", suggestion: NearestName.suggestion(for: name, among: names))
        }
        return definition
    }

    /// `Button`: `{"Button": "Add", "intent": "addGlass"}`, with `"systemImage"`, or `{"Button": {"intent": ..., "label": VIEW}}`.
    /// Without an intent it is drawn and inert, as a closure button in a widget.
    private func button(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        let definition = try arguments.take("intent").map(intent)
        let systemImage = try arguments.take("systemImage").map { try Decode.string($0) }
        if let title = arguments.primary, case .string = title.value {
            arguments.primary = nil
            let text = try Decode.string(title)
            return ViewRecipe { evaluation in
                let key = LocalizedStringKey(try text.evaluate(evaluation))
                guard let definition else { return .view(AnyView(Button(key, action: {}))) }
                if let systemImage {
                    return .view(AnyView(Button(key, systemImage: try systemImage.evaluate(evaluation), intent: definition.makeIntent())))
                }
                return .view(AnyView(Button(key, intent: definition.makeIntent())))
            }
        }
        guard let labelNode = arguments.primary ?? arguments.take("label") else {
            throw DocumentError(at: located, expected: "a title string under \"Button\" or a \"label\" view")
        }
        arguments.primary = nil
        if systemImage != nil {
            throw DocumentError(at: located, expected: "\"systemImage\" only with a title string", found: "a label view as well")
        }
        let label = try content(labelNode)
        return ViewRecipe { evaluation in
            guard let definition else { return .view(AnyView(Button(action: {}) { Self.contentView(label, evaluation) })) }
            return .view(AnyView(Button(intent: definition.makeIntent()) { Self.contentView(label, evaluation) }))
        }
    }

    /// `Toggle`: `{"Toggle": "Done", "isOn": "{{store.done}}", "intent": "toggleDone"}` or with a `"label"` view.
    private func toggle(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        guard let isOnNode = arguments.take("isOn") else {
            throw DocumentError(at: located, expected: "\"isOn\": true, false or a {{placeholder}}")
        }
        let isOn = try Decode.bool(isOnNode)
        guard let intentNode = arguments.take("intent") else {
            throw DocumentError(at: located, expected: "\"intent\": the intent the toggle runs")
        }
        let definition = try intent(intentNode)
        if let title = arguments.primary, case .string = title.value {
            arguments.primary = nil
            let text = try Decode.string(title)
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        Toggle(
                            LocalizedStringKey(try text.evaluate(evaluation)), isOn: try isOn.evaluate(evaluation),
                            intent: definition.makeIntent())))
            }
        }
        guard let labelNode = arguments.primary ?? arguments.take("label") else {
            throw DocumentError(at: located, expected: "a title string under \"Toggle\" or a \"label\" view")
        }
        arguments.primary = nil
        let label = try content(labelNode)
        return ViewRecipe { evaluation in
            .view(
                AnyView(
                    Toggle(isOn: try isOn.evaluate(evaluation), intent: definition.makeIntent()) { Self.contentView(label, evaluation) }))
        }
    }

    // MARK: Gauges and progress

    /// `Gauge`: `{"Gauge": {"value": 0.6, "in": [0, 1], "label": VIEW, "currentValueLabel": VIEW,
    /// "minimumValueLabel": VIEW, "maximumValueLabel": VIEW}}`.
    private func gauge(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        try arguments.expandPrimaryObject()
        guard let valueNode = arguments.take("value") else { throw DocumentError(at: located, expected: "\"value\": the gauge's value") }
        let value = try Decode.number(valueNode)
        let bounds = try arguments.take("in").map(Self.bounds) ?? (.constant(0), .constant(1))
        let label = try arguments.take("label").map(content)
        let current = try arguments.take("currentValueLabel").map(content)
        let minimum = try arguments.take("minimumValueLabel").map(content)
        let maximum = try arguments.take("maximumValueLabel").map(content)
        if (minimum == nil) != (maximum == nil) {
            throw DocumentError(
                at: located, expected: "both \"minimumValueLabel\" and \"maximumValueLabel\", or neither", found: "only one")
        }
        return ViewRecipe { evaluation in
            let number = try value.evaluate(evaluation)
            let lower = try bounds.0.evaluate(evaluation), upper = try bounds.1.evaluate(evaluation)
            guard lower <= upper else {
                throw DocumentError(
                    at: located, expected: "a range whose lower bound is not above its upper bound", found: "\(lower)...\(upper)")
            }
            let range = lower...upper
            let labelView = label.map { Self.contentView($0, evaluation) } ?? AnyView(EmptyView())
            if let minimum, let maximum {
                return .view(
                    AnyView(
                        Gauge(
                            value: number, in: range, label: { labelView },
                            currentValueLabel: { current.map { Self.contentView($0, evaluation) } ?? AnyView(EmptyView()) },
                            minimumValueLabel: { Self.contentView(minimum, evaluation) },
                            maximumValueLabel: { Self.contentView(maximum, evaluation) })))
            }
            if let current {
                return .view(
                    AnyView(
                        Gauge(value: number, in: range, label: { labelView }, currentValueLabel: { Self.contentView(current, evaluation) }))
                )
            }
            if label == nil { return .view(AnyView(Gauge(value: number, in: range))) }
            return .view(AnyView(Gauge(value: number, in: range, label: { labelView })))
        }
    }

    /// A numeric range: `[lower, upper]` or `{"lowerBound": ..., "upperBound": ...}`.
    static func bounds(_ located: Located) throws -> (Expr<Double>, Expr<Double>) {
        if let items = located.items, items.count == 2 { return (try Decode.number(items[0]), try Decode.number(items[1])) }
        if let members = located.members {
            var arguments = try Arguments(owner: "a range", primary: nil, labeled: members, valid: ["lowerBound", "upperBound"])
            if let lower = arguments.take("lowerBound"), let upper = arguments.take("upperBound") {
                try arguments.finish()
                return (try Decode.number(lower), try Decode.number(upper))
            }
        }
        throw DocumentError(at: located, expected: "a range: [lower, upper] or {\"lowerBound\": ..., \"upperBound\": ...}")
    }

    /// `ProgressView`: `{"ProgressView": {"value": 0.4, "total": 1}}`, `{"ProgressView": "Title", "value": ...}`,
    /// with a `"label"` view, or `{"ProgressView": {"timerInterval": {"start": ..., "end": ...}, "countsDown": true}}`.
    private func progressView(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value { try arguments.expandPrimaryObject() }
        if let timer = arguments.take("timerInterval") {
            let (start, end) = try Decode.dateRange(timer)
            let countsDown = try arguments.take("countsDown").map(Decode.bool) ?? .constant(true)
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        ProgressView(
                            timerInterval: try start.evaluate(evaluation)...(try end.evaluate(evaluation)),
                            countsDown: try countsDown.evaluate(evaluation))))
            }
        }
        guard let valueNode = arguments.take("value") else {
            throw DocumentError(at: located, expected: "\"value\" (with an optional \"total\") or \"timerInterval\"")
        }
        let value: Expr<Double?> = valueNode.value == .null ? .constant(nil) : try Decode.number(valueNode).map { Optional($0) }
        let total = try arguments.take("total").map { try Decode.number($0) } ?? .constant(1)
        if let title = arguments.primary, case .string = title.value {
            arguments.primary = nil
            let text = try Decode.string(title)
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        ProgressView(
                            LocalizedStringKey(try text.evaluate(evaluation)), value: try value.evaluate(evaluation),
                            total: try total.evaluate(evaluation))))
            }
        }
        if let labelNode = arguments.take("label") {
            let label = try content(labelNode)
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        ProgressView(value: try value.evaluate(evaluation), total: try total.evaluate(evaluation)) {
                            Self.contentView(label, evaluation)
                        }))
            }
        }
        return ViewRecipe { evaluation in
            .view(AnyView(ProgressView(value: try value.evaluate(evaluation), total: try total.evaluate(evaluation))))
        }
    }

    // MARK: Control flow

    /// `{"if": "CONDITION", "then": VIEWS, "else": VIEWS}`: the branch is chosen each time the body is evaluated,
    /// as an `if` in a SwiftUI body.
    private func conditional(_ located: Located, condition: Located) throws -> ViewRecipe {
        var arguments = try Arguments(
            owner: "if", primary: nil, labeled: located.members!.filter { $0.key != "if" && $0.key != "modifiers" },
            valid: ["then", "else"])
        guard case .string(let text) = condition.value else {
            throw DocumentError(
                at: condition, expected: "a condition string such as \"isStale\", \"count > 0\" or \"env.widgetFamily == systemSmall\"")
        }
        let predicate = try Condition.parse(text, at: condition)
        guard let thenNode = arguments.take("then") else {
            throw DocumentError(at: located, expected: "\"then\": the view shown when the condition holds")
        }
        let thenViews = try content(thenNode)
        let elseViews = try arguments.take("else").map(content)
        try arguments.finish()
        return ViewRecipe { evaluation in
            if try predicate.evaluate(evaluation) { return .view(Self.contentView(thenViews, evaluation)) }
            return .view(elseViews.map { Self.contentView($0, evaluation) } ?? AnyView(EmptyView()))
        }
    }

    /// `{"switch": "env.widgetFamily", "cases": {"accessoryCircular": VIEWS, "systemSmall, systemMedium": VIEWS},
    /// "default": VIEWS}`: the first case whose name (comma-separated alternatives) equals the value's text.
    private func switchView(_ located: Located, subject: Located) throws -> ViewRecipe {
        var arguments = try Arguments(
            owner: "switch", primary: nil, labeled: located.members!.filter { $0.key != "switch" && $0.key != "modifiers" },
            valid: ["cases", "default"])
        guard case .string(let text) = subject.value else {
            throw DocumentError(at: subject, expected: "the path switched on, such as \"env.widgetFamily\"")
        }
        let raw = text.hasPrefix("{{") && text.hasSuffix("}}") ? String(text.dropFirst(2).dropLast(2)) : text
        guard case .success(let path) = DataPath.parse(raw) else {
            throw DocumentError(at: subject, expected: "a data path such as \"env.widgetFamily\" or \"stage\"")
        }
        guard let casesNode = arguments.take("cases"), let caseMembers = casesNode.members else {
            throw DocumentError(at: located, expected: "\"cases\": an object from case names to views")
        }
        let validNames: [String]? = {
            switch path.text {
            case "env.widgetFamily": return Decode.families.map(\.key)
            case "env.widgetRenderingMode": return WidgetRenderingMode.allCases.map(\.rawValue)
            case "env.colorScheme": return ColorScheme.allCases.map(\.rawValue)
            default: return nil
            }
        }()
        var cases: [(names: [String], views: [ViewRecipe])] = []
        for member in caseMembers {
            let names = member.key.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let validNames {
                for name in names where !validNames.contains(name) {
                    throw DocumentError(
                        file: "", position: member.keyPosition, path: member.value.path,
                        expected: "a value of \(path.text) (\(validNames.joined(separator: ", ")))", found: "\"\(name)\"",
                        suggestion: NearestName.suggestion(for: name, among: validNames))
                }
            }
            cases.append((names, try content(member.value)))
        }
        let defaultViews = try arguments.take("default").map(content)
        try arguments.finish()
        return ViewRecipe { evaluation in
            let value: String
            switch evaluation.lookup(path) {
            case .success(let found): value = found.text
            case .failure:
                value = ""
                if defaultViews == nil { _ = try Decode.value(of: path, at: subject, in: evaluation) }
            }
            if let match = cases.first(where: { $0.names.contains(value) }) { return .view(Self.contentView(match.views, evaluation)) }
            return .view(defaultViews.map { Self.contentView($0, evaluation) } ?? AnyView(EmptyView()))
        }
    }
}

extension Expr where Value == BuiltView {
    /// The expression as a view recipe.
    var recipe: ViewRecipe { ViewRecipe(build: evaluate) }
}

// MARK: - Conditions

/// A condition of `if`: `path` (true unless missing, null, false, 0, "" or empty), `!path`, comparisons
/// `path == value`, `!=`, `<`, `<=`, `>`, `>=` (the right side is a literal: a number, true, false, null, a
/// word or a quoted string; or a `{{path}}`), joined with `&&` and `||`, grouped with parentheses.
///
/// A missing field is not an error here (it reads as null), so optional data works as `if let` does in Swift.
struct Condition {
    let evaluate: (DocumentEvaluation) throws -> Bool

    static func parse(_ text: String, at located: Located) throws -> Condition {
        var parser = Parser(characters: Array(text), located: located)
        let condition = try parser.parseOr()
        parser.skipSpaces()
        if parser.index < parser.characters.count {
            throw parser.error(expected: "&&, || or the end of the condition")
        }
        return condition
    }

    private struct Parser {
        let characters: [Character]
        let located: Located
        var index = 0

        func error(expected: String) -> DocumentError {
            let rest = index < characters.count ? "\"" + String(characters[index...]).prefix(20) + "\"" : "the end of the condition"
            return DocumentError(at: located, expected: expected + " in the condition", found: rest)
        }

        mutating func skipSpaces() { while index < characters.count, characters[index] == " " { index += 1 } }

        mutating func consume(_ token: String) -> Bool {
            skipSpaces()
            let tokenCharacters = Array(token)
            guard index + tokenCharacters.count <= characters.count,
                Array(characters[index..<(index + tokenCharacters.count)]) == tokenCharacters
            else { return false }
            index += tokenCharacters.count
            return true
        }

        mutating func parseOr() throws -> Condition {
            var result = try parseAnd()
            while consume("||") {
                let left = result, right = try parseAnd()
                result = Condition { try left.evaluate($0) || right.evaluate($0) }
            }
            return result
        }

        mutating func parseAnd() throws -> Condition {
            var result = try parseNot()
            while consume("&&") {
                let left = result, right = try parseNot()
                result = Condition { try left.evaluate($0) && right.evaluate($0) }
            }
            return result
        }

        mutating func parseNot() throws -> Condition {
            skipSpaces()
            if index < characters.count, characters[index] == "!", index + 1 >= characters.count || characters[index + 1] != "=" {
                index += 1
                let inner = try parseNot()
                return Condition { try !inner.evaluate($0) }
            }
            if consume("(") {
                let inner = try parseOr()
                guard consume(")") else { throw error(expected: "a closing )") }
                return inner
            }
            return try parseComparison()
        }

        mutating func parseComparison() throws -> Condition {
            let path = try parsePath()
            func read(_ evaluation: DocumentEvaluation) -> DocumentValue? {
                if case .success(let value) = evaluation.lookup(path) { return value }
                return nil
            }
            for op in ["==", "!=", "<=", ">=", "<", ">"] where consume(op) {
                let literal = try parseLiteral()
                return Condition { evaluation in
                    let left = read(evaluation) ?? .null
                    let right = try literal(evaluation)
                    return Self.compare(left, op, right)
                }
            }
            return Condition { read($0)?.isTruthy ?? false }
        }

        mutating func parsePath() throws -> DataPath {
            skipSpaces()
            var text = ""
            if consume("{{") {
                while index < characters.count, !(characters[index] == "}" && index + 1 < characters.count && characters[index + 1] == "}")
                {
                    text.append(characters[index])
                    index += 1
                }
                guard consume("}}") else { throw error(expected: "}} to close the placeholder") }
            } else {
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || "_.[]\"'$-".contains(characters[index])
                {
                    text.append(characters[index])
                    index += 1
                }
            }
            guard case .success(let path) = DataPath.parse(text) else {
                throw error(expected: "a data path such as isStale or order.count")
            }
            return path
        }

        mutating func parseLiteral() throws -> (DocumentEvaluation) throws -> DocumentValue {
            skipSpaces()
            guard index < characters.count else { throw error(expected: "a value to compare with") }
            if characters[index] == "{" {
                let path = try parsePath()
                let located = self.located
                return { try Decode.value(of: path, at: located, in: $0) }
            }
            if characters[index] == "\"" || characters[index] == "'" {
                let quote = characters[index]
                index += 1
                var text = ""
                while index < characters.count, characters[index] != quote {
                    text.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw error(expected: "a closing quote") }
                index += 1
                return { _ in .string(text) }
            }
            var word = ""
            while index < characters.count, !" )&|".contains(characters[index]) {
                word.append(characters[index])
                index += 1
            }
            switch word {
            case "true": return { _ in .bool(true) }
            case "false": return { _ in .bool(false) }
            case "null", "nil": return { _ in .null }
            default:
                if let number = Double(word) { return { _ in .number(number) } }
                let name = word.hasPrefix(".") ? String(word.dropFirst()) : word
                return { _ in .string(name) }
            }
        }

        static func compare(_ left: DocumentValue, _ op: String, _ right: DocumentValue) -> Bool {
            switch right {
            case .null:
                let isNull = left == .null
                return op == "==" ? isNull : op == "!=" ? !isNull : false
            case .bool(let flag):
                return op == "==" ? left.isTruthy == flag : op == "!=" ? left.isTruthy != flag : false
            default: break
            }
            if case .number(let rhs) = right, let lhs = left.number {
                switch op {
                case "==": return lhs == rhs
                case "!=": return lhs != rhs
                case "<": return lhs < rhs
                case "<=": return lhs <= rhs
                case ">": return lhs > rhs
                default: return lhs >= rhs
                }
            }
            let lhs = left.text, rhs = right.text
            switch op {
            case "==": return lhs == rhs
            case "!=": return lhs != rhs
            case "<": return lhs < rhs
            case "<=": return lhs <= rhs
            case ">": return lhs > rhs
            default: return lhs >= rhs
            }
        }
    }
}
