import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

/// How a frame is written: text, ANSI at a colour depth, JSON, or a standalone SVG.
///
/// The colour rule (README "Colour", DECISIONS.md "one colour rule"), in order:
/// 1. Colour is on with `--color always`, off with `--color never`; with `--color auto` (the default) it is off when
///    `NO_COLOR` is set to a non-empty value, or when writing to a terminal whose `TERM` is empty or `dumb`.
/// 2. The format is `--format` when given; else `ansi` when colour is on and standard output is a terminal (or
///    `--color always`); else `text`.
/// 3. `--format ansi` with colour off writes ANSI attributes (bold, italic, underline, reverse, strikethrough)
///    and no colour: NO_COLOR asks for no colour, not for no styling (https://no-color.org).
/// 4. The depth of ANSI colour: `--colors` when given (it says what the terminal that will show the output can
///    show, which may not be this one); else `COLORTERM` truecolor/24bit or a `-direct` `TERM`, truecolor; a
///    `256color` `TERM`, 256; another `TERM` (`xterm`, `linux`, `screen`), 16; no `TERM`, 256.
/// JSON and SVG carry colours as data whatever the rule says.
struct OutputFormat {
    enum Kind: String { case text, ansi, json, svg }
    var kind: Kind
    /// The colour depth of ANSI output; `.none` for attributes without colour.
    var depth: ColorDepth

    init(_ parsed: ParsedArguments, environment: [String: String], isTerminal: Bool) throws {
        let color = try parsed.choice("color", ["auto": "auto", "always": "always", "never": "never"], default: "auto")
        let requested = try parsed.choice(
            "format", ["text": Kind.text, "ansi": .ansi, "json": .json, "svg": .svg, "tree": .text], default: nil as Kind?)
        let forced = try parsed.choice(
            "colors", ["16": ColorDepth.ansi16, "256": .ansi256, "truecolor": .trueColor], default: nil as ColorDepth?)
        let rule = ColorRule(color: color, environment: environment, isTerminal: isTerminal)
        kind = requested ?? (rule.isColorOn && (isTerminal || color == "always") ? .ansi : .text)
        depth = kind == .ansi && rule.isColorOn ? forced ?? rule.terminalDepth : .none
    }

    /// The frame in this format. `style` gives SVG its default colours and title; `theme` gives 16-colour
    /// output the theme's terminal palette.
    /// For JSON, `findings` (when given) replace the frame's own diagnostics and `ignoredTaps` (tap region
    /// index → why) marks the links and controls the family or iOS version ignores. SVG is the review picture
    /// (`SVGEncoder.encodeForReview`): the widget on its wallpaper, its element ids starting with `idPrefix`
    /// (unique per frame when frames are nested in one sheet).
    func encode(
        _ frame: Frame, widget: String, family: WidgetFamily, style: PaintStyle? = nil, theme: Theme? = nil,
        findings: [Diagnostic]? = nil, ignoredTaps: [Int: String] = [:], idPrefix: String = "w"
    ) -> String {
        switch kind {
        case .text: return FrameEncoder.text(frame.buffer)
        case .ansi:
            guard depth != .none else { return FrameEncoder.ansi(ColorRule.withoutColor(frame.buffer), depth: .ansi16) }
            let buffer = depth == .ansi16 ? theme?.mappedToTerminalPalette(frame.buffer) ?? frame.buffer : frame.buffer
            return FrameEncoder.ansi(buffer, depth: depth)
        case .json:
            let diagnostics = findings?.map { (severity: $0.severity.rawValue, code: $0.code, message: $0.message) }
            return TerminalText.escapedJSON(
                FrameJSONEncoder.encode(frame, widget: widget, family: family, diagnostics: diagnostics, ignoredTaps: ignoredTaps))
        case .svg:
            let isDark = style?.colorScheme == .dark
            let foreground = isDark ? RGB(255, 255, 255) : RGB(0, 0, 0)
            let background = style?.surface ?? style?.surfaceForBlending ?? RGB(255, 255, 255)
            let title = [widget, family.rawValue, style?.renderingMode.rawValue, theme?.name].compactMap { $0 }.joined(separator: " ")
            let review = SVGReviewStyle(
                backdrop: background, defaultForeground: foreground,
                cornerRadius: family.isAccessory ? nil : SVGReviewStyle.widgetCornerRadius, idPrefix: idPrefix)
            return SVGEncoder.encodeForReview(frame, style: review, title: title)
        }
    }
}

/// Whether output has colour, and at what depth the terminal shows it (the rule on `OutputFormat`).
struct ColorRule {
    /// True when colour is on: `--color always`, or `auto` without `NO_COLOR` and not to a colourless terminal.
    var isColorOn: Bool
    /// The depth the environment names for ANSI colour (rule 4 without `--colors`).
    var terminalDepth: ColorDepth

    /// - Parameters:
    ///   - color: `auto`, `always` or `never` (`--color`).
    ///   - isTerminal: whether standard output is a terminal.
    init(color: String, environment: [String: String], isTerminal: Bool) {
        var withoutNoColor = environment
        withoutNoColor["NO_COLOR"] = nil
        let detected = ColorDepth.detect(environment: withoutNoColor)
        terminalDepth = detected == .none ? .ansi256 : detected
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        switch color {
        case "always": isColorOn = true
        case "never": isColorOn = false
        default: isColorOn = !noColor && !(isTerminal && detected == .none)
        }
    }

    /// `buffer` with every colour removed and its attributes kept: ANSI output with colour off.
    static func withoutColor(_ buffer: CellBuffer) -> CellBuffer {
        var result = buffer
        for row in 0..<buffer.height {
            for column in 0..<buffer.width {
                result[column, row].foreground = nil
                result[column, row].background = nil
            }
        }
        return result
    }
}
