import Foundation
import WidgetKitUI

// MARK: - A running workout with pause and end buttons (a Live Activity)

/// A workout in progress: its name and goal stay, the elapsed time, distance and heart rate change.
struct WorkoutAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        /// The moment the elapsed timer counts from (moved forward by pauses).
        var startDate: Date
        /// Seconds shown while paused; nil while running.
        var pausedElapsed: TimeInterval?
        var distanceMeters: Double
        var heartRate: Int
        var isFinished = false

        var isPaused: Bool { pausedElapsed != nil }
    }

    var workoutName: String
    var goalMeters: Double
}

/// Pauses every running workout activity (runs in the app's process, as a `LiveActivityIntent`).
struct PauseWorkoutIntent: LiveActivityIntent {
    static var title: LocalizedStringResource { "Pause workout" }

    func perform() async throws -> some IntentResult {
        for activity in Activity<WorkoutAttributes>.activities where !activity.content.state.isPaused {
            var state = activity.content.state
            state.pausedElapsed = Date().timeIntervalSince(state.startDate)
            await activity.update(ActivityContent(state: state, staleDate: nil))
        }
        return .result()
    }
}

/// Resumes every paused workout activity.
struct ResumeWorkoutIntent: LiveActivityIntent {
    static var title: LocalizedStringResource { "Resume workout" }

    func perform() async throws -> some IntentResult {
        for activity in Activity<WorkoutAttributes>.activities {
            var state = activity.content.state
            guard let elapsed = state.pausedElapsed else { continue }
            state.startDate = Date().addingTimeInterval(-elapsed)
            state.pausedElapsed = nil
            await activity.update(ActivityContent(state: state, staleDate: nil))
        }
        return .result()
    }
}

/// Ends every workout activity, leaving the summary on the Lock Screen.
struct EndWorkoutIntent: LiveActivityIntent {
    static var title: LocalizedStringResource { "End workout" }

    func perform() async throws -> some IntentResult {
        for activity in Activity<WorkoutAttributes>.activities {
            var state = activity.content.state
            state.pausedElapsed = state.pausedElapsed ?? Date().timeIntervalSince(state.startDate)
            state.isFinished = true
            await activity.end(ActivityContent(state: state, staleDate: nil), dismissalPolicy: .default)
        }
        return .result()
    }
}

/// Elapsed time: a counting-up timer while running, a fixed value while paused. 66 pt holds "1:00:00" in the
/// headline font (about 65.4 pt measured, `timer-frame-too-narrow`), so the 8 hours an activity lives fit.
struct WorkoutElapsed: View {
    let state: WorkoutAttributes.ContentState

    var body: some View {
        if let elapsed = state.pausedElapsed {
            Text(SystemTextFormat.clock(seconds: Int(elapsed), showsHours: true))
                .monospacedDigit()
                .frame(width: 66, alignment: .leading)
        } else {
            Text(state.startDate, style: .timer)
                .monospacedDigit()
                .frame(width: 66, alignment: .leading)
        }
    }
}

struct WorkoutDistance: View {
    let meters: Double
    var body: some View { Text(String(format: "%.2f km", meters / 1000)) }
}

/// Pause or resume, and end: controls act in the expanded and Lock Screen presentations only.
struct WorkoutButtons: View {
    let state: WorkoutAttributes.ContentState

    var body: some View {
        HStack(spacing: 8) {
            if state.isPaused {
                Button(intent: ResumeWorkoutIntent()) { Label("Resume", systemImage: "play.fill") }
                    .padding(.horizontal, 8)
                    .background(Color.green.opacity(0.3), in: Capsule())
            } else {
                Button(intent: PauseWorkoutIntent()) { Label("Pause", systemImage: "pause.fill") }
                    .padding(.horizontal, 8)
                    .background(Color.yellow.opacity(0.3), in: Capsule())
            }
            Spacer()
            Button(intent: EndWorkoutIntent()) { Label("End", systemImage: "xmark") }
                .padding(.horizontal, 8)
                .background(Color.red.opacity(0.3), in: Capsule())
        }
        .font(.subheadline)
    }
}

struct WorkoutLockScreenView: View {
    let context: ActivityViewContext<WorkoutAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Label(context.attributes.workoutName, systemImage: "figure.run").font(.headline)
                Spacer()
                WorkoutElapsed(state: context.state).font(.headline)
            }
            HStack {
                WorkoutDistance(meters: context.state.distanceMeters)
                Text("of \(Int(context.attributes.goalMeters / 1000)) km").foregroundStyle(.secondary)
                Spacer()
                Label("\(context.state.heartRate)", systemImage: "heart.fill").foregroundStyle(.red)
            }
            .font(.subheadline)
            if context.state.isFinished {
                Text("Workout saved").font(.caption).foregroundStyle(.secondary)
            } else {
                WorkoutButtons(state: context.state)
            }
        }
        .padding()
        .activityBackgroundTint(Color(red: 0.1, green: 0.12, blue: 0.1))
        .activitySystemActionForegroundColor(.green)
    }
}

struct WorkoutActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: WorkoutAttributes.self) { context in
            WorkoutLockScreenView(context: context)
                .foregroundStyle(.white)
                .widgetURL(URL(string: "fit://workout/current"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    VStack(alignment: .leading) {
                        Label(context.attributes.workoutName, systemImage: "figure.run").font(.caption)
                        WorkoutDistance(meters: context.state.distanceMeters).font(.headline)
                    }
                }
                DynamicIslandExpandedRegion(.trailing) {
                    VStack(alignment: .trailing) {
                        WorkoutElapsed(state: context.state).font(.headline)
                        Label("\(context.state.heartRate)", systemImage: "heart.fill").font(.caption).foregroundStyle(.red)
                    }
                }
                DynamicIslandExpandedRegion(.bottom) {
                    WorkoutButtons(state: context.state)
                }
            } compactLeading: {
                Image(systemName: "figure.run").foregroundStyle(.green)
            } compactTrailing: {
                WorkoutElapsed(state: context.state).foregroundStyle(.green)
            } minimal: {
                HStack(spacing: 0) {
                    Image(systemName: "figure.run")
                    Text(String(format: "%.1f", context.state.distanceMeters / 1000))
                }
                .foregroundStyle(.green)
            }
            .keylineTint(.green)
            .widgetURL(URL(string: "fit://workout/current"))
        }
        .widgetTermPreview(attributes: WorkoutAttributes(workoutName: "Morning Run", goalMeters: 10_000)) { start in
            WorkoutScript.states(startingAt: start)
        }
        .widgetTermRoutes(["fit://workout/{id}"])
    }
}

/// The scripted workout: just started, a quarter of an hour in, paused, past the hour.
enum WorkoutScript {
    static func states(startingAt start: Date) -> [ActivityContent<WorkoutAttributes.ContentState>] {
        [
            ActivityContent(state: .init(startDate: start, distanceMeters: 0, heartRate: 96), staleDate: nil),
            ActivityContent(
                state: .init(startDate: start.addingTimeInterval(-15 * 60), distanceMeters: 2_410, heartRate: 142),
                staleDate: nil),
            ActivityContent(
                state: .init(
                    startDate: start.addingTimeInterval(-18 * 60), pausedElapsed: 18 * 60 + 30,
                    distanceMeters: 2_980, heartRate: 118), staleDate: nil),
            ActivityContent(
                state: .init(startDate: start.addingTimeInterval(-65 * 60), distanceMeters: 10_240, heartRate: 151),
                staleDate: nil, relevanceScore: 50),
        ]
    }
}
