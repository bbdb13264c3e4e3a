import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - gallery

/// Prints every widget in every family it supports (what `widgetterm` shows until the interactive preview).
/// Text and ANSI are a listing for a person; JSON is one document and SVG one picture, so each is a valid file.
enum GalleryCommand {
    static func run(
        _ arguments: [String], widgets: [WidgetDescriptor], environment: [String: String],
        output: TextStream, errors: TextStream
    ) throws -> Int32 {
        var parsed = try ParsedArguments(
            arguments, valued: RenderSettings.valuedFlags.union(["fetched-at", "modes", "output"]), boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.gallery)
            return 0
        }
        if parsed["format"] == "tree" { throw UsageError("gallery --format takes text, ansi, json, svg or png; tree is for render") }
        // PNG is the SVG sheet converted by librsvg; it is binary, so it goes to a file.
        let isPNG = try PictureOutput.prepare(&parsed, command: "gallery")
        let modes = try GalleryModes.parse(parsed)
        let settings = try RenderSettings(parsed)
        let outputFormat = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal && parsed["output"] == nil)
        if let at = settings.at { HostClock.set(at) }
        let selected = try parsed.positionals.map { try widget(named: $0, in: widgets) }
        var sections: [GallerySection] = []
        var frameNumber = 0
        // A provider that fails (never calls its completion, say) is a finding about the widget, as in `render`:
        // its frames show what iOS keeps (with no earlier render, the placeholder) and the gallery exits 1.
        var providerFailures: [ProviderError] = []
        for descriptor in selected.isEmpty ? widgets : selected {
            let session = try settings.session(for: descriptor)
            var failure: ProviderError?
            var section = GallerySection(title: "\(descriptor.displayName) — \(descriptor.kind)", kind: descriptor.kind)
            if descriptor.isActivity {
                section.items = ActivityRenderCommand.gallery(descriptor, settings: settings, format: outputFormat)
                sections.append(section)
                continue
            }
            for family in descriptor.supportedFamilies {
                if let only = settings.family, only != family { continue }
                guard settings.device.size(of: family) != nil else {
                    section.skipped.append(family.rawValue)
                    continue
                }
                let selection: EntrySelection
                if let failure {
                    // Asked once: the other families do not wait for the same provider again.
                    selection = session.failedSelection(failure, family: family, device: settings.device)
                } else {
                    do {
                        selection = try settings.selectEntry(session, family: family, device: settings.device)
                    } catch let error as ProviderError {
                        failure = error
                        providerFailures.append(error)
                        selection = session.failedSelection(error, family: family, device: settings.device)
                    }
                }
                for mode in modes ?? [settings.mode] {
                    var modeSettings = settings
                    modeSettings.mode = mode
                    let style = modeSettings.style(for: family), theme = modeSettings.theme(for: family)
                    let options = modeSettings.options(family: family, date: HostClock.now)
                    let frame = settings.atFetch { session.render(selection, options: options) }
                    frameNumber += 1
                    var item = GalleryItem(
                        kind: descriptor.kind, label: family.rawValue,
                        encoded: outputFormat.encode(
                            frame, widget: descriptor.kind, family: family, style: style, theme: theme, idPrefix: "f\(frameNumber)"))
                    if modes != nil { item.caption = "\(style.renderingMode.rawValue) · \(theme.name)" }
                    section.items.append(item)
                }
            }
            sections.append(section)
        }
        let skipped = sections.flatMap { section in section.skipped.map { "\(section.kind) \($0)" } }
        if !skipped.isEmpty && outputFormat.kind != .text && outputFormat.kind != .ansi {
            errors.write("widgetterm: note: \(settings.device.name) has no \(skipped.joined(separator: ", ")); skipped\n")
        }
        let document: String
        switch outputFormat.kind {
        case .text, .ansi: document = GalleryLayout.listing(sections, device: settings.device.name)
        case .json: document = GalleryLayout.json(sections, device: settings.device.name)
        case .svg: document = GalleryLayout.svg(sections)
        }
        try PictureOutput.write(document, isPNG: isPNG, parsed: parsed, environment: environment, output: output, errors: errors)
        for failure in providerFailures {
            errors.write("widgetterm: error: [\(failure.code)] \(TerminalText.escaped(failure.description))\n")
        }
        return providerFailures.isEmpty ? 0 : 1
    }
}

/// `gallery --modes all|MODE,MODE`: the rendering modes each family is shown in, side by side.
enum GalleryModes {
    /// The modes `--modes` asks for, in the order given (`all`: full colour, accented, vibrant); nil without it.
    ///
    /// - Throws: `UsageError` for an unknown mode, an empty list, or `--modes` together with `--mode`.
    static func parse(_ parsed: ParsedArguments) throws -> [WidgetRenderingMode?]? {
        guard let raw = parsed["modes"] else { return nil }
        if parsed["mode"] != nil { throw UsageError("give --mode or --modes, not both") }
        if raw == "all" { return WidgetRenderingMode.allCases.map { $0 } }
        var modes: [WidgetRenderingMode?] = []
        for name in raw.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard let mode = WidgetRenderingMode(rawValue: name) else {
                throw NameArgument.unknown("modes", name, valid: ["all"] + WidgetRenderingMode.allCases.map(\.rawValue), what: "modes")
            }
            modes.append(mode)
        }
        return modes
    }
}

/// One widget's part of a gallery: its frames and the families the device has no size for.
struct GallerySection {
    var title: String
    var kind: String
    var items: [GalleryItem] = []
    /// Families the widget supports that the device cannot show (`systemExtraLarge` on a phone).
    var skipped: [String] = []
}

/// One frame of a gallery, already encoded in the output format, or a note where there is none.
struct GalleryItem {
    var kind: String
    /// The family or Live Activity presentation.
    var label: String
    var encoded: String?
    var note: String?
    /// The rendering mode and theme, when the gallery shows several modes (`--modes`).
    var caption: String?

    init(kind: String, label: String, encoded: String) {
        self.kind = kind
        self.label = label
        self.encoded = encoded
    }

    init(kind: String, label: String, note: String) {
        self.kind = kind
        self.label = label
        self.note = note
    }
}

/// How gallery frames are put together in each format.
enum GalleryLayout {
    /// Text or ANSI: a title per widget, a label per frame, frames indented by two columns.
    static func listing(_ sections: [GallerySection], device: String) -> String {
        var text = ""
        for section in sections {
            text += TerminalText.escaped(section.title) + "\n"
            for item in section.items {
                text += "  \(item.label)\(item.caption.map { " — \($0)" } ?? "")\n"
                if let encoded = item.encoded {
                    text +=
                        encoded.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }
                        .joined(separator: "\n") + "\n\n"
                } else if let note = item.note {
                    text += "  \(TerminalText.escaped(note))\n\n"
                }
            }
            if !section.skipped.isEmpty {
                text +=
                    "  skipped: \(section.skipped.joined(separator: ", ")) (\(device) has no size for \(section.skipped.count == 1 ? "it" : "them"))\n\n"
            }
        }
        return text
    }

    /// JSON: one document, `{"device", "widgets": [{"kind", "title", "frames": [{"label", "frame"}], "skipped"}]}`,
    /// each frame the document `render --format json` writes.
    static func json(_ sections: [GallerySection], device: String) -> String {
        var widgets: [[String: Any]] = []
        for section in sections {
            var frames: [[String: Any]] = []
            for item in section.items {
                var entry: [String: Any] = ["label": item.label]
                if let encoded = item.encoded, let frame = try? JSONSerialization.jsonObject(with: Data(encoded.utf8)) {
                    entry["frame"] = frame
                }
                if let note = item.note { entry["note"] = note }
                if let caption = item.caption { entry["caption"] = caption }
                frames.append(entry)
            }
            widgets.append(["kind": section.kind, "title": section.title, "frames": frames, "skipped": section.skipped])
        }
        let document: [String: Any] = ["device": device, "widgets": widgets]
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return TerminalText.escapedJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// SVG: one picture (a contact sheet), a title per widget and a row per family, labelled; the frames of one
    /// family in several modes (`--modes`) side by side, each captioned with its mode and theme. Each frame is
    /// the review SVG `render --format svg` writes, nested.
    static func svg(_ sections: [GallerySection]) -> String {
        let margin = 16, labelHeight = 22, gap = 16
        var body = "", y = margin, width = 0
        for section in sections {
            body +=
                "<text x=\"\(margin)\" y=\(quoted(y + 16)) font-size=\"16\" font-weight=\"bold\">\(SVGText.escaped(section.title))</text>\n"
            y += labelHeight + 4
            var index = 0
            while index < section.items.count {
                // One row: the consecutive items of one label (a family in each mode).
                var end = index + 1
                while end < section.items.count, section.items[end].label == section.items[index].label { end += 1 }
                let row = section.items[index..<end]
                index = end
                body += "<text x=\"\(margin)\" y=\(quoted(y + 14)) font-size=\"13\">\(SVGText.escaped(row.first!.label))</text>\n"
                y += labelHeight
                let hasCaptions = row.contains { $0.caption != nil }
                var x = margin, rowHeight = 0
                for item in row {
                    var top = y
                    if let caption = item.caption {
                        body +=
                            "<text x=\"\(x)\" y=\(quoted(top + 13)) font-size=\"12\" fill=\"#555555\">\(SVGText.escaped(caption))</text>\n"
                    }
                    if hasCaptions { top += 18 }
                    guard let encoded = item.encoded, let frame = SVGText.embeddable(encoded) else {
                        body += "<text x=\"\(x)\" y=\(quoted(top + 14)) font-size=\"13\">\(SVGText.escaped(item.note ?? ""))</text>\n"
                        rowHeight = max(rowHeight, top - y + labelHeight)
                        x += 320
                        continue
                    }
                    body +=
                        frame.element.replacingOccurrences(of: "<svg ", with: "<svg x=\"\(x)\" y=\"\(top)\" ", options: .anchored) + "\n"
                    rowHeight = max(rowHeight, top - y + frame.height)
                    // A caption wider than its frame (an accessory's) keeps the next frame clear of it: 12 px
                    // monospace advances about 7.2 px a character.
                    let captionWidth = Int((Double(item.caption?.count ?? 0) * 7.2).rounded(.up))
                    x += max(frame.width, captionWidth) + gap
                }
                width = max(width, x - gap + margin)
                y += rowHeight + margin
            }
            if !section.skipped.isEmpty {
                body +=
                    "<text x=\"\(margin)\" y=\(quoted(y + 14)) font-size=\"13\">skipped: \(SVGText.escaped(section.skipped.joined(separator: ", ")))</text>\n"
                y += labelHeight
            }
        }
        width = max(width, 320)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(y + margin)" viewBox="0 0 \(width) \(y + margin)" \
            font-family="\(SVGEncoder.fontFamily)">
            <rect width="\(width)" height="\(y + margin)" fill="#ffffff"/>
            \(body)</svg>

            """
    }

    private static func quoted(_ value: Int) -> String { "\"\(value)\"" }
}

/// Text and elements for SVG documents the command line puts together.
enum SVGText {
    /// `text` with XML's special characters as entities and control characters dropped (XML 1.0 forbids them).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default:
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A standalone SVG document (what `render --format svg` writes) as an element to nest in another: the XML
    /// declaration removed; with the root's width and height in pixels.
    static func embeddable(_ document: String) -> (element: String, width: Int, height: Int)? {
        guard let start = document.range(of: "<svg ") else { return nil }
        let element = String(document[start.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
        func attribute(_ name: String) -> Int? {
            guard let range = element.range(of: " \(name)=\"") else { return nil }
            return Int(element[range.upperBound...].prefix(while: \.isNumber))
        }
        guard let width = attribute("width"), let height = attribute("height") else { return nil }
        return (element, width, height)
    }
}
