import Foundation

// MARK: - The dates WidgetTerm can show

/// The dates WidgetTerm accepts from the command line and from widget documents: the years 1678 to 2261.
///
/// The host clock counts nanoseconds since 1970 in a signed 64-bit integer, which reaches from
/// 1677-09-21 to 2262-04-11. Whole years inside that span give a rule a person can remember, and leave a
/// margin of more than three months at each end, so a date written without an offset stays inside the clock
/// in every time zone and a clock started near the end can run for a while.
public enum SupportedDates {
    /// The first and last supported year (Gregorian).
    public static let years: ClosedRange<Int> = 1678...2261

    /// The supported instants: 1678-01-01T00:00:00Z up to, not including, 2262-01-01T00:00:00Z.
    public static let range: Range<Date> = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: years.lowerBound, month: 1, day: 1))!
        let end = calendar.date(from: DateComponents(year: years.upperBound + 1, month: 1, day: 1))!
        return start..<end
    }()

    /// The range in words, for error messages: "years 1678 to 2261".
    public static let description = "years \(years.lowerBound) to \(years.upperBound)"

    /// True when `date` is a supported instant (between 1678-01-01T00:00:00Z and 2262-01-01T00:00:00Z).
    public static func contains(_ date: Date) -> Bool { range.contains(date) }

    /// True when `date`, read in `timeZone`, falls in a supported year. Use it for a date written without an
    /// offset (the year written is then the year checked, whatever the zone).
    public static func contains(_ date: Date, yearIn timeZone: TimeZone) -> Bool {
        guard date.timeIntervalSince1970.isFinite else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.component(.era, from: date) == 1 && years.contains(calendar.component(.year, from: date))
    }

    /// `date` moved into the supported instants: the nearest end when it lies outside (an offset such as
    /// "+99999999d" from a document or a clock run far ahead never leaves them).
    public static func clamped(_ date: Date) -> Date {
        guard date.timeIntervalSince1970.isFinite else { return date.timeIntervalSince1970 > 0 ? last : range.lowerBound }
        if date < range.lowerBound { return range.lowerBound }
        if date >= range.upperBound { return last }
        return date
    }

    /// The last supported second: 2261-12-31T23:59:59Z.
    public static var last: Date { range.upperBound.addingTimeInterval(-1) }
}
