import Foundation
import WidgetKitUI

// MARK: - Order list: a Link per row and a widgetURL fallback

struct Order: Identifiable {
    let id: String
    let title: String
    let status: String
    let symbol: String
}

struct OrdersEntry: TimelineEntry {
    let date: Date
    let orders: [Order]
}

struct OrdersProvider: TimelineProvider {
    static let sample = [
        Order(id: "A1027", title: "Trail shoes", status: "Out for delivery", symbol: "box.truck.fill"),
        Order(id: "A1031", title: "Coffee beans", status: "Shipped", symbol: "shippingbox.fill"),
        Order(id: "A1044", title: "Desk lamp", status: "Preparing", symbol: "clock"),
        Order(id: "A1050", title: "Phone case", status: "Delivered", symbol: "checkmark.circle.fill"),
    ]

    func placeholder(in context: Context) -> OrdersEntry { OrdersEntry(date: Date(), orders: Self.sample) }
    func getSnapshot(in context: Context, completion: @escaping (OrdersEntry) -> Void) {
        completion(OrdersEntry(date: Date(), orders: Self.sample))
    }
    /// A new timeline every hour: 24 reloads a day, within the budget of 40 (every 30 minutes was 48, and the widget
    /// froze once they were spent).
    func getTimeline(in context: Context, completion: @escaping (Timeline<OrdersEntry>) -> Void) {
        let now = Date()
        completion(Timeline(entries: [OrdersEntry(date: now, orders: Self.sample)], policy: .after(now.addingTimeInterval(60 * 60))))
    }
}

struct OrdersWidgetView: View {
    @Environment(\.widgetFamily) var family
    let entry: OrdersEntry

    var visibleOrders: ArraySlice<Order> { entry.orders.prefix(family == .systemLarge ? 4 : 2) }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text("Orders").font(.headline)
                Spacer()
                Text("\(entry.orders.count) active").font(.caption).foregroundStyle(.secondary)
            }
            if family == .systemSmall {
                if let first = entry.orders.first {
                    Image(systemName: first.symbol).foregroundStyle(.orange)
                    Text(first.title).font(.subheadline.bold()).lineLimit(1)
                    Text(first.status).font(.caption).foregroundStyle(.secondary).lineLimit(2)
                }
            } else {
                ForEach(visibleOrders) { order in
                    Link(destination: URL(string: "shop://orders/\(order.id)")!) {
                        HStack(spacing: 6) {
                            Image(systemName: order.symbol).foregroundStyle(.orange)
                            Text(order.title).font(.subheadline).lineLimit(1)
                            Spacer()
                            Text(order.status).font(.caption).foregroundStyle(.secondary).lineLimit(1)
                        }
                    }
                }
            }
            Spacer(minLength: 0)
        }
        .widgetURL(URL(string: "shop://orders"))
    }
}

struct OrdersWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "orders", provider: OrdersProvider()) { entry in
            OrdersWidgetView(entry: entry)
                .containerBackground(for: .widget) { Color(storage: .system(.systemBackground)) }
        }
        .configurationDisplayName("Orders")
        .description("Your open orders; tap one to track it.")
        .supportedFamilies([.systemMedium, .systemLarge, .systemSmall])
        .widgetTermRoutes(["shop://orders", "shop://orders/{id}"])
    }
}
