import SwiftUI
import WidgetKit
import ForecastKit

// struct NotAWidget: Widget {} — a comment, not a declaration.
struct ForecastWidget: Widget {
    let kind = "struct Fake: Widget {"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ForecastProvider()) { entry in
            Text(entry.forecast.summary)
        }
    }
}
