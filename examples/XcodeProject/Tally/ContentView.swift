//
//  ContentView.swift
//  Tally
//

import SwiftUI
import WidgetKit
import TallyKit

struct ContentView: View {
    @ObservedObject var store: HabitStore

    var body: some View {
        List(store.habits) { habit in
            Button {
                store.checkIn(habit)
                WidgetCenter.shared.reloadAllTimelines()
            } label: {
                Label("\(habit.name): \(Streak.days(in: habit.week, goal: habit.goal))", systemImage: habit.symbol)
            }
        }
    }
}
