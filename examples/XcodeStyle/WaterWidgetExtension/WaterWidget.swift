//
//  WaterWidget.swift
//  WaterWidgetExtension
//
//  Written for this repository in the shape Xcode gives a new widget: a provider, an entry, a view and
//  the widget. The `#if os(iOS)`, the `if #available` and the Logger are what real extensions contain.
//

import WidgetKit
import SwiftUI
import os

private let logger = Logger(subsystem: "com.example.water", category: "widget")

struct WaterEntry: TimelineEntry {
    let date: Date
    let glasses: Int
    let goal: Int
}

struct WaterProvider: TimelineProvider {
    func placeholder(in context: Context) -> WaterEntry {
        WaterEntry(date: Date(), glasses: 3, goal: 8)
    }

    func getSnapshot(in context: Context, completion: @escaping (WaterEntry) -> Void) {
        completion(WaterEntry(date: Date(), glasses: 5, goal: 8))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WaterEntry>) -> Void) {
        let glasses = UserDefaults(suiteName: "group.com.example.water")?.integer(forKey: "glasses") ?? 0
        logger.info("timeline with \(glasses) glasses")
        let entry = WaterEntry(date: Date(), glasses: glasses, goal: 8)
        completion(Timeline(entries: [entry], policy: .atEnd))
    }
}

struct WaterWidgetEntryView: View {
    var entry: WaterProvider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: WaterStyle.spacing) {
            #if os(iOS)
            Text("Water")
                .font(.headline)
            #else
            Text("Not an iPhone")
            #endif
            Text("\(entry.glasses) of \(entry.goal)")
                .font(WaterStyle.countFont)
                .foregroundStyle(WaterStyle.tint)
            if #available(iOS 17.0, *) {
                Text("iOS 17 layout")
            } else {
                Text("iOS 16 layout")
            }
        }
    }
}

struct WaterWidget: Widget {
    let kind: String = "WaterWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: WaterProvider()) { entry in
            if #available(iOS 17.0, *) {
                WaterWidgetEntryView(entry: entry)
                    .containerBackground(.fill.tertiary, for: .widget)
            } else {
                WaterWidgetEntryView(entry: entry)
                    .padding()
            }
        }
        .configurationDisplayName("Water")
        .description("Glasses of water today.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@available(iOS 17.0, *)
struct WaterGoalWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WaterGoalWidget", provider: WaterProvider()) { entry in
            Gauge(value: Double(entry.glasses), in: 0...Double(entry.goal)) {
                Text("Water")
            }
            .gaugeStyle(.accessoryCircular)
            .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Water goal")
        .supportedFamilies([.accessoryCircular])
    }
}

#Preview(as: .systemSmall) {
    WaterWidget()
} timeline: {
    WaterEntry(date: .now, glasses: 2, goal: 8)
    WaterEntry(date: .now, glasses: 7, goal: 8)
}
