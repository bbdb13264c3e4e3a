//
//  TallyApp.swift
//  Tally
//
//  The app target: WidgetTerm previews the widget extension, not the app, and does not compile this file.
//

import SwiftUI
import TallyKit

@main
struct TallyApp: App {
    @StateObject private var store = HabitStore()

    var body: some Scene {
        WindowGroup {
            ContentView(store: store)
        }
    }
}
