import Foundation
import WidgetKitUI
import SpellingSuggestions

extension ViewCompiler {
    // MARK: Stacks

    /// `VStack`/`HStack`/`ZStack`/`Group`: `{"VStack": [VIEWS], "alignment": "leading", "spacing": 4}`.
    func stack(_ name: String, _ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
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
    func forEach(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
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
    func geometryReader(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        let contentNode = try takeContent(
            "content", from: &arguments, at: located, expected: "the content view: {\"GeometryReader\": VIEW, \"as\": \"geometry\"}")
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
}
