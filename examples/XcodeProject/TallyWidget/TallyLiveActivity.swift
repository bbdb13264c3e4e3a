//
//  TallyLiveActivity.swift
//  TallyWidget
//
//  Written for this repository: a Live Activity for a habit session, as Xcode's template shapes one.
//

import ActivityKit
import WidgetKit
import SwiftUI

struct TallyAttributes: ActivityAttributes {
    /// What changes while the activity runs: the count so far.
    public struct ContentState: Codable, Hashable {
        var count: Int
    }

    var habitName: String
    var goal: Int
}

struct TallyLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TallyAttributes.self) { context in
            HStack {
                Text(context.attributes.habitName)
                    .font(.headline)
                Spacer()
                Text("\(context.state.count) of \(context.attributes.goal)")
            }
            .padding()
            .activityBackgroundTint(Color.black.opacity(0.6))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Image(systemName: "drop.fill")
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text("\(context.state.count)")
                }
                DynamicIslandExpandedRegion(.bottom) {
                    ProgressView(value: Double(context.state.count), total: Double(context.attributes.goal))
                }
            } compactLeading: {
                Image(systemName: "drop.fill")
            } compactTrailing: {
                Text("\(context.state.count)")
            } minimal: {
                Text("\(context.state.count)")
            }
        }
    }
}

#Preview("Session", as: .content, using: TallyAttributes(habitName: "Water", goal: 8)) {
    TallyLiveActivity()
} contentStates: {
    TallyAttributes.ContentState(count: 3)
    TallyAttributes.ContentState(count: 7)
}
