// `import Combine` in app model files compiles as written: this module stands for the part of Apple's Combine
// that model code shared with a widget uses (`ObservableObject`, `@Published`, `AnyCancellable`), which lives
// in WidgetKitUI because `import SwiftUI` offers it too (docs/DECISIONS.md).
@_exported import WidgetKitUI
