import ActivityKit
import SwiftUI
import WidgetKit

struct TripAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var minutesLeft: Int }
    var destination: String
}

struct TripLiveActivity<Placeholder: View>: Widget where Placeholder: Sendable {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TripAttributes.self) { context in
            Text(context.attributes.destination)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("\(context.state.minutesLeft) min") }
            } compactLeading: {
                Text("T")
            } compactTrailing: {
                Text("\(context.state.minutesLeft)")
            } minimal: {
                Text("T")
            }
        }
    }
}
