// `import SwiftUI` in widget code compiles as written: this module stands for Apple's SwiftUI and re-exports
// WidgetTerm's authoring library, which holds the API under Apple's names (docs/ARCHITECTURE.md).
@_exported import WidgetKitUI
