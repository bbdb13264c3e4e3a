import SwiftUI

/// Added to the extension with `--include Extras`: no target of the project compiles it.
enum Palette {
    static let accent = Color.blue
}
