import SwiftUI
import WidgetKit

struct BarWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "bar", provider: FooProvider()) { _ in Text("Bar") }
    }
}
