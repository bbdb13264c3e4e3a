//
//  TallyWidget.swift
//  TallyWidget
//
//  Written for this repository: a habit widget using the forty SwiftUI and WidgetKit APIs real widgets
//  use most (docs/DECISIONS.md, "The Xcode project fixture").
//

import WidgetKit
import SwiftUI

struct TallyEntry: TimelineEntry {
    let date: Date
    let habit: Habit
}

struct TallyProvider: TimelineProvider {
    func placeholder(in context: Context) -> TallyEntry {
        TallyEntry(date: Date(), habit: HabitSamples.water)
    }

    func getSnapshot(in context: Context, completion: @escaping (TallyEntry) -> Void) {
        completion(TallyEntry(date: Date(), habit: HabitSamples.water))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TallyEntry>) -> Void) {
        let now = Date()
        let entries = HabitSamples.all.enumerated().map { index, habit in
            TallyEntry(date: now.addingTimeInterval(Double(index) * 3600), habit: habit)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct TallyWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: TallyProvider.Entry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.habit.progress) {
                Image(systemName: entry.habit.symbol)
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text(entry.habit.name)
                    .font(.headline)
                Text("\(entry.habit.today) of \(entry.habit.goal)")
                    .foregroundStyle(.secondary)
            }
        case .systemMedium:
            HStack(spacing: 12) {
                VStack(spacing: 4) {
                    ring
                    Image("badge")
                        .resizable()
                        .frame(width: 32, height: 17)
                }
                details
            }
        default:
            VStack(alignment: .leading, spacing: 4) {
                header
                Spacer()
                Text("\(entry.habit.today)")
                    .font(.system(size: 34, weight: .bold, design: .rounded))
                Text("of \(entry.habit.goal) today")
                    .font(.caption)
                    .foregroundColor(.secondary)
                    .lineLimit(1)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }

    @ViewBuilder
    var header: some View {
        HStack(alignment: .center, spacing: 4) {
            Image(systemName: entry.habit.symbol)
                .foregroundStyle(Color("Brand"))
            Text(entry.habit.name)
                .font(.headline)
                .bold()
        }
    }

    var ring: some View {
        ZStack {
            Circle()
                .stroke(Color.gray.opacity(0.3), lineWidth: 8)
            Circle()
                .trim(from: 0, to: entry.habit.progress)
                .stroke(Color.blue, lineWidth: 8)
                .rotationEffect(.degrees(-90))
            Text(entry.habit.progress, format: .percent.precision(.fractionLength(0)))
                .font(.caption)
        }
        .frame(width: 64, height: 64)
    }

    var details: some View {
        VStack(alignment: .leading, spacing: 2) {
            header
            ForEach(HabitSamples.all) { habit in
                HStack {
                    Text(habit.name)
                        .font(.footnote)
                    Spacer()
                    Text(verbatim: "\(habit.today)/\(habit.goal)")
                        .font(.footnote)
                        .opacity(habit.id == entry.habit.id ? 1 : 0.6)
                }
            }
        }
        .padding(.vertical, 4)
    }
}

struct TallyWidget: Widget {
    let kind: String = "TallyWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: TallyProvider()) { entry in
            TallyWidgetEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    Color(red: 0.95, green: 0.97, blue: 1.0)
                }
                .widgetURL(URL(string: "tally://habit/\(entry.habit.id)"))
        }
        .configurationDisplayName("Tally")
        .description("Today's check-ins for a habit.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular])
    }
}

#Preview(as: .systemSmall) {
    TallyWidget()
} timeline: {
    TallyEntry(date: .now, habit: HabitSamples.water)
    TallyEntry(date: .now, habit: HabitSamples.reading)
}
