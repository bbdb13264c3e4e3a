/// Streak arithmetic shared by the app and its widget.
public enum Streak {
    /// How many days at the end of `week` met `goal`.
    public static func days(in week: [Int], goal: Int) -> Int {
        var count = 0
        for value in week.reversed() {
            guard value >= goal else { break }
            count += 1
        }
        return count
    }
}
