import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - render

enum RenderCommand {
    static func run(_ arguments: [String], widgets: [WidgetDescriptor], environment: [String: String],
                    output: TextStream, errors: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: RenderSettings.valuedFlags.union(ActivityRenderCommand.flags), boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.render)
            return 0
        }
        guard let kind = parsed.positionals.first else {
            throw UsageError("render needs a widget kind; valid kinds: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        guard parsed.positionals.count == 1 else { throw UsageError("render takes one widget kind, got \(parsed.positionals.joined(separator: " "))") }
        let settings = try RenderSettings(parsed)
        let descriptor = try widget(named: kind, in: widgets)
        if descriptor.isActivity {
            return try ActivityRenderCommand.run(parsed, activity: descriptor, widgets: widgets, settings: settings, environment: environment,
                                                 output: output, errors: errors)
        }
        try ActivityRenderCommand.rejectFlags(parsed, widget: descriptor)
        let family = try settings.family(for: descriptor)
        let outputFormat = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal)

        if let at = settings.at { HostClock.set(at) }
        let session = try settings.session(for: descriptor)
        let selection = try session.selectEntry(family: family, device: settings.device, context: settings.context)
        let now = HostClock.now
        if selection.isBeforeFirstEntry {
            let first = selection.timeline?.entries.map(\.date).min()
            errors.write("widgetterm: note: \(kind) has no entry yet at \(now.formatted(.iso8601)); showing the placeholder"
                         + (first.map { " (first entry at \($0.formatted(.iso8601)))" } ?? "") + "\n")
        }
        let options = settings.options(family: family, date: now)
        if parsed["format"] == "tree" {
            let (content, sink) = session.resolve(selection, options: options)
            output.write("\(content)\n")
            if let background = sink.containerBackground { output.write("containerBackground:\n\(background)\n") }
            return 0
        }
        let frame = session.render(selection, options: options)
        output.write(outputFormat.encode(frame, widget: kind, family: family, style: options.style, theme: settings.theme(for: family)))
        let severities = frame.diagnostics.map { Diagnostic($0, widget: kind, family: family).severity }
        for (diagnostic, severity) in zip(frame.diagnostics, severities) where outputFormat.kind != .json {
            errors.write("widgetterm: \(severity.rawValue): [\(diagnostic.code)] \(TerminalText.escaped(diagnostic.message))\n")
        }
        return severities.contains(.error) ? 1 : 0
    }
}

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
        case .json: return TerminalText.escapedJSON(FrameJSON.encode(frame, widget: widget, family: family))
        case .svg:
            let isDark = style?.colorScheme == .dark
            let foreground = isDark ? RGB(255, 255, 255) : RGB(0, 0, 0)
            let background = style?.surface ?? style?.surfaceForBlending ?? RGB(255, 255, 255)
            let title = [widget, family.rawValue, style?.renderingMode.rawValue, theme?.name].compactMap { $0 }.joined(separator: " ")
            return SVGEncoder.encode(frame.buffer, defaultForeground: foreground, defaultBackground: background, title: title)
        }
    }
}

/// The frame as data (DESIGN.md): size, cells, tap regions, live-text regions, diagnostics.
enum FrameJSON {
    struct Document: Encodable {
        var widget: String
        var family: String
        var width: Int
        var height: Int
        /// One string per row: the text layer.
        var rows: [String]
        /// One array per row: each cell's glyph, colours and attributes.
        var cells: [[CellData]]
        var tapRegions: [TapData]
        var widgetURLs: [String]
        var liveRegions: [RectData]
        var diagnostics: [DiagnosticData]
    }
    struct CellData: Encodable {
        var glyph: String
        var foreground: String?
        var background: String?
        var attributes: [String]?
        var wide: Bool?
    }
    struct RectData: Encodable { var row: Int, column: Int, width: Int, height: Int }
    struct TapData: Encodable {
        var rect: RectData
        var kind: String
        var target: String
    }
    struct DiagnosticData: Encodable { var severity: String, code: String, message: String }

    static func rect(_ rect: CellRect) -> RectData { RectData(row: rect.y, column: rect.x, width: rect.width, height: rect.height) }

    static func encode(_ frame: Frame, widget: String, family: WidgetFamily) -> String {
        let buffer = frame.buffer
        var cells: [[CellData]] = []
        for row in 0..<buffer.height {
            var line: [CellData] = []
            for column in 0..<buffer.width where !buffer[column, row].isContinuation {
                let cell = buffer[column, row]
                let wide = column + 1 < buffer.width && buffer[column + 1, row].isContinuation
                line.append(CellData(glyph: cell.glyph.description, foreground: cell.glyph.isSpace ? nil : cell.foreground?.hex,
                                     background: cell.background?.hex,
                                     attributes: cell.attributes.isEmpty ? nil : cell.attributes.names, wide: wide ? true : nil))
            }
            cells.append(line)
        }
        let taps = frame.tapRegions.map { region -> TapData in
            switch region.action {
            case .link(let url): return TapData(rect: rect(region.rect), kind: "link", target: url.absoluteString)
            case .intent(let intent): return TapData(rect: rect(region.rect), kind: "intent", target: intent.description)
            case .toggle(let isOn, let intent):
                return TapData(rect: rect(region.rect), kind: isOn ? "toggle-on" : "toggle-off", target: intent.description)
            }
        }
        let document = Document(widget: widget, family: family.rawValue, width: buffer.width, height: buffer.height,
                                rows: (0..<buffer.height).map(buffer.text(ofRow:)), cells: cells, tapRegions: taps,
                                widgetURLs: frame.widgetURLs.map(\.absoluteString), liveRegions: frame.liveRegions.map { rect($0.rect) },
                                diagnostics: frame.diagnostics.map {
                                    DiagnosticData(severity: $0.isFatalToRender ? "error" : "warning", code: $0.code, message: $0.message)
                                })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

// MARK: - gallery

/// Prints every widget in every family it supports (what `widgetterm` shows until the interactive preview).
enum GalleryCommand {
    static func run(_ arguments: [String], widgets: [WidgetDescriptor], environment: [String: String],
                    output: TextStream, errors: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: RenderSettings.valuedFlags, boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.gallery)
            return 0
        }
        let settings = try RenderSettings(parsed)
        let outputFormat = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal)
        if let at = settings.at { HostClock.set(at) }
        let selected = try parsed.positionals.map { try widget(named: $0, in: widgets) }
        for descriptor in selected.isEmpty ? widgets : selected {
            let session = try settings.session(for: descriptor)
            output.write(TerminalText.escaped("\(descriptor.displayName) — \(descriptor.kind)") + "\n")
            if descriptor.isActivity {
                output.write(ActivityRenderCommand.gallery(descriptor, settings: settings, format: outputFormat))
                continue
            }
            for family in descriptor.supportedFamilies where settings.device.size(of: family) != nil {
                if let only = settings.family, only != family { continue }
                let selection = try session.selectEntry(family: family, device: settings.device, context: settings.context)
                let frame = session.render(selection, options: settings.options(family: family, date: HostClock.now))
                output.write("  \(family)\n")
                output.write(outputFormat.encode(frame, widget: descriptor.kind, family: family, style: settings.style(for: family),
                                                 theme: settings.theme(for: family))
                    .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }.joined(separator: "\n") + "\n\n")
            }
        }
        return 0
    }
}
