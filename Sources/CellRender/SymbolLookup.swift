import Foundation
import CellLayout
import WidgetKitUI

extension SymbolTable {
    /// Columns the glyph for `name` takes; an unknown name takes one column (its placeholder).
    @Sendable public static func displayWidth(forSystemName name: String) -> Int {
        guard let symbol = glyph(forSystemName: name) else { return 1 }
        return DisplayWidth.of(symbol.glyph)
    }

}
