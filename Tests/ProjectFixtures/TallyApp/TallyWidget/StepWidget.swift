import SwiftUI
import TallyKit
import WidgetKit

struct StepWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "StepWidget", provider: TallyProvider()) { entry in
            Text(TallyFormat.thousands(entry.tally.steps) + " steps")
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Steps")
        .supportedFamilies([.systemSmall])
    }
}
