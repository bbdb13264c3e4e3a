import Foundation

// MARK: - Text from documents and URLs, printed on a terminal

/// Makes text that came from outside (a widget document, a routes file, a URL, a file name) safe to print
/// on a terminal: every character a terminal would act on instead of showing is replaced by its Swift
/// string-literal escape, so `%1B]0;title%07` in a URL prints as `\u{1B}]0;title\u{7}` instead of retitling
/// the window (docs/DECISIONS.md, issue 15 item 3).
///
/// Escaped: C0 controls (U+0000–U+001F; `\0`, `\t`, `\n`, `\r` in their short forms), DEL and the C1 controls
/// (U+007F–U+009F), the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, which
/// reorder what follows them on screen) and the line and paragraph separators (U+2028, U+2029). Everything else,
/// backslashes included, is kept: the result is for reading, not for decoding back.
package enum TerminalText {
    /// `text` with the characters above escaped.
    ///
    /// - Parameters:
    ///   - text: The text to print.
    ///   - multiline: True keeps line feeds and tabs (a message the program laid out in lines itself); false
    ///     (the default) escapes them too, so one field (a parameter, a name, a log line) stays on one line and
    ///     cannot forge the lines after it.
    package static func escaped<S: StringProtocol>(_ text: S, multiline: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, multiline: multiline) }) else { return String(text) }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, multiline: multiline) else {
                result.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\0": escape = "\\0"
            case "\t": escape = "\\t"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    /// `json` (a JSON document) with the characters above that a JSON encoder leaves raw (DEL, C1, bidirectional
    /// controls, separators) written as `\uXXXX` escapes: the same JSON value, safe on a terminal.
    package static func escapedJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { needsEscape($0, multiline: true) }) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar, multiline: true) {
                let hex = String(scalar.value, radix: 16, uppercase: false)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `scalar` is one a terminal acts on (or that reorders the text after it).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, multiline: Bool) -> Bool {
        if multiline && (scalar == "\n" || scalar == "\t") { return false }
        return isControl(scalar)
    }
}
