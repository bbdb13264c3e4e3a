import SwiftUI
import WidgetKit

@main
struct SameNameWidgets: WidgetBundle {
    var body: some Widget {
        FooWidget()
        BarWidget()
    }
}
