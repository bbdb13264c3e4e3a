import Foundation
import WidgetKitUI
import SpellingSuggestions

extension Decode {
    // MARK: Fonts

    /// A font: a text style name (`"headline"`), or an object: `{"style": "caption", "weight": "bold"}`,
    /// `{"size": 28, "weight": "bold", "design": "rounded"}`, `{"custom": "Avenir", "size": 17}`, with optional
    /// `italic`, `monospacedDigit`, `monospaced` (booleans).
    static func font(_ located: Located) throws -> Expr<Font> {
        if let selected = try selector(located, font) { return selected }
        if case .string = located.value {
            return try choice(located, textStyles, what: "a font text style").map { Font(size: .textStyle($0)) }
        }
        guard let members = located.members else {
            throw DocumentError(
                at: located,
                expected: "a font: a text style such as \"headline\", or {\"style\": ..., \"weight\": ...} or {\"size\": 28, ...}")
        }
        var arguments = try Arguments(
            owner: "a font", primary: nil, labeled: members,
            valid: ["style", "size", "custom", "weight", "design", "italic", "monospacedDigit", "monospaced", "relativeTo"])
        let style = try arguments.take("style").map { try choice($0, textStyles, what: "a font text style") }
        let size = try arguments.take("size").map { try number($0, what: "a font size in points", in: 1...1000) }
        let custom = try arguments.take("custom").map { try string($0) }
        let weight = try arguments.take("weight").map { try choice($0, weights, what: "a font weight") }
        let design = try arguments.take("design").map { try choice($0, designs, what: "a font design") }
        let italic = try arguments.take("italic").map(bool)
        let monospacedDigit = try arguments.take("monospacedDigit").map(bool)
        let monospaced = try arguments.take("monospaced").map(bool)
        _ = arguments.take("relativeTo")
        try arguments.finish()
        if style != nil && size != nil {
            throw DocumentError(at: located, expected: "either a text style or a size in points", found: "both \"style\" and \"size\"")
        }
        if style == nil && size == nil {
            throw DocumentError(at: located, expected: "a font with \"style\" (a text style) or \"size\" (points)")
        }
        return Expr { evaluation in
            var font: Font
            if let custom, let size {
                _ = try custom.evaluate(evaluation)
                font = Font.custom("", size: try size.evaluate(evaluation))
                if let weight { font = font.weight(try weight.evaluate(evaluation)) }
            } else if let size {
                font = Font.system(
                    size: try size.evaluate(evaluation), weight: try weight?.evaluate(evaluation), design: try design?.evaluate(evaluation))
            } else {
                font = Font.system(
                    try style!.evaluate(evaluation), design: try design?.evaluate(evaluation), weight: try weight?.evaluate(evaluation))
            }
            if custom != nil, let design { font.design = try design.evaluate(evaluation) }
            if try italic?.evaluate(evaluation) == true { font = font.italic() }
            if try monospacedDigit?.evaluate(evaluation) == true { font = font.monospacedDigit() }
            if try monospaced?.evaluate(evaluation) == true { font = font.monospaced() }
            return font
        }
    }

    // MARK: Colours and styles

    /// The named colours a document can use (`Color.red`..., `Color.primary`, `Color.secondary`, and the UIKit
    /// system colours by their UIKit names).
    static let namedColors: [String: Color] = {
        var colors: [String: Color] = [
            "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal, "cyan": .cyan,
            "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown, "gray": .gray,
            "black": .black, "white": .white, "clear": .clear, "primary": .primary, "secondary": .secondary, "accentColor": .accentColor,
        ]
        for system in SystemColor.allCases where colors[system.rawValue] == nil {
            colors[system.rawValue] = Color(storage: .system(system))
        }
        // UIKit spells the system greys `systemGray2`...; `label` and friends are already the raw values.
        return colors
    }()

    /// A colour: a name (`"blue"`, `"systemBackground"`), `"#RRGGBB"` / `"#RRGGBBAA"`, `{"red": r, "green": g,
    /// "blue": b, "opacity": a}` (0...1), `{"white": w}`, `{"color": COLOR, "opacity": a}` (`.opacity(a)`), or
    /// `{"asset": "Brand"}`: a colour set of the app's asset catalog (`Color("Brand")`, `--assets DIR`).
    static func color(_ located: Located) throws -> Expr<Color> {
        if let selected = try selector(located, color) { return selected }
        switch located.value {
        case .string(let text):
            let template = try template(located)
            if !template.hasPlaceholders { return .constant(try namedColor(text, at: located, found: "\"\(text)\"")) }
            return Expr { evaluation in
                let name = try render(template, at: located, in: evaluation)
                return try namedColor(name, at: located, found: "\"\(name)\" from \(text)")
            }
        case .object:
            var arguments = try Arguments(
                owner: "a colour", primary: nil, labeled: located.members!,
                valid: ["color", "opacity", "white", "red", "green", "blue", "asset"])
            let opacity = try arguments.take("opacity").map { try number($0, what: "an opacity from 0 to 1") }
            if let asset = arguments.take("asset") {
                let name = try string(asset)
                try arguments.finish()
                // Looked up when the body is evaluated, in the host's catalogs, as `Color("Brand")` is in Swift.
                return Expr { evaluation in
                    let value = Color(try name.evaluate(evaluation))
                    return try opacity.map { value.opacity(try $0.evaluate(evaluation)) } ?? value
                }
            }
            if let base = arguments.take("color") {
                let color = try color(base)
                try arguments.finish()
                return Expr { evaluation in
                    let value = try color.evaluate(evaluation)
                    return try opacity.map { value.opacity(try $0.evaluate(evaluation)) } ?? value
                }
            }
            if let white = arguments.take("white") {
                let level = try number(white, what: "a white level from 0 to 1")
                try arguments.finish()
                return Expr { Color(white: try level.evaluate($0), opacity: try opacity?.evaluate($0) ?? 1) }
            }
            let red = try arguments.take("red").map { try number($0, what: "a red component from 0 to 1") }
            let green = try arguments.take("green").map { try number($0, what: "a green component from 0 to 1") }
            let blue = try arguments.take("blue").map { try number($0, what: "a blue component from 0 to 1") }
            try arguments.finish()
            guard let red, let green, let blue else {
                throw DocumentError(
                    at: located,
                    expected: "a colour object: {\"red\", \"green\", \"blue\"} (0...1), {\"white\"} or {\"color\", \"opacity\"}")
            }
            return Expr {
                Color(
                    red: try red.evaluate($0), green: try green.evaluate($0), blue: try blue.evaluate($0),
                    opacity: try opacity?.evaluate($0) ?? 1)
            }
        default:
            throw DocumentError(at: located, expected: "a colour: a name such as \"blue\", \"#RRGGBB\", or {\"red\", \"green\", \"blue\"}")
        }
    }

    /// An optional colour: `null` is nil.
    static func optionalColor(_ located: Located) throws -> Expr<Color?> {
        if case .null = located.value { return .constant(nil) }
        return try color(located).map { Optional($0) }
    }

    static func namedColor(_ raw: String, at located: Located, found: String) throws -> Color {
        let name = raw.hasPrefix(".") ? String(raw.dropFirst()) : raw
        if let color = namedColors[name] { return color }
        if name.hasPrefix("#"), let color = hexColor(String(name.dropFirst())) { return color }
        let names = namedColors.keys.sorted()
        throw DocumentError(
            at: located, expected: "a colour name (\(names.prefix(19).joined(separator: ", ")), ...) or #RRGGBB", found: found,
            suggestion: name.hasPrefix("#") ? nil : NearestName.suggestion(for: name, among: names))
    }

    static func hexColor(_ hex: String) -> Color? {
        guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else { return nil }
        let components =
            hex.count == 8
            ? [(value >> 24) & 0xFF, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
            : [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF, 0xFF]
        return Color(
            red: Double(components[0]) / 255, green: Double(components[1]) / 255, blue: Double(components[2]) / 255,
            opacity: Double(components[3]) / 255)
    }

    /// The materials by their Swift names (`.ultraThinMaterial` ... `.ultraThickMaterial`, `.bar`).
    static let materials: [String: Material] = [
        "ultraThinMaterial": .ultraThinMaterial, "thinMaterial": .thinMaterial, "regularMaterial": .regularMaterial,
        "thickMaterial": .thickMaterial, "ultraThickMaterial": .ultraThickMaterial, "bar": .bar,
    ]

    /// A shape style: a colour, `"primary"`...`"quaternary"` (hierarchical levels), `"background"`, `"tint"`, a
    /// material (`"ultraThinMaterial"`...), `{"linearGradient": {...}}` or `{"gradient": COLOR}` (`Color.gradient`).
    static func style(_ located: Located) throws -> Expr<DocumentStyle> {
        if let selected = try selector(located, style) { return selected }
        let hierarchical: [String: Int] = ["primary": 0, "secondary": 1, "tertiary": 2, "quaternary": 3]
        if case .string(let text) = located.value {
            let template = try template(located)
            func resolve(_ raw: String, found: String) throws -> DocumentStyle {
                let name = raw.hasPrefix(".") ? String(raw.dropFirst()) : raw
                if let level = hierarchical[name] { return .hierarchical(level) }
                if name == "background" { return .background }
                if name == "tint" { return .tint }
                if let material = materials[name] { return .material(material) }
                do {
                    return .color(try namedColor(name, at: located, found: found))
                } catch var error as DocumentError {
                    error.expected =
                        "a style: a colour name, #RRGGBB, primary, secondary, tertiary, quaternary, background, tint or a material"
                    error.suggestion =
                        name.hasPrefix("#")
                        ? nil
                        : NearestName.suggestion(
                            for: name,
                            among: namedColors.keys.sorted() + ["tertiary", "quaternary", "background", "tint"] + materials.keys.sorted())
                    throw error
                }
            }
            if !template.hasPlaceholders { return .constant(try resolve(text, found: "\"\(text)\"")) }
            return Expr { evaluation in
                let name = try render(template, at: located, in: evaluation)
                return try resolve(name, found: "\"\(name)\" from \(text)")
            }
        }
        if let gradient = located["linearGradient"] {
            guard located.members?.count == 1 else {
                throw DocumentError(at: located, expected: "{\"linearGradient\": {...}} alone", found: located.value.summary)
            }
            return try linearGradient(gradient).map { .linearGradient($0) }
        }
        if let base = located["gradient"] {
            guard located.members?.count == 1 else {
                throw DocumentError(at: located, expected: "{\"gradient\": COLOR} alone", found: located.value.summary)
            }
            return try color(base).map { .colorGradient($0) }
        }
        return try color(located).map { .color($0) }
    }

    /// A linear gradient: `{"colors": [...], "startPoint": "top", "endPoint": "bottom"}` or with `"stops":
    /// [{"color": ..., "location": 0...1}]`.
    static func linearGradient(_ located: Located) throws -> Expr<LinearGradient> {
        guard let members = located.members else {
            throw DocumentError(at: located, expected: "a gradient: {\"colors\": [...], \"startPoint\": ..., \"endPoint\": ...}")
        }
        var arguments = try Arguments(
            owner: "LinearGradient", primary: nil, labeled: members, valid: ViewCompiler.labels["LinearGradient"]!)
        return try linearGradient(&arguments, at: located)
    }

    static func linearGradient(_ arguments: inout Arguments, at located: Located) throws -> Expr<LinearGradient> {
        let colors = try arguments.take("colors").map { list -> [Expr<Color>] in
            guard let items = list.items, !items.isEmpty else { throw DocumentError(at: list, expected: "an array of colours") }
            return try items.map(color)
        }
        let stops = try arguments.take("stops").map { list -> [(Expr<Color>, Expr<Double>)] in
            guard let items = list.items, !items.isEmpty else {
                throw DocumentError(at: list, expected: "an array of {\"color\", \"location\"} stops")
            }
            return try items.map { item in
                guard let members = item.members else {
                    throw DocumentError(at: item, expected: "a stop: {\"color\": ..., \"location\": 0...1}")
                }
                var stop = try Arguments(owner: "a gradient stop", primary: nil, labeled: members, valid: ["color", "location"])
                guard let color = stop.take("color"), let location = stop.take("location") else {
                    throw DocumentError(at: item, expected: "a stop: {\"color\": ..., \"location\": 0...1}")
                }
                try stop.finish()
                return (try Decode.color(color), try number(location, what: "a location from 0 to 1"))
            }
        }
        let start = try arguments.take("startPoint").map { try choice($0, unitPoints, what: "a unit point") } ?? .constant(.top)
        let end = try arguments.take("endPoint").map { try choice($0, unitPoints, what: "a unit point") } ?? .constant(.bottom)
        try arguments.finish()
        if (colors == nil) == (stops == nil) {
            throw DocumentError(at: located, expected: "a gradient with either \"colors\" or \"stops\"")
        }
        return Expr { evaluation in
            let startPoint = try start.evaluate(evaluation), endPoint = try end.evaluate(evaluation)
            if let colors {
                return LinearGradient(colors: try colors.map { try $0.evaluate(evaluation) }, startPoint: startPoint, endPoint: endPoint)
            }
            let gradientStops = try stops!.map {
                Gradient.Stop(color: try $0.0.evaluate(evaluation), location: try $0.1.evaluate(evaluation))
            }
            return LinearGradient(gradient: Gradient(stops: gradientStops), startPoint: startPoint, endPoint: endPoint)
        }
    }
}

/// A shape style as a document writes it, before the API call that takes it decides its type.
///
/// Swift picks the overload by type: `Text.foregroundStyle(_: Color)` takes `.secondary` as `Color.secondary`,
/// while `View.foregroundStyle(_:)` takes it as `HierarchicalShapeStyle.secondary`. The decoder makes the same
/// choice, so a document's tree is the one its Swift twin resolves to.
enum DocumentStyle {
    case color(Color)
    /// 0 primary, 1 secondary, 2 tertiary, 3 quaternary.
    case hierarchical(Int)
    case background
    case tint
    case linearGradient(LinearGradient)
    case colorGradient(Color)
    /// `.ultraThinMaterial` ... `.ultraThickMaterial`, `.bar`.
    case material(Material)

    /// The `Color` this style names where the API takes a `Color` (`Color.primary`, `Color.secondary`), or nil.
    var color: Color? {
        switch self {
        case .color(let color): return color
        case .hierarchical(0): return .primary
        case .hierarchical(1): return .secondary
        default: return nil
        }
    }

    /// The style where the API takes any `ShapeStyle`.
    var shapeStyle: AnyShapeStyle {
        switch self {
        case .color(let color): return AnyShapeStyle(color)
        case .hierarchical(let level): return AnyShapeStyle(HierarchicalShapeStyle(level: level))
        case .background: return AnyShapeStyle(BackgroundStyle())
        case .tint: return AnyShapeStyle(TintShapeStyle())
        case .linearGradient(let gradient): return AnyShapeStyle(gradient)
        case .colorGradient(let color): return AnyShapeStyle(color.gradient)
        case .material(let material): return AnyShapeStyle(material)
        }
    }
}
