import Foundation

// MARK: - System-formatted text

/// Formats the system date styles exactly as widgets show them (widgetkit-facts.md §2 and §0).
///
/// Written in the project rather than taken from Foundation, whose Linux build lacks the widget forms
/// (it prints `secs` where iOS prints `sec`). Every function is pure: same inputs, same string.
public struct SystemTextFormat: Sendable {
    /// The locale the words and numbers are written in (US English unless given).
    public var locale: Locale
    /// The time zone dates are shown in.
    public var timeZone: TimeZone

    /// A formatter for `locale` and `timeZone`.
    public init(locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = .current) {
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The string a text run shows at `now`.
    ///
    /// - Parameters:
    ///   - content: the run's content.
    ///   - now: the moment to show (for frozen styles, the entry's render time).
    public func string(for content: TextContent, at now: Date) -> String {
        switch content {
        case .verbatim(let string): return string
        case .date(let date, let style): return string(for: date, style: style, at: now)
        case .timerInterval(let start, let end, let pauseTime, let countsDown, let showsHours):
            return timerInterval(
                start: start, end: end, pauseTime: pauseTime, countsDown: countsDown,
                showsHours: showsHours, at: now)
        case .dateRange(let start, let end): return dateRange(start: start, end: end)
        }
    }

    /// `Text(date, style:)` at `now`.
    public func string(for date: Date, style: Text.DateStyle, at now: Date) -> String {
        switch style {
        case .timer: return timer(to: date, at: now)
        case .relative: return relative(to: date, at: now)
        case .offset: return offset(to: date, at: now)
        case .time: return time(date)
        case .date: return self.date(date)
        }
    }

    /// `.timer`: counts down to a future date, then up with no sign; hours appear from one hour and are
    /// not capped. A countdown rounds up (it reaches `0:00` at the date), a count-up rounds down.
    public func timer(to date: Date, at now: Date) -> String {
        let interval = date.timeIntervalSince(now)
        let seconds = interval > 0 ? Int(interval.rounded(.up)) : Int((-interval).rounded(.down))
        return Self.clock(seconds: seconds, showsHours: true)
    }

    /// `Text(timerInterval:pauseTime:countsDown:showsHours:)`: bounded by the interval, frozen at the pause time.
    public func timerInterval(start: Date, end: Date, pauseTime: Date?, countsDown: Bool, showsHours: Bool, at now: Date) -> String {
        var shown = min(max(now, start), end)
        if let pauseTime { shown = min(shown, min(max(pauseTime, start), end)) }
        let interval = countsDown ? end.timeIntervalSince(shown) : shown.timeIntervalSince(start)
        let seconds = countsDown ? Int(interval.rounded(.up)) : Int(interval.rounded(.down))
        return Self.clock(seconds: max(seconds, 0), showsHours: showsHours)
    }

    /// `m:ss` below one hour (minutes unpadded), `h:mm:ss` from one hour; with `showsHours` false the
    /// minutes keep counting past 59.
    public static func clock(seconds: Int, showsHours: Bool) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, remainder = seconds % 60
        if showsHours && hours > 0 {
            return "\(hours):\(twoDigits(minutes)):\(twoDigits(remainder))"
        }
        return "\(seconds / 60):\(twoDigits(remainder))"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `.relative`: the absolute difference in the two largest units, abbreviated (`11 min, 14 sec`,
    /// `2 hr, 23 min`, `1 day, 3 hr`); a zero second unit is dropped.
    public func relative(to date: Date, at now: Date) -> String {
        let seconds = Int(abs(date.timeIntervalSince(now)).rounded(.down))
        let units = Self.units(of: seconds)
        guard let first = units.firstIndex(where: { $0.value > 0 }) else { return "0 sec" }
        var parts = [units[first].abbreviated]
        if first + 1 < units.count, units[first + 1].value > 0 { parts.append(units[first + 1].abbreviated) }
        return parts.joined(separator: ", ")
    }

    /// `.offset`: one unit, spelled out, minus for a future date and plus for a past one (`-11 minutes`).
    public func offset(to date: Date, at now: Date) -> String {
        let interval = date.timeIntervalSince(now)
        let seconds = Int(abs(interval).rounded(.down))
        let sign = interval > 0 ? "-" : "+"
        let unit = Self.units(of: seconds).first { $0.value > 0 } ?? UnitValue(value: 0, short: "sec", long: "second", shortPlural: "sec")
        return "\(sign)\(unit.spelled)"
    }

    /// `.time`, frozen at render: `9:41 AM` with U+202F before the period in `en_US`.
    public func time(_ date: Date) -> String {
        if locale.identifier.hasPrefix("en_US") || locale.identifier == "en" {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            let hour = parts.hour ?? 0, minute = parts.minute ?? 0
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            return "\(twelve):\(Self.twoDigits(minute))\u{202F}\(hour < 12 ? "AM" : "PM")"
        }
        return DateFormatterCache.shared.string(from: date, dateStyle: .none, timeStyle: .short, locale: locale, timeZone: timeZone)
    }

    /// `.date`, frozen at render: `April 1, 2020` in `en_US`.
    public func date(_ date: Date) -> String {
        DateFormatterCache.shared.string(from: date, dateStyle: .long, timeStyle: .none, locale: locale, timeZone: timeZone)
    }

    /// `Text(start...end)`: `9:30 AM – 2:45 PM` on one day, dates added when the days differ.
    public func dateRange(start: Date, end: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        if calendar.isDate(start, inSameDayAs: end) {
            return "\(time(start)) – \(time(end))"
        }
        return "\(date(start)), \(time(start)) – \(date(end)), \(time(end))"
    }

    struct UnitValue {
        let value: Int
        let short: String
        let long: String
        let shortPlural: String
        var abbreviated: String { "\(value) \(value == 1 ? short : shortPlural)" }
        var spelled: String { "\(value) \(long)\(value == 1 ? "" : "s")" }
    }

    static func units(of seconds: Int) -> [UnitValue] {
        let days = seconds / 86_400
        return [
            UnitValue(value: days / 7, short: "wk", long: "week", shortPlural: "wks"),
            UnitValue(value: days % 7, short: "day", long: "day", shortPlural: "days"),
            UnitValue(value: (seconds % 86_400) / 3600, short: "hr", long: "hour", shortPlural: "hr"),
            UnitValue(value: (seconds % 3600) / 60, short: "min", long: "minute", shortPlural: "min"),
            UnitValue(value: seconds % 60, short: "sec", long: "second", shortPlural: "sec"),
        ]
    }
}

/// One `DateFormatter` per locale, time zone and style, made once per process: making one opens an ICU date
/// format, which cost more than the rest of a widget's render. Formatting holds a lock (a formatter is not
/// safe to use from two threads at once).
final class DateFormatterCache: @unchecked Sendable {
    static let shared = DateFormatterCache()

    private struct Key: Hashable {
        let locale: String
        let timeZone: String
        let dateStyle: UInt
        let timeStyle: UInt
    }

    private let lock = NSLock()
    private var formatters: [Key: DateFormatter] = [:]

    func string(
        from date: Date, dateStyle: DateFormatter.Style, timeStyle: DateFormatter.Style, locale: Locale,
        timeZone: TimeZone
    ) -> String {
        let key = Key(
            locale: locale.identifier, timeZone: timeZone.identifier, dateStyle: dateStyle.rawValue,
            timeStyle: timeStyle.rawValue)
        return lock.withLock {
            let formatter: DateFormatter
            if let cached = formatters[key] {
                formatter = cached
            } else {
                formatter = DateFormatter()
                // Foundation on Linux traps on a locale identifier with a non-ASCII character (`é`); no locale has one.
                formatter.locale = locale.identifier.allSatisfy(\.isASCII) ? locale : Locale(identifier: "en_US")
                formatter.timeZone = timeZone
                formatter.dateStyle = dateStyle
                formatter.timeStyle = timeStyle
                formatters[key] = formatter
            }
            return formatter.string(from: date)
        }
    }
}
