import Foundation
import CellLayout
import WidgetKitUI

extension SymbolTable {
    /// Columns the glyph for `name` takes; an unknown name takes one column (its placeholder).
    @Sendable public static func displayWidth(forSystemName name: String) -> Int {
        guard let symbol = glyph(forSystemName: name) else { return 1 }
        return DisplayWidth.of(symbol.glyph)
    }

    /// Lets `Image(systemName:)` report unknown names while a body is resolved. Call once at start-up.
    public static func installLookup() {
        SymbolNames.install { glyph(forSystemName: $0) != nil }
    }
}
