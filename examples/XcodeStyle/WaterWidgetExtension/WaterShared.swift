//
//  WaterShared.swift
//  WaterWidgetExtension
//
//  What an extension shares with its app: an intent, a Live Activity's attributes, UIKit colours and fonts,
//  and logging through OSLog. Each import is written as Xcode's templates write it.
//

import AppIntents
import ActivityKit
import OSLog
import UIKit

struct LogGlassIntent: AppIntent {
    static var title: LocalizedStringResource = "Log a Glass"

    func perform() async throws -> some IntentResult {
        let defaults = UserDefaults(suiteName: "group.com.example.water")
        let glasses = (defaults?.integer(forKey: "glasses") ?? 0) + 1
        defaults?.set(glasses, forKey: "glasses")
        os_log("logged glass %{public}d", log: OSLog(subsystem: "com.example.water", category: "intent"), type: .info, glasses)
        return .result()
    }
}

struct WaterActivityAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var glasses: Int
    }

    var goal: Int
}

enum WaterStyle {
    static let tint = Color(UIColor(red: 0.2, green: 0.5, blue: 0.95, alpha: 1))
    static let countFont = Font(UIFont.preferredFont(forTextStyle: .title1))
    static let spacing = UIFontMetrics(forTextStyle: .body).scaledValue(for: 4)
}
