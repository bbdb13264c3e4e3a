import SwiftUI
import WidgetKit

/// Needs ArchiveStore, which needs Core Data: left out with it on Linux.
struct ArchiveWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ArchiveWidget", provider: TallyProvider()) { _ in
            Text("best day: \(ArchiveStore.bestDay()) cups")
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Best day")
    }
}
