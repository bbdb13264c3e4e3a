// `import SwiftUI` in widget code compiles as written: this module stands for Apple's SwiftUI and re-exports
// WidgetTerm's authoring library, which holds the API under Apple's names (docs/ARCHITECTURE.md). On iOS,
// `import SwiftUI` also makes UIKit visible (`UIFont`, `UIScreen`, `UIDevice`), so this module re-exports
// WidgetTerm's `UIKit` too.
@_exported import UIKit
@_exported import WidgetKitUI
