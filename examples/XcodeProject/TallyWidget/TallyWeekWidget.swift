//
//  TallyWeekWidget.swift
//  TallyWidget
//
//  Written for this repository: a week of check-ins as a Swift Charts bar chart, with a grid of totals.
//

import WidgetKit
import SwiftUI
import Charts

struct TallyWeekView: View {
    var entry: TallyEntry

    private var days: [(day: String, count: Int)] {
        zip(HabitSamples.weekdays.indices, entry.habit.week).map { ("\($0 + 1)", $1) }
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("This week")
                .font(.caption)
                .textCase(.uppercase)
                .foregroundStyle(.secondary)
            Chart(days, id: \.day) { item in
                BarMark(x: .value("Day", item.day), y: .value("Check-ins", item.count))
                    .foregroundStyle(Color("Brand"))
                RuleMark(y: .value("Goal", entry.habit.goal))
                    .foregroundStyle(.red)
            }
            .chartXAxis(.hidden)
            .chartYAxis(.hidden)
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], alignment: .leading) {
                Text("Best \(entry.habit.week.max() ?? 0)")
                Text("Total \(entry.habit.week.reduce(0, +))")
            }
            .font(.caption2)
        }
        .padding()
        .background(.ultraThinMaterial)
    }
}

struct TallyWeekWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "TallyWeekWidget", provider: TallyProvider()) { entry in
            TallyWeekView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Tally Week")
        .description("A week of check-ins.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
