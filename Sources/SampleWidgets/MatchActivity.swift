import Foundation
import WidgetKitUI

// MARK: - A football match whose goals alert (a Live Activity)

/// A match in progress: the teams and the competition stay the same, the score and the match clock change.
struct MatchAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var homeScore: Int
        var awayScore: Int
        /// The match clock as the broadcaster gives it: `Kick-off`, `23′`, `Half time`, `Full time`.
        var status: String
        /// The latest goal (`Okafor 23′`), once there is one.
        var lastGoal: String?
    }

    var matchID: String
    var competition: String
    var homeTeam: String
    var awayTeam: String
    /// Three-letter codes for the expanded island's narrow leading and trailing regions (`LIO`, `HAR`).
    var homeCode: String
    var awayCode: String
}

/// The score, `1 – 0`, in the headline's digits.
struct MatchScore: View {
    let state: MatchAttributes.ContentState

    var body: some View {
        Text("\(state.homeScore) – \(state.awayScore)").font(.title2).monospacedDigit()
    }
}

/// The Lock Screen view: the competition and clock, the teams either side of the score, the latest goal.
struct MatchLockScreenView: View {
    let context: ActivityViewContext<MatchAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Label(context.attributes.competition, systemImage: "soccerball")
                Spacer()
                Text(context.state.status).foregroundStyle(.secondary)
            }
            .font(.caption)
            HStack {
                Text(context.attributes.homeTeam).font(.headline)
                Spacer()
                MatchScore(state: context.state)
                Spacer()
                Text(context.attributes.awayTeam).font(.headline)
            }
            if let goal = context.state.lastGoal {
                Text("Goal: \(goal)").font(.caption).foregroundStyle(.secondary)
            }
        }
        .padding()
    }
}

struct MatchActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: MatchAttributes.self) { context in
            MatchLockScreenView(context: context)
                .widgetURL(URL(string: "score://match/\(context.attributes.matchID)"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    // A width of its own: measured alone, "HAR" gets one cell too few and is cut to "H…".
                    Text(context.attributes.homeCode).frame(width: 32, alignment: .leading)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(context.attributes.awayCode).frame(width: 32, alignment: .trailing)
                }
                DynamicIslandExpandedRegion(.center) {
                    MatchScore(state: context.state)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    if let goal = context.state.lastGoal {
                        Text("\(context.state.status) · Goal: \(goal)").font(.caption)
                    } else {
                        Text(context.state.status).font(.caption)
                    }
                }
            } compactLeading: {
                Image(systemName: "soccerball").foregroundStyle(.green)
            } compactTrailing: {
                Text("\(context.state.homeScore)–\(context.state.awayScore)").monospacedDigit()
            } minimal: {
                // The minimal view says whose activity it is (HIG): beside another app's, a bare "1–0" names no app.
                Image(systemName: "soccerball").foregroundStyle(.green)
            }
            .keylineTint(.green)
            .widgetURL(URL(string: "score://match/\(context.attributes.matchID)"))
        }
        .widgetTermPreview { _ in
            MatchAttributes(
                matchID: "final-26", competition: "City Cup final", homeTeam: "Lions", awayTeam: "Harbour", homeCode: "LIO",
                awayCode: "HAR")
        } updates: { _ in
            MatchScript.updates
        }
        .widgetTermRoutes(["score://match/{id}"])
    }
}

/// The scripted match, as the app's server would send it: kick-off, a goal each way around half time, full time.
/// Each goal and the final whistle update the activity with an alert (`Activity.update(_:alertConfiguration:)`):
/// the island expands (a banner on the Lock Screen) and the sound plays; the title and body are what Apple Watch shows.
enum MatchScript {
    typealias State = MatchAttributes.ContentState

    static var updates: [ActivityPreviewUpdate<State>] {
        [
            ActivityPreviewUpdate(ActivityContent(state: State(homeScore: 0, awayScore: 0, status: "Kick-off"), staleDate: nil)),
            ActivityPreviewUpdate(
                ActivityContent(state: State(homeScore: 1, awayScore: 0, status: "23′", lastGoal: "Okafor 23′"), staleDate: nil),
                alertConfiguration: AlertConfiguration(title: "Goal! Lions 1 – 0", body: "Okafor scores at 23′", sound: .named("goal.caf"))),
            ActivityPreviewUpdate(
                ActivityContent(state: State(homeScore: 1, awayScore: 0, status: "Half time", lastGoal: "Okafor 23′"), staleDate: nil)),
            ActivityPreviewUpdate(
                ActivityContent(state: State(homeScore: 1, awayScore: 1, status: "58′", lastGoal: "Reyes 58′"), staleDate: nil),
                alertConfiguration: AlertConfiguration(title: "Goal! Harbour 1 – 1", body: "Reyes scores at 58′", sound: .default)),
            ActivityPreviewUpdate(
                ActivityContent(state: State(homeScore: 2, awayScore: 1, status: "Full time", lastGoal: "Okafor 88′"), staleDate: nil),
                alertConfiguration: AlertConfiguration(
                    title: "Full time: Lions 2 – 1", body: "Lions win the City Cup final", sound: .named("whistle.caf"))),
        ]
    }
}
