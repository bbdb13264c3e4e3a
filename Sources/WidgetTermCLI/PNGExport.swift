import Foundation
import CellRender
import WidgetHost

// MARK: - PNG through librsvg

/// Turns the SVG WidgetTerm writes into PNG with librsvg's `rsvg-convert` (Debian package librsvg2-bin), which
/// draws text with the system's fonts through Pango and fontconfig.
///
/// librsvg draws a colour emoji font's glyphs as one-colour silhouettes, so before converting, each glyph the
/// SVG marks `class="emoji"` is replaced with a PNG image of it drawn in colour by `pango-view` (Debian package
/// pango1.0-tools) with Noto Color Emoji (fonts-noto-color-emoji). Without `pango-view` the emoji stay text and
/// `notes` says so.
enum PNGConverter {
    /// The program that converts, looked up on `PATH`.
    static let program = "rsvg-convert"

    /// The PNG of `svg`, one pixel per SVG pixel (96 dpi).
    ///
    /// - Throws: `UsageError` when `rsvg-convert` is not installed or cannot convert (its message is quoted).
    static func png(fromSVG svg: String, environment: [String: String], notes: TextStream? = nil) throws -> Data {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        guard let executable = find(program, path: path) else {
            throw UsageError("PNG output needs \(program) on PATH: install the Debian package librsvg2-bin, or use --format svg")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetterm-png-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("sheet.svg"), output = directory.appendingPathComponent("sheet.png")
        var svg = svg
        if svg.contains("<text class=\"emoji\"") {
            if let painter = find("pango-view", path: path) {
                svg = EmojiImages.inline(svg, pangoView: painter, scratch: directory)
            } else {
                notes?.write("widgetterm: note: emoji are drawn in one colour: install pango-view (Debian package pango1.0-tools)\n")
            }
        }
        try Data(svg.utf8).write(to: input)
        let process = ChildProcess(executable: executable, arguments: ["--format", "png", "--output", output.path, input.path])
        let messages = Pipe()
        process.standardError = .pipe(messages)
        process.standardOutput = .nullDevice
        process.standardInput = .nullDevice
        do {
            try process.run()
        } catch {
            throw UsageError("\(error)")
        }
        let message = messages.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0, let data = try? Data(contentsOf: output) else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw UsageError("\(program) could not convert the SVG to PNG: \(text.isEmpty ? "status \(process.terminationStatus)" : text)")
        }
        return data
    }

    /// The first executable file named `name` in the `:`-separated `path`.
    static func find(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// Colour emoji as images, for renderers that draw colour fonts in one colour (librsvg).
enum EmojiImages {
    /// Font size in points that `pango-view` draws each emoji at (scaled down into its two cells).
    static let pointSize = 48

    /// `svg` with each `<text class="emoji" x=".." y="..">G</text>` replaced by an `<image>` of G in colour,
    /// filling its two cells (`SVGEncoder.cellWidth` × 2 by `cellHeight`, the baseline three quarters down). A
    /// glyph `pango-view` cannot draw stays text.
    static func inline(_ svg: String, pangoView: String, scratch: URL) -> String {
        guard let pattern = try? NSRegularExpression(pattern: "<text class=\"emoji\" x=\"(-?[0-9]+)\" y=\"(-?[0-9]+)\"[^>]*>([^<]*)</text>")
        else { return svg }
        let source = svg as NSString
        var images: [String: String?] = [:]
        var result = "", last = 0
        for match in pattern.matches(in: svg, range: NSRange(location: 0, length: source.length)) {
            let x = Int(source.substring(with: match.range(at: 1))) ?? 0
            let y = Int(source.substring(with: match.range(at: 2))) ?? 0
            let glyph = unescaped(source.substring(with: match.range(at: 3)))
            if images[glyph] == nil { images[glyph] = draw(glyph, pangoView: pangoView, scratch: scratch, number: images.count) }
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            if let data = images[glyph] ?? nil {
                let top = y - SVGEncoder.cellHeight * 3 / 4
                result +=
                    "<image class=\"emoji\" x=\"\(x)\" y=\"\(top)\" width=\"\(2 * SVGEncoder.cellWidth)\" height=\"\(SVGEncoder.cellHeight)\" "
                    + "preserveAspectRatio=\"xMidYMid meet\" href=\"data:image/png;base64,\(data)\"/>"
            } else {
                result += source.substring(with: match.range)
            }
            last = match.range.location + match.range.length
        }
        result += source.substring(from: last)
        return result
    }

    /// The base64 PNG of `glyph` in Noto Color Emoji, nil when `pango-view` fails.
    static func draw(_ glyph: String, pangoView: String, scratch: URL, number: Int) -> String? {
        let file = scratch.appendingPathComponent("emoji\(number).png")
        let process = ChildProcess(
            executable: pangoView,
            arguments: [
                "--font=Noto Color Emoji \(pointSize)", "--text=\(glyph)", "--background=transparent", "--margin=0", "-q",
                "--output=\(file.path)",
            ])
        // GLib reads `--text` in the locale's character set: a locale that is not installed (LANG=tr_TR.UTF-8
        // without its locale data) falls back to ASCII and refuses the emoji. C.UTF-8 is always there.
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        process.standardInput = .nullDevice
        process.standardOutput = .nullDevice
        process.standardError = .nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0, let data = try? Data(contentsOf: file) else { return nil }
        return data.base64EncodedString()
    }

    /// XML entities of `SVGEncoder.escaped` back to characters.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// `--format png` and `--output FILE` for the commands that write pictures (`render`, `gallery`).
enum PictureOutput {
    /// Turns `--format png` into `svg` in `parsed` (PNG is the SVG converted) and returns whether PNG was asked
    /// for; checks `--output` before any work is done.
    ///
    /// - Throws: `UsageError` for PNG without `--output` (it is binary) or an `--output` that cannot be written.
    static func prepare(_ parsed: inout ParsedArguments, command: String) throws -> Bool {
        let isPNG = parsed["format"] == "png"
        if isPNG {
            guard parsed["output"] != nil else { throw UsageError("\(command) --format png writes a binary file: give --output FILE") }
            parsed.options["format"] = "svg"
        }
        if let path = parsed["output"] { try OutputFile.check(path, flag: "output") }
        return isPNG
    }

    /// Writes `document` to `--output` (as PNG when `isPNG`), else to `output`.
    static func write(
        _ document: String, isPNG: Bool, parsed: ParsedArguments, environment: [String: String], output: TextStream,
        errors: TextStream
    ) throws {
        guard let path = parsed["output"] else {
            output.write(document)
            return
        }
        let data = isPNG ? try PNGConverter.png(fromSVG: document, environment: environment, notes: errors) : Data(document.utf8)
        try OutputFile.write(data, to: path)
    }
}

extension OutputFile {
    /// Writes `data` to `path` whole or not at all (a temporary file in the same directory, then a rename).
    ///
    /// - Throws: `UsageError` naming `--flag`, the path and the system's reason.
    static func write(_ data: Data, to path: String, flag: String = "output") throws {
        try check(path, flag: flag)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw UsageError("cannot write --\(flag) \(path): \(error.localizedDescription)")
        }
    }
}
