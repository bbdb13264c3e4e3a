import Foundation
import WidgetKitUI

// MARK: - Food delivery: stages and an ETA timer (a Live Activity)

/// A food order being delivered: the restaurant and order stay the same, the stage and ETA change.
struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        enum Stage: Int, Codable, CaseIterable {
            case confirmed, preparing, onTheWay, delivered

            var title: String {
                switch self {
                case .confirmed: return "Order confirmed"
                case .preparing: return "Being prepared"
                case .onTheWay: return "On the way"
                case .delivered: return "Delivered"
                }
            }
        }

        var stage: Stage
        /// When the order should arrive.
        var eta: Date
        /// Who brings it, once known.
        var courier: String?
    }

    var orderNumber: String
    var restaurant: String
    /// When the order was placed: the start of the ETA countdown.
    var orderDate: Date
}

/// How far the order has come: one quarter per stage.
struct DeliveryStageBar: View {
    let stage: DeliveryAttributes.ContentState.Stage

    var body: some View {
        ProgressView(value: Double(stage.rawValue + 1), total: Double(DeliveryAttributes.ContentState.Stage.allCases.count))
            .tint(.orange)
    }
}

/// The ETA countdown, bounded by the order (it stops at 0:00), with a fixed width so the island does not grow: 50 pt
/// holds the widest value it shows in the headline font (`10:00`, about 48.7 pt measured; `timer-frame-too-narrow`).
struct DeliveryTimer: View {
    let context: ActivityViewContext<DeliveryAttributes>

    var body: some View {
        if context.state.stage == .delivered {
            Image(systemName: "checkmark.circle.fill").foregroundStyle(.green)
        } else {
            Text(timerInterval: context.attributes.orderDate...context.state.eta, countsDown: true)
                .monospacedDigit()
                .multilineTextAlignment(.trailing)
                .frame(width: 50)
                .foregroundStyle(.orange)
        }
    }
}

/// CarPlay's small family (`supplementalActivityFamilies([.small])`): the stage and the ETA, on a 24 × 5 cell card.
struct DeliverySmallView: View {
    let context: ActivityViewContext<DeliveryAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack {
                Image(systemName: "bag.fill").foregroundStyle(.orange)
                Text(context.attributes.restaurant).font(.headline)
                Spacer()
                DeliveryTimer(context: context)
            }
            Text(context.isStale ? "Waiting for an update…" : context.state.stage.title).font(.subheadline)
            DeliveryStageBar(stage: context.state.stage)
        }
        .padding(8)
    }
}

struct DeliveryLockScreenView: View {
    let context: ActivityViewContext<DeliveryAttributes>
    @Environment(\.activityFamily) var activityFamily

    var body: some View {
        if activityFamily == .small {
            DeliverySmallView(context: context)
        } else {
            DeliveryMediumView(context: context)
        }
    }
}

/// The Lock Screen view (`.medium`).
struct DeliveryMediumView: View {
    let context: ActivityViewContext<DeliveryAttributes>

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Label(context.attributes.restaurant, systemImage: "bag.fill").font(.headline)
                Spacer()
                DeliveryTimer(context: context).font(.headline)
            }
            Text(context.state.courier.map { "\(context.state.stage.title) with \($0)" } ?? context.state.stage.title)
                .font(.subheadline)
            DeliveryStageBar(stage: context.state.stage)
            if context.isStale {
                Text("Waiting for an update…").font(.caption).foregroundStyle(.secondary)
            } else {
                Text("Order #\(context.attributes.orderNumber)").font(.caption).foregroundStyle(.secondary)
            }
        }
        .padding()
    }
}

struct DeliveryActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            DeliveryLockScreenView(context: context)
                .widgetURL(URL(string: "food://orders/\(context.attributes.orderNumber)"))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Label(context.attributes.restaurant, systemImage: "bag.fill").font(.headline)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    DeliveryTimer(context: context).font(.headline)
                }
                DynamicIslandExpandedRegion(.center) {
                    Text(context.isStale ? "Waiting for an update…" : context.state.stage.title).font(.subheadline)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    VStack(spacing: 4) {
                        DeliveryStageBar(stage: context.state.stage)
                        if let courier = context.state.courier {
                            Text("\(courier) is bringing order #\(context.attributes.orderNumber)").font(.caption).foregroundStyle(
                                .secondary)
                        }
                    }
                }
            } compactLeading: {
                Image(systemName: "bag.fill").foregroundStyle(.orange)
            } compactTrailing: {
                DeliveryTimer(context: context)
            } minimal: {
                Image(systemName: "bag.fill").foregroundStyle(.orange)
            }
            .keylineTint(.orange)
            .widgetURL(URL(string: "food://orders/\(context.attributes.orderNumber)"))
        }
        .widgetTermPreview { start in
            DeliveryAttributes(orderNumber: "1042", restaurant: "Sushi Go", orderDate: start)
        } contentStates: { start in
            DeliveryScript.states(startingAt: start)
        }
        .widgetTermRoutes(["food://orders/{id}"])
        .supplementalActivityFamilies([.small])
    }
}

/// The scripted delivery: confirmed, preparing, on the way, delivered. Each state goes stale ten minutes after its ETA.
enum DeliveryScript {
    static func states(startingAt start: Date) -> [ActivityContent<DeliveryAttributes.ContentState>] {
        func content(_ stage: DeliveryAttributes.ContentState.Stage, minutes: Double, courier: String? = nil) -> ActivityContent<
            DeliveryAttributes.ContentState
        > {
            let eta = start.addingTimeInterval(minutes * 60)
            return ActivityContent(state: .init(stage: stage, eta: eta, courier: courier), staleDate: eta.addingTimeInterval(10 * 60))
        }
        return [
            content(.confirmed, minutes: 35),
            content(.preparing, minutes: 25),
            content(.onTheWay, minutes: 12, courier: "Sam"),
            ActivityContent(state: .init(stage: .delivered, eta: start, courier: "Sam"), staleDate: nil),
        ]
    }
}
