import SwiftUI
import TallyKit
import WidgetKit

struct CupWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "CupWidget", provider: TallyProvider()) { entry in
            Text(TallyFormat.progress(entry.tally.cups, of: entry.tally.goal) + " cups")
                .foregroundStyle(Palette.accent)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Cups")
        .supportedFamilies([.systemSmall])
    }
}
