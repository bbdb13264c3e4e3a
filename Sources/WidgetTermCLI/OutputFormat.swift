import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

/// How a frame is written: text, ANSI at a colour depth, JSON, or a standalone SVG.
struct OutputFormat {
    enum Kind: String { case text, ansi, json, svg }
    var kind: Kind
    var depth: ColorDepth

    init(_ parsed: ParsedArguments, environment: [String: String], isTerminal: Bool) throws {
        let color = try parsed.choice("color", ["auto": "auto", "always": "always", "never": "never"], default: "auto")
        let requested = try parsed.choice("format", ["text": Kind.text, "ansi": .ansi, "json": .json, "svg": .svg, "tree": .text], default: nil as Kind?)
        let forced = try parsed.choice("colors", ["16": ColorDepth.ansi16, "256": .ansi256, "truecolor": .trueColor], default: nil as ColorDepth?)
        let detected = ColorDepth.detect(environment: environment)
        switch requested {
        case .some(.ansi):
            kind = .ansi
            depth = forced ?? (detected == .none ? .trueColor : detected)
        case .some(let other):
            kind = other
            depth = .none
        case .none:
            let wantsColor = color == "always" || (color == "auto" && isTerminal && detected != .none)
            kind = wantsColor ? .ansi : .text
            depth = wantsColor ? (forced ?? (detected == .none ? .ansi256 : detected)) : .none
        }
        if color == "never" && requested != .ansi { kind = kind == .json || kind == .svg ? kind : .text }
    }

    /// The frame in this format. `style` gives SVG its default colours and title; `theme` gives 16-colour
    /// output the theme's terminal palette.
    func encode(_ frame: Frame, widget: String, family: WidgetFamily, style: PaintStyle? = nil, theme: Theme? = nil) -> String {
        switch kind {
        case .text: return FrameEncoder.text(frame.buffer)
        case .ansi:
            let buffer = depth == .ansi16 ? theme?.mappedToTerminalPalette(frame.buffer) ?? frame.buffer : frame.buffer
            return FrameEncoder.ansi(buffer, depth: depth)
        case .json: return TerminalText.escapedJSON(FrameJSONEncoder.encode(frame, widget: widget, family: family))
        case .svg:
            let isDark = style?.colorScheme == .dark
            let foreground = isDark ? RGB(255, 255, 255) : RGB(0, 0, 0)
            let background = style?.surface ?? style?.surfaceForBlending ?? RGB(255, 255, 255)
            let title = [widget, family.rawValue, style?.renderingMode.rawValue, theme?.name].compactMap { $0 }.joined(separator: " ")
            return SVGEncoder.encode(frame.buffer, defaultForeground: foreground, defaultBackground: background, title: title)
        }
    }
}
