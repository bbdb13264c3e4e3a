// `import UIKit` in widget code compiles as written: this module stands for the few UIKit types widget
// code uses. `UIColor` and `UIImage` live in WidgetKitUI, because `Color(UIColor)` and
// `Image(uiImage:)` need them; `UIFont` and `UIFontMetrics` are here (UIFont.swift).
@_exported import WidgetKitUI
