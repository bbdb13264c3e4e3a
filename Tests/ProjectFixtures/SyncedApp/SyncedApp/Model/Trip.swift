import Foundation

/// Lent to the widget extension by an exception set.
struct Trip: Codable {
    var destination: String
    var departure: Date
}
