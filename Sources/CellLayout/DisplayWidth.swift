import Foundation
import CDisplayWidth

// MARK: - Display width

/// Display width of text in terminal columns: the C library's `wcwidth`, the same function ncurses
/// uses, so layout and terminal never disagree. A grapheme is never split.
public enum DisplayWidth {
    /// Columns one grapheme takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        var total = 0
        for scalar in character.unicodeScalars {
            let width = Int(widgetterm_scalar_width(scalar.value))
            if width > 0 { total += width }
        }
        return min(total, 2)
    }

    /// Columns a string takes.
    public static func of<S: StringProtocol>(_ string: S) -> Int {
        var total = 0
        for character in string { total += of(character) }
        return total
    }
}
