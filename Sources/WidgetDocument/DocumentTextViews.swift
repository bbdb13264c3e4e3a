import Foundation
import WidgetKitUI
import SpellingSuggestions

extension ViewCompiler {
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
            // Text without placeholders is a key into the app's string tables (`--assets`), as a literal is in Swift.
            if !template.hasPlaceholders { return Expr { Text(LocalizedStringKey(try string.evaluate($0))) } }
            return Expr { Text(try string.evaluate($0)) }
        }
        return Expr { evaluation in
            var interpolation = LocalizedStringKey.StringInterpolation(literalCapacity: 0, interpolationCount: template.parts.count)
            for part in template.parts {
                switch part {
                case .literal(let literal): interpolation.appendLiteral(literal)
                case .placeholder(let path, nil): interpolation.appendLiteral(try Decode.value(of: path, at: located, in: evaluation).text)
                case .formatted(let placeholder, let format):
                    interpolation.appendLiteral(try Decode.text(of: placeholder, format: format, at: located, in: evaluation))
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
    func textPart(_ located: Located) throws -> Expr<Text> {
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
    func image(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
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
            return ViewRecipe {
                let name = try string.evaluate($0)
                return .image(UIImage(systemName: name).map { Image(uiImage: $0) } ?? Image(systemName: name))
            }
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
    func label(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        let title = try takeContent(
            "title", from: &arguments, at: located,
            expected: "a title: {\"Label\": \"Title\", \"systemImage\": ...} or {\"title\": VIEW, \"icon\": VIEW}")
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
}
