// SwiftUI and WidgetKit re-export Foundation, so widget files use `Date`, `URL` and `Calendar` with only
// `import SwiftUI`; a ported file that imports WidgetKitUI instead must keep compiling.
@_exported import Foundation
