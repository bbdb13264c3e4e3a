//
//  Habit.swift
//  Tally (shared: a member of the Tally app target and the TallyWidgetExtension target)
//
//  Written for this repository: the model an app and its widget extension share, as real projects do,
//  with a Combine store the app observes.
//

import Foundation
import Combine

struct Habit: Identifiable, Hashable {
    let id: String
    let name: String
    let symbol: String
    /// Check-ins on each of the last seven days, oldest first.
    let week: [Int]
    let goal: Int

    var today: Int { week.last ?? 0 }
    var progress: Double { goal > 0 ? min(Double(today) / Double(goal), 1) : 0 }
}

enum HabitSamples {
    static let water = Habit(id: "water", name: "Water", symbol: "drop.fill", week: [6, 8, 5, 7, 8, 4, 6], goal: 8)
    static let reading = Habit(id: "reading", name: "Reading", symbol: "book.fill", week: [1, 2, 0, 3, 2, 1, 2], goal: 3)
    static let walk = Habit(id: "walk", name: "Walk", symbol: "figure.walk", week: [3, 4, 5, 2, 6, 4, 5], goal: 6)
    static let all = [water, reading, walk]
    static let weekdays = ["M", "T", "W", "T", "F", "S", "S"]
}

/// The app's store; the widget reads the same App Group suite.
final class HabitStore: ObservableObject {
    static let suiteName = "group.com.example.tally"
    @Published var habits: [Habit] = HabitSamples.all

    func checkIn(_ habit: Habit) {
        let defaults = UserDefaults(suiteName: Self.suiteName)
        defaults?.set((defaults?.integer(forKey: habit.id) ?? 0) + 1, forKey: habit.id)
        objectWillChange.send()
    }
}
