import Foundation

/// Shared with the widget extension by the project's exception set.
struct Tally {
    var cups: Int
    var goal: Int
    var steps: Int

    static let sample = Tally(cups: 3, goal: 8, steps: 4200)
}
