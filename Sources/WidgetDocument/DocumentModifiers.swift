import Foundation
import WidgetKitUI
import SpellingSuggestions

// MARK: - Compiling modifiers

/// A compiled modifier: applies the public API's modifier to a built view, choosing the overload Swift would
/// choose for the view's type.
typealias ModifierRecipe = (BuiltView, DocumentEvaluation) throws -> BuiltView

/// Turns a document's `modifiers` entries into `ModifierRecipe`s. A modifier is written `{"name": argument,
/// "label": value}` (its first member is its name) or, with no arguments, as its name alone (`"bold"`).
struct ModifierCompiler {
    let views: ViewCompiler

    /// The labels each modifier takes (besides the value under its name).
    static let labels: [String: [String]] = [
        "font": [], "fontWeight": [], "bold": [], "italic": [], "monospacedDigit": [], "monospaced": [],
        "underline": ["color"], "strikethrough": ["color"], "kerning": [], "tracking": [], "baselineOffset": [],
        "foregroundStyle": [], "foregroundColor": [], "tint": [], "accentColor": [],
        "lineLimit": ["reservesSpace"], "multilineTextAlignment": [], "minimumScaleFactor": [], "truncationMode": [], "textCase": [],
        "environment": ["value"], "gaugeStyle": [], "progressViewStyle": [],
        "redacted": ["reason"], "unredacted": [], "privacySensitive": [],
        "padding": ["edges", "length", "top", "leading", "bottom", "trailing"],
        "frame": ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"],
        "fixedSize": ["horizontal", "vertical"], "layoutPriority": [], "aspectRatio": ["contentMode"],
        "scaledToFit": [], "scaledToFill": [], "offset": ["x", "y"],
        "background": ["alignment", "in", "content", "ignoresSafeAreaEdges"], "overlay": ["alignment", "content"],
        "opacity": [], "cornerRadius": ["antialiased"], "clipShape": [], "clipped": [], "border": ["width"],
        "containerBackground": ["for", "alignment", "content"], "widgetURL": [], "widgetAccentable": [], "invalidatableContent": [],
        "widgetAccentedRenderingMode": [], "contentMarginsDisabled": [],
        "resizable": [], "renderingMode": [], "interpolation": [], "antialiased": [],
        "fill": [], "stroke": ["lineWidth"], "strokeBorder": ["lineWidth"],
        "contentTransition": [], "transition": [], "animation": ["value"], "accessibilityLabel": [], "accessibilityHidden": [],
        "accessibilityElement": ["children"], "accessibilityValue": [], "symbolRenderingMode": [], "symbolVariant": [],
        "imageScale": [], "buttonStyle": [], "labelsHidden": [], "disabled": [], "id": [], "shadow": ["color", "radius", "x", "y"],
        "scaleEffect": [], "blur": ["radius"], "glassEffect": ["in", "tint", "interactive"],
        "activityBackgroundTint": [], "activitySystemActionForegroundColor": [], "dynamicIsland": ["verticalPlacement"],
    ]

    /// Modifiers that only Live Activity views take.
    static let activityModifiers: Set<String> = ["activityBackgroundTint", "activitySystemActionForegroundColor", "dynamicIsland"]

    /// Every modifier name, for "did you mean".
    static var names: [String] { labels.keys.sorted() }

    func modifier(_ located: Located) throws -> ModifierRecipe {
        let name: String
        var arguments: Arguments
        switch located.value {
        case .string(let bare):
            name = bare
            guard let valid = Self.labels[name] else { throw unknown(name, at: located) }
            arguments = try Arguments(owner: "modifier \(name)", primary: nil, labeled: [], valid: valid)
        case .object(let members) where !members.isEmpty:
            let all = located.members!
            name = all[0].key
            guard let valid = Self.labels[name] else {
                throw DocumentError(
                    file: "", position: all[0].keyPosition, path: all[0].value.path,
                    expected: "a modifier name (such as font, padding, frame, foregroundStyle)", found: "\"\(name)\"",
                    suggestion: NearestName.suggestion(for: name, among: Self.names))
            }
            arguments = try Arguments(owner: "modifier \(name)", primary: all[0].value, labeled: Array(all.dropFirst()), valid: valid)
        default:
            throw DocumentError(at: located, expected: "a modifier: {\"font\": \"headline\"}, {\"padding\": 8} or a name such as \"bold\"")
        }
        if Self.activityModifiers.contains(name) && !views.isActivity {
            throw DocumentError(at: located, expected: "a widget modifier (\(name) applies to Live Activity views)", found: "\"\(name)\"")
        }
        let recipe = try compile(name, &arguments, at: located)
        try arguments.finish()
        return recipe
    }

    private func unknown(_ name: String, at located: Located) -> DocumentError {
        DocumentError(
            at: located, expected: "a modifier name (such as font, padding, frame, foregroundStyle)", found: "\"\(name)\"",
            suggestion: NearestName.suggestion(for: name, among: Self.names))
    }

    /// The value under the modifier's name, required.
    private func required(_ arguments: inout Arguments, _ name: String, at located: Located, expected: String) throws -> Located {
        guard let primary = arguments.primary else { throw DocumentError(at: located, expected: "\(name)'s argument: \(expected)") }
        arguments.primary = nil
        return primary
    }

    /// A modifier that wraps the view with a `View` modifier.
    private func onView(_ transform: @escaping (AnyView, DocumentEvaluation) throws -> AnyView) -> ModifierRecipe {
        { built, evaluation in .view(try transform(built.anyView, evaluation)) }
    }

    /// A modifier that has no effect in cells, keeping the view's type as the API's `-> Self` methods do.
    private let unchanged: ModifierRecipe = { built, _ in built }

    private func compile(_ name: String, _ arguments: inout Arguments, at located: Located) throws -> ModifierRecipe {
        switch name {
        // MARK: Text and style
        case "font":
            let value = try required(
                &arguments, name, at: located, expected: "a font such as \"headline\" or {\"size\": 28, \"weight\": \"bold\"}")
            let font: Expr<Font>? = value.value == .null ? nil : try Decode.font(value)
            return { built, evaluation in
                let resolved = try font?.evaluate(evaluation)
                if case .text(let text) = built { return .text(text.font(resolved)) }
                return .view(AnyView(built.anyView.font(resolved)))
            }
        case "fontWeight":
            let value = try required(&arguments, name, at: located, expected: "a weight such as \"semibold\"")
            let weight = try Decode.optionalChoice(value, Decode.weights, what: "a font weight")
            return { built, evaluation in
                let resolved = try weight.evaluate(evaluation)
                if case .text(let text) = built { return .text(text.fontWeight(resolved)) }
                return .view(AnyView(built.anyView.fontWeight(resolved)))
            }
        case "bold", "italic":
            let isActive = try Decode.flag(arguments.primary)
            arguments.primary = nil
            let isBold = name == "bold"
            return { built, evaluation in
                let active = try isActive.evaluate(evaluation)
                if case .text(let text) = built { return .text(isBold ? text.bold(active) : text.italic(active)) }
                return .view(AnyView(isBold ? AnyView(built.anyView.bold(active)) : AnyView(built.anyView.italic(active))))
            }
        case "monospacedDigit":
            _ = try Decode.flag(arguments.primary)
            arguments.primary = nil
            return { built, _ in
                if case .text(let text) = built { return .text(text.monospacedDigit()) }
                return .view(AnyView(built.anyView.monospacedDigit()))
            }
        case "monospaced", "underline", "strikethrough", "kerning", "tracking", "baselineOffset":
            return try textOnly(name, &arguments, at: located)
        case "foregroundStyle":
            let value = try required(
                &arguments, name, at: located, expected: "a style such as \"secondary\", \"blue\" or {\"linearGradient\": ...}")
            if let pair = value.items {
                guard pair.count == 2 else { throw DocumentError(at: value, expected: "one style, or [primary, secondary]") }
                let primary = try Decode.style(pair[0]), secondary = try Decode.style(pair[1])
                return onView { view, evaluation in
                    AnyView(
                        view.foregroundStyle(try primary.evaluate(evaluation).shapeStyle, try secondary.evaluate(evaluation).shapeStyle))
                }
            }
            let style = try Decode.style(value)
            return { built, evaluation in
                let resolved = try style.evaluate(evaluation)
                if case .text(let text) = built, let color = resolved.color { return .text(text.foregroundStyle(color)) }
                return .view(AnyView(built.anyView.foregroundStyle(resolved.shapeStyle)))
            }
        case "foregroundColor":
            let value = try required(&arguments, name, at: located, expected: "a colour, or null")
            let color = try Decode.optionalColor(value)
            return { built, evaluation in
                let resolved = try color.evaluate(evaluation)
                if case .text(let text) = built { return .text(text.foregroundColor(resolved)) }
                return .view(AnyView(built.anyView.foregroundColor(resolved)))
            }
        case "tint", "accentColor":
            let value = try required(&arguments, name, at: located, expected: "a colour, or null")
            let color = try Decode.optionalColor(value)
            return onView { view, evaluation in AnyView(view.tint(try color.evaluate(evaluation))) }
        case "lineLimit":
            let value = try required(&arguments, name, at: located, expected: "a number of lines, or null for no limit")
            let limit: Expr<Int>? = value.value == .null ? nil : try Decode.integer(value, what: "a number of lines")
            let reservesSpace = try arguments.take("reservesSpace").map(Decode.bool)
            return onView { view, evaluation in
                let lines = try limit?.evaluate(evaluation)
                if let reservesSpace, let lines {
                    return AnyView(view.lineLimit(lines, reservesSpace: try reservesSpace.evaluate(evaluation)))
                }
                return AnyView(view.lineLimit(lines))
            }
        case "multilineTextAlignment":
            let alignment = try Decode.choice(
                try required(&arguments, name, at: located, expected: "leading, center or trailing"),
                Decode.textAlignments, what: "a text alignment")
            return onView { view, evaluation in AnyView(view.multilineTextAlignment(try alignment.evaluate(evaluation))) }
        case "minimumScaleFactor":
            let factor = try Decode.number(
                try required(&arguments, name, at: located, expected: "a factor from 0 to 1"), what: "a factor from 0 to 1")
            return onView { view, evaluation in AnyView(view.minimumScaleFactor(try factor.evaluate(evaluation))) }
        case "truncationMode":
            let mode = try Decode.choice(
                try required(&arguments, name, at: located, expected: "head, middle or tail"),
                Decode.truncationModes, what: "a truncation mode")
            return onView { view, evaluation in AnyView(view.truncationMode(try mode.evaluate(evaluation))) }
        case "textCase":
            let value = try required(&arguments, name, at: located, expected: "uppercase, lowercase or null")
            let textCase = try Decode.optionalChoice(
                value, ["uppercase": Text.Case.uppercase, "lowercase": .lowercase], what: "a text case")
            return onView { view, evaluation in AnyView(view.textCase(try textCase.evaluate(evaluation))) }
        case "environment":
            return try environment(&arguments, at: located)
        case "gaugeStyle":
            let style = try Decode.choice(
                try required(&arguments, name, at: located, expected: "a gauge style"), Decode.gaugeStyles, what: "a gauge style")
            return onView { view, evaluation in AnyView(view.gaugeStyle(try style.evaluate(evaluation))) }
        case "progressViewStyle":
            let style = try Decode.choice(
                try required(&arguments, name, at: located, expected: "linear or circular"),
                Decode.progressViewStyles, what: "a progress view style")
            return onView { view, evaluation in AnyView(view.progressViewStyle(try style.evaluate(evaluation))) }

        // MARK: Redaction
        case "redacted":
            if let primary = arguments.primary, case .object = primary.value { try arguments.expandPrimaryObject() }
            guard let reasonNode = arguments.primary ?? arguments.take("reason") else {
                throw DocumentError(at: located, expected: "a reason: placeholder, privacy or invalidated")
            }
            arguments.primary = nil
            let reason = try Decode.choice(reasonNode, Decode.redactionReasons, what: "a redaction reason")
            return onView { view, evaluation in AnyView(view.redacted(reason: try reason.evaluate(evaluation))) }
        case "unredacted":
            arguments.primary = nil
            return onView { view, _ in AnyView(view.unredacted()) }
        case "privacySensitive":
            let sensitive = try Decode.flag(arguments.primary)
            arguments.primary = nil
            return onView { view, evaluation in AnyView(view.privacySensitive(try sensitive.evaluate(evaluation))) }

        // MARK: Layout
        case "padding": return try padding(&arguments, at: located)
        case "frame": return try frame(&arguments, at: located)
        case "fixedSize":
            if let primary = arguments.primary, case .object(let members) = primary.value, !members.isEmpty {
                try arguments.expandPrimaryObject()
            }
            _ = try Decode.flag(arguments.primary)
            arguments.primary = nil
            let horizontal = try arguments.take("horizontal").map(Decode.bool) ?? .constant(true)
            let vertical = try arguments.take("vertical").map(Decode.bool) ?? .constant(true)
            return onView { view, evaluation in
                AnyView(view.fixedSize(horizontal: try horizontal.evaluate(evaluation), vertical: try vertical.evaluate(evaluation)))
            }
        case "layoutPriority":
            let priority = try Decode.number(try required(&arguments, name, at: located, expected: "a priority number"))
            return onView { view, evaluation in AnyView(view.layoutPriority(try priority.evaluate(evaluation))) }
        case "aspectRatio":
            let mode =
                try arguments.take("contentMode").map { try Decode.choice($0, Decode.contentModes, what: "a content mode") }
                ?? .constant(.fit)
            var ratio: Expr<Double?> = .constant(nil)
            if let primary = arguments.primary {
                arguments.primary = nil
                if let members = primary.members {
                    var size = try Arguments(owner: "an aspect ratio size", primary: nil, labeled: members, valid: ["width", "height"])
                    guard let width = size.take("width"), let height = size.take("height") else {
                        throw DocumentError(at: primary, expected: "a ratio (width / height), null, or {\"width\": ..., \"height\": ...}")
                    }
                    try size.finish()
                    let widthValue = try Decode.number(width, what: "a width", in: 0.001...100_000)
                    let heightValue = try Decode.number(height, what: "a height", in: 0.001...100_000)
                    ratio = Expr { evaluation in
                        let value = try widthValue.evaluate(evaluation) / heightValue.evaluate(evaluation)
                        guard (0.001...1000).contains(value) else {
                            throw DocumentError(
                                at: primary, expected: "a width / height ratio from 0.001 to 1000", found: DocumentValue.text(of: value))
                        }
                        return value
                    }
                } else if primary.value != .null {
                    ratio = try Decode.number(primary, what: "a ratio (width / height)", in: 0.001...1000).map { Optional($0) }
                }
            }
            return onView { view, evaluation in
                AnyView(view.aspectRatio(try ratio.evaluate(evaluation), contentMode: try mode.evaluate(evaluation)))
            }
        case "scaledToFit", "scaledToFill":
            arguments.primary = nil
            let fits = name == "scaledToFit"
            return onView { view, _ in fits ? AnyView(view.scaledToFit()) : AnyView(view.scaledToFill()) }
        case "offset":
            try arguments.expandPrimaryObject()
            let x = try arguments.take("x").map { try Decode.length($0) } ?? .constant(0)
            let y = try arguments.take("y").map { try Decode.length($0) } ?? .constant(0)
            return onView { view, evaluation in AnyView(view.offset(x: try x.evaluate(evaluation), y: try y.evaluate(evaluation))) }

        // MARK: Drawing
        case "background": return try background(&arguments, at: located)
        case "glassEffect": return try glassEffect(&arguments)
        case "overlay":
            let alignment =
                try arguments.take("alignment").map { try Decode.choice($0, Decode.alignments, what: "an alignment") } ?? .constant(.center)
            guard let content = arguments.primary ?? arguments.take("content") else {
                throw DocumentError(at: located, expected: "the view drawn in front: {\"overlay\": VIEW}")
            }
            arguments.primary = nil
            let overlay = try viewOrColor(content)
            return onView { view, evaluation in
                let drawn = try overlay(evaluation)
                return AnyView(view.overlay(alignment: try alignment.evaluate(evaluation)) { drawn })
            }
        case "opacity":
            let opacity = try Decode.number(
                try required(&arguments, name, at: located, expected: "an opacity from 0 to 1"), what: "an opacity from 0 to 1")
            return { built, evaluation in
                let value = try opacity.evaluate(evaluation)
                if case .color(let color) = built { return .color(color.opacity(value)) }
                return .view(AnyView(built.anyView.opacity(value)))
            }
        case "cornerRadius":
            let radius = try Decode.length(try required(&arguments, name, at: located, expected: "a radius in points"))
            _ = try arguments.take("antialiased").map(Decode.bool)
            return onView { view, evaluation in AnyView(view.cornerRadius(try radius.evaluate(evaluation))) }
        case "clipShape":
            let shape = try ViewCompiler.shapeValue(try required(&arguments, name, at: located, expected: "a shape such as \"Capsule\""))
            return onView { view, evaluation in AnyView(view.clipShape(try shape.evaluate(evaluation))) }
        case "clipped":
            _ = try Decode.flag(arguments.primary)
            arguments.primary = nil
            return onView { view, _ in AnyView(view.clipped()) }
        case "border":
            let style = try Decode.style(try required(&arguments, name, at: located, expected: "a style such as \"gray\""))
            let width = try arguments.take("width").map { try Decode.length($0) } ?? .constant(1)
            return onView { view, evaluation in
                AnyView(view.border(try style.evaluate(evaluation).shapeStyle, width: try width.evaluate(evaluation)))
            }

        // MARK: WidgetKit
        case "containerBackground": return try containerBackground(&arguments, at: located)
        case "widgetURL":
            let value = try required(&arguments, name, at: located, expected: "a URL, or null")
            let url: Expr<URL?> = value.value == .null ? .constant(nil) : try Decode.url(value).map { Optional($0) }
            return onView { view, evaluation in AnyView(view.widgetURL(try url.evaluate(evaluation))) }
        case "widgetAccentable", "invalidatableContent":
            let flag = try Decode.flag(arguments.primary)
            arguments.primary = nil
            let accentable = name == "widgetAccentable"
            return onView { view, evaluation in
                let value = try flag.evaluate(evaluation)
                return accentable ? AnyView(view.widgetAccentable(value)) : AnyView(view.invalidatableContent(value))
            }
        case "widgetAccentedRenderingMode":
            let value = try required(
                &arguments, name, at: located, expected: "accented, desaturated, accentedDesaturated, fullColor or null")
            let mode = try Decode.optionalChoice(value, Decode.accentedRenderingModes, what: "an accented rendering mode")
            return { built, evaluation in
                let resolved = try mode.evaluate(evaluation)
                if case .image(let image) = built { return .image(image.widgetAccentedRenderingMode(resolved)) }
                return .view(AnyView(built.anyView.widgetAccentedRenderingMode(resolved)))
            }
        case "contentMarginsDisabled":
            _ = try Decode.flag(arguments.primary)
            arguments.primary = nil
            return unchanged

        // MARK: Images and shapes
        case "resizable", "renderingMode", "interpolation", "antialiased":
            let choices: [String: [String]] = [
                "renderingMode": ["template", "original"], "interpolation": ["none", "low", "medium", "high"],
            ]
            if let names = choices[name] {
                let value = try required(&arguments, name, at: located, expected: names.joined(separator: ", "))
                guard case .string(let written) = value.value, names.contains(written) else {
                    let text: String = { if case .string(let text) = value.value { return text } else { return "" } }()
                    throw DocumentError(
                        at: value, expected: "\(name) (\(names.joined(separator: ", ")))",
                        suggestion: NearestName.suggestion(for: text, among: names))
                }
            } else {
                _ = try Decode.flag(arguments.primary)
            }
            arguments.primary = nil
            let resizes = name == "resizable"
            return { built, _ in
                guard case .image(let image) = built else {
                    throw DocumentError(at: located, expected: "\(name) on an Image (it is an Image modifier)", found: built.typeName)
                }
                return .image(resizes ? image.resizable() : image)
            }
        case "fill", "stroke", "strokeBorder":
            let style = try Decode.style(try required(&arguments, name, at: located, expected: "a style such as \"blue\""))
            let lineWidth = try arguments.take("lineWidth").map { try Decode.length($0) } ?? .constant(1)
            return { built, evaluation in
                guard case .shape(let shape) = built else {
                    throw DocumentError(
                        at: located, expected: "\(name) on a shape (Rectangle, RoundedRectangle, Capsule, Circle...)", found: built.typeName
                    )
                }
                let resolved = try style.evaluate(evaluation).shapeStyle
                switch name {
                case "fill": return .view(AnyView(shape.fill(resolved)))
                case "stroke": return .view(AnyView(shape.stroke(resolved, lineWidth: try lineWidth.evaluate(evaluation))))
                default: return .view(AnyView(shape.strokeBorder(resolved, lineWidth: try lineWidth.evaluate(evaluation))))
                }
            }

        // MARK: Accepted with no effect in cells
        case "contentTransition", "transition", "animation", "accessibilityLabel", "accessibilityHidden", "accessibilityElement",
            "accessibilityValue", "symbolRenderingMode", "symbolVariant", "imageScale", "buttonStyle", "labelsHidden", "disabled", "id",
            "scaleEffect":
            arguments.primary = nil
            _ = arguments.take("value")
            _ = arguments.take("children")
            return unchanged
        case "shadow", "blur":
            try arguments.expandPrimaryObject()
            _ = try arguments.take("color").map(Decode.color)
            for label in ["radius", "x", "y"] { _ = try arguments.take(label).map { try Decode.number($0) } }
            return unchanged

        // MARK: Live Activities
        case "activityBackgroundTint", "activitySystemActionForegroundColor":
            let color = try Decode.optionalColor(try required(&arguments, name, at: located, expected: "a colour, or null"))
            let isBackground = name == "activityBackgroundTint"
            return onView { view, evaluation in
                let resolved = try color.evaluate(evaluation)
                return isBackground
                    ? AnyView(view.activityBackgroundTint(resolved)) : AnyView(view.activitySystemActionForegroundColor(resolved))
            }
        case "dynamicIsland":
            try arguments.expandPrimaryObject()
            guard let placement = arguments.take("verticalPlacement") else {
                throw DocumentError(at: located, expected: "{\"verticalPlacement\": \"belowIfTooWide\"}")
            }
            _ = try Decode.choice(
                placement, ["belowIfTooWide": DynamicIslandExpandedRegionVerticalPlacement.belowIfTooWide], what: "a vertical placement")
            return onView { view, _ in AnyView(view.dynamicIsland(verticalPlacement: .belowIfTooWide)) }
        default:
            throw unknown(name, at: located)
        }
    }

    // MARK: Modifiers with several forms

    /// Modifiers only `Text` has in the API (`monospaced`, `underline`, `strikethrough`, `kerning`, `tracking`,
    /// `baselineOffset`).
    private func textOnly(_ name: String, _ arguments: inout Arguments, at located: Located) throws -> ModifierRecipe {
        var flag: Expr<Bool> = .constant(true)
        switch name {
        case "underline", "strikethrough":
            flag = try Decode.flag(arguments.primary)
            _ = try arguments.take("color").map(Decode.color)
        case "monospaced":
            flag = try Decode.flag(arguments.primary)
        default:
            _ = try Decode.number(try required(&arguments, name, at: located, expected: "a length in points"))
        }
        arguments.primary = nil
        return { built, evaluation in
            guard case .text(let text) = built else {
                throw DocumentError(
                    at: located, expected: "\(name) directly on a Text (it is a Text modifier; put it before any view modifier)",
                    found: built.typeName)
            }
            let active = try flag.evaluate(evaluation)
            switch name {
            case "underline": return .text(text.underline(active))
            case "strikethrough": return .text(text.strikethrough(active))
            case "monospaced": return .text(active ? text.monospaced() : text)
            default: return .text(text)
            }
        }
    }

    /// `padding`: `8` (all edges), `"horizontal"` (edges, 16 pt), `{"edges": "vertical", "length": 4}`,
    /// `{"top": 4, "leading": 8}` (per edge), or `{}` / `"padding"` (all edges, the system 16 pt).
    private func padding(_ arguments: inout Arguments, at located: Located) throws -> ModifierRecipe {
        if let primary = arguments.primary {
            switch primary.value {
            case .number:
                arguments.primary = nil
                let length = try Decode.length(primary)
                return onView { view, evaluation in AnyView(view.padding(try length.evaluate(evaluation))) }
            case .string where (try? Decode.template(primary).singlePlaceholder) != nil:
                arguments.primary = nil
                let length = try Decode.length(primary)
                return onView { view, evaluation in AnyView(view.padding(try length.evaluate(evaluation))) }
            case .string, .array:
                arguments.primary = nil
                let edges = try Decode.edges(primary)
                let length = try arguments.take("length").map { try Decode.length($0) }
                return onView { view, evaluation in AnyView(view.padding(try edges.evaluate(evaluation), try length?.evaluate(evaluation)))
                }
            case .null:
                arguments.primary = nil
            default:
                try arguments.expandPrimaryObject()
            }
        }
        let edgeNames = ["top", "leading", "bottom", "trailing"]
        let insets = try edgeNames.map { edge in try arguments.take(edge).map { try Decode.length($0) } }
        if insets.contains(where: { $0 != nil }) {
            if let extra = ["edges", "length"].first(where: arguments.has) {
                throw DocumentError(
                    at: arguments.take(extra)!, expected: "either per-edge insets (top, leading, bottom, trailing) or edges and length")
            }
            return onView { view, evaluation in
                let values = try insets.map { try $0?.evaluate(evaluation) ?? 0 }
                return AnyView(view.padding(EdgeInsets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])))
            }
        }
        let edges = try arguments.take("edges").map(Decode.edges) ?? .constant(.all)
        let length = try arguments.take("length").map { try Decode.length($0) }
        return onView { view, evaluation in AnyView(view.padding(try edges.evaluate(evaluation), try length?.evaluate(evaluation))) }
    }

    /// `frame`: `{"width": 44, "height": 17, "alignment": "leading"}` (fixed) or `{"maxWidth": "infinity",
    /// "alignment": "leading"}` (flexible: min, ideal and max). The two forms do not mix, as in the API.
    private func frame(_ arguments: inout Arguments, at located: Located) throws -> ModifierRecipe {
        try arguments.expandPrimaryObject()
        let alignment =
            try arguments.take("alignment").map { try Decode.choice($0, Decode.alignments, what: "an alignment") } ?? .constant(.center)
        let fixedLabels = ["width", "height"]
        let flexibleLabels = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
        let fixed = try fixedLabels.map { label in try arguments.take(label).map { try Decode.length($0) } }
        let flexible = try flexibleLabels.map { label in
            try arguments.take(label).map { try Decode.length($0, allowsInfinity: label.hasPrefix("max")) }
        }
        if fixed.contains(where: { $0 != nil }) && flexible.contains(where: { $0 != nil }) {
            throw DocumentError(
                at: located, expected: "either width/height or min/ideal/max sizes (two frame modifiers for both)", found: "both")
        }
        if flexible.contains(where: { $0 != nil }) {
            return onView { view, evaluation in
                let values = try flexible.map { try $0?.evaluate(evaluation) }
                return AnyView(
                    view.frame(
                        minWidth: values[0], idealWidth: values[1], maxWidth: values[2], minHeight: values[3],
                        idealHeight: values[4], maxHeight: values[5], alignment: try alignment.evaluate(evaluation)))
            }
        }
        return onView { view, evaluation in
            AnyView(
                view.frame(
                    width: try fixed[0]?.evaluate(evaluation), height: try fixed[1]?.evaluate(evaluation),
                    alignment: try alignment.evaluate(evaluation)))
        }
    }

    /// A view or a colour (a `Color` is a view), built for an evaluation.
    private func viewOrColor(_ located: Located) throws -> (DocumentEvaluation) throws -> AnyView {
        if ViewCompiler.isViewObject(located) || located.items != nil {
            let recipes = try views.content(located)
            return { ViewCompiler.contentView(recipes, $0) }
        }
        let color = try Decode.color(located)
        return { AnyView(try color.evaluate($0)) }
    }

    /// `background`: a style (`"blue"`, `{"color": "blue", "opacity": 0.2}`, `"background"`), optionally `"in"` a
    /// shape; or a view (`{"background": {"Capsule": {}}}`, or `"content"`), with an optional `"alignment"`.
    private func background(_ arguments: inout Arguments, at located: Located) throws -> ModifierRecipe {
        let alignment = try arguments.take("alignment").map { try Decode.choice($0, Decode.alignments, what: "an alignment") }
        _ = try arguments.take("ignoresSafeAreaEdges").map(Decode.edges)
        if let content = arguments.take("content")
            ?? arguments.primary.flatMap({ ViewCompiler.isViewObject($0) || $0.items != nil ? $0 : nil })
        {
            arguments.primary = nil
            if arguments.has("in") { throw DocumentError(at: arguments.take("in")!, expected: "\"in\" only with a style background") }
            let recipes = try views.content(content)
            return onView { view, evaluation in
                AnyView(
                    view.background(alignment: try alignment?.evaluate(evaluation) ?? .center) {
                        ViewCompiler.contentView(recipes, evaluation)
                    })
            }
        }
        let style = try Decode.style(try required(&arguments, "background", at: located, expected: "a style or a view"))
        if let shapeNode = arguments.take("in") {
            let shape = try ViewCompiler.shapeValue(shapeNode)
            return onView { view, evaluation in
                AnyView(view.background(try style.evaluate(evaluation).shapeStyle, in: try shape.evaluate(evaluation)))
            }
        }
        return onView { view, evaluation in AnyView(view.background(try style.evaluate(evaluation).shapeStyle)) }
    }

    /// `containerBackground`: a style (`{"containerBackground": "background"}`) or a view
    /// (`{"containerBackground": {"LinearGradient": {...}}}`), for `"widget"` (the only placement).
    private func containerBackground(_ arguments: inout Arguments, at located: Located) throws -> ModifierRecipe {
        if let placement = arguments.take("for") {
            _ = try Decode.choice(placement, ["widget": ContainerBackgroundPlacement.widget], what: "a container background placement")
        }
        let alignment =
            try arguments.take("alignment").map { try Decode.choice($0, Decode.alignments, what: "an alignment") } ?? .constant(.center)
        if let content = arguments.take("content")
            ?? arguments.primary.flatMap({ ViewCompiler.isViewObject($0) || $0.items != nil ? $0 : nil })
        {
            arguments.primary = nil
            let recipes = try views.content(content)
            return onView { view, evaluation in
                AnyView(
                    view.containerBackground(for: .widget, alignment: try alignment.evaluate(evaluation)) {
                        ViewCompiler.contentView(recipes, evaluation)
                    })
            }
        }
        let style = try Decode.style(
            try required(
                &arguments, "containerBackground", at: located,
                expected: "a style such as \"background\" or a view such as {\"LinearGradient\": ...}"))
        return onView { view, evaluation in AnyView(view.containerBackground(try style.evaluate(evaluation).shapeStyle, for: .widget)) }
    }

    /// `environment`: `{"environment": "colorScheme", "value": "dark"}`; key paths: colorScheme, locale (an
    /// identifier), timeZone (an IANA name), isLuminanceReduced.
    private func environment(_ arguments: inout Arguments, at located: Located) throws -> ModifierRecipe {
        let keyPath = try required(
            &arguments, "environment", at: located, expected: "a key path: colorScheme, locale, timeZone or isLuminanceReduced")
        guard let valueNode = arguments.take("value") else { throw DocumentError(at: located, expected: "\"value\": the value to set") }
        let names = ["colorScheme", "locale", "timeZone", "isLuminanceReduced"]
        guard case .string(let name) = keyPath.value, names.contains(name) else {
            let written: String = { if case .string(let text) = keyPath.value { return text } else { return "" } }()
            throw DocumentError(
                at: keyPath, expected: "an environment key path (\(names.joined(separator: ", ")))",
                suggestion: NearestName.suggestion(for: written, among: names))
        }
        switch name {
        case "colorScheme":
            let scheme = try Decode.choice(valueNode, Decode.colorSchemes, what: "a colour scheme")
            return onView { view, evaluation in AnyView(view.environment(\.colorScheme, try scheme.evaluate(evaluation))) }
        case "isLuminanceReduced":
            let flag = try Decode.bool(valueNode)
            return onView { view, evaluation in AnyView(view.environment(\.isLuminanceReduced, try flag.evaluate(evaluation))) }
        case "locale":
            let identifier = try Decode.string(valueNode)
            return onView { view, evaluation in AnyView(view.environment(\.locale, Locale(identifier: try identifier.evaluate(evaluation))))
            }
        default:
            let identifier = try Decode.string(valueNode)
            return onView { view, evaluation in
                let text = try identifier.evaluate(evaluation)
                guard let zone = TimeZone(identifier: text) else {
                    throw DocumentError(at: valueNode, expected: "an IANA time zone such as Europe/Paris", found: "\"\(text)\"")
                }
                return AnyView(view.environment(\.timeZone, zone))
            }
        }
    }
}
