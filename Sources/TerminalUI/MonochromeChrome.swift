import CellLayout
import CellRender

// MARK: - The preview without colour

/// Makes the preview's chrome visible on a terminal without colour (`NO_COLOR`, `--color never`, a terminfo
/// entry without colours): the status bar, panels' bars, banners and the help overlay, drawn on a coloured
/// background, become reverse video; the target highlight, the touch cursor and error and warning banners become
/// reverse and bold. Widget frames keep their cells: a widget's own background would otherwise turn every card
/// into one reversed block.
enum MonochromeChrome {
    /// Backgrounds that mark something a person must find: reverse and bold wherever they are.
    static let emphasised: Set<RGB> = [Chrome.targetHighlight, Chrome.cursor, Chrome.error, Chrome.warning]

    /// `screen` with its chrome in attributes; `widgets` are the screen rectangles widget frames were drawn in.
    static func adapt(_ screen: CellBuffer, widgets: [CellRect]) -> CellBuffer {
        var result = screen
        for row in 0..<screen.height {
            for column in 0..<screen.width {
                let cell = screen[column, row]
                guard let background = cell.background else { continue }
                if emphasised.contains(background) {
                    result[column, row].attributes.formUnion([.reverse, .bold])
                } else if !widgets.contains(where: { $0.contains(column: column, row: row) }) {
                    result[column, row].attributes.insert(.reverse)
                }
            }
        }
        return result
    }
}
