import SwiftUI
import WidgetKit

@main
struct WatchWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WatchTrip", provider: WatchProvider()) { _ in Text("Trip") }
    }
}
