import Foundation

/// Shared by the app and the widget extension.
struct Forecast {
    var summary: String
    static let sample = Forecast(summary: "Sunny, 21°")
}
