import Foundation
import WidgetKitUI
import SpellingSuggestions
import WidgetDocument

// MARK: - Command-line arguments

/// A usage error: one line naming what is wrong and the valid values; exit status 2.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    /// The line printed after `widgetterm: `, naming what is wrong and the valid values.
    public let message: String
    /// Creates a usage error carrying `message`.
    public init(_ message: String) { self.message = message }
    /// The message, as printed.
    public var description: String { message }
}

/// Why a command refuses a shared flag and what to use instead, given the flag's value (`ParsedArguments`).
typealias RefusedFlagReason = @Sendable (String) -> String

/// Parsed arguments of one command: positionals and `--flag value` / `--flag=value` options.
struct ParsedArguments {
    var positionals: [String] = []
    var options: [String: String] = [:]
    /// Every value of each flag, in order (for repeatable flags such as `--param`).
    var allValues: [String: [String]] = [:]
    var switches: Set<String> = []

    /// Parses `arguments` against the flags a command accepts (`valued` take a value, `boolean` do not). Flags in
    /// `unlisted` are parsed (the command refuses them with its own message) but not offered as valid flags.
    ///
    /// - Parameter refused: shared flags that do not apply to this command (`smartstack --format svg`), each with
    ///   the message saying why and what to use instead, given the flag's value; they are not valid flags, and
    ///   `valued` need not list them.
    /// - Throws: `UsageError` for an unknown flag (with the nearest valid one), a refused flag (its message) or a
    ///   missing value.
    init(
        _ arguments: [String], valued: Set<String>, boolean: Set<String> = [], unlisted: Set<String> = [],
        refused: [String: RefusedFlagReason] = [:]
    ) throws {
        let valued = valued.subtracting(refused.keys)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if boolean.contains(name) {
                switches.insert(name)
                continue
            }
            if let reason = refused[name] {
                if value == nil, index < arguments.count, !arguments[index].hasPrefix("--") { value = arguments[index] }
                throw UsageError(reason(value ?? ""))
            }
            guard valued.contains(name) else {
                let names = valued.union(boolean).subtracting(unlisted)
                let known = names.sorted().map { "--\($0)" }.joined(separator: ", ")
                // A flag other commands take (`widgetterm --theme dark list`): known, but not this command's.
                if CommandLineWords.valuedFlags.contains(name) {
                    throw UsageError("--\(name) does not apply to this command; its flags: \(known)")
                }
                let hint = NearestName.suggestion(for: name, among: names).map { " (did you mean --\($0)?)" } ?? ""
                throw UsageError("unknown flag --\(name)\(hint); valid flags: \(known)")
            }
            if value == nil {
                guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            options[name] = value
            allValues[name, default: []].append(value!)
        }
    }

    subscript(name: String) -> String? { options[name] }

    /// The values of every `--NAME VALUE` and `--NAME=VALUE` in `arguments`, in order, read as `init` reads them, for
    /// the flags read before a command parses its own (`--timezone`, `--assets`, `--os`, `--device`): `--` and
    /// anything else not starting with `--` is a positional and reading goes on after it; a valued flag
    /// (`CommandLineWords.valuedFlags`, or `name` itself) takes the next argument, whatever it is, so that argument is
    /// never a flag; any other flag is a switch. A `--NAME` with nothing after it has no value (the parser reports it).
    static func values(of name: String, in arguments: [String]) -> [String] {
        var values: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else { continue }
            let flag = argument.dropFirst(2)
            if let equals = flag.firstIndex(of: "=") {
                if flag[..<equals] == name { values.append(String(flag[flag.index(after: equals)...])) }
                continue
            }
            guard flag == name || CommandLineWords.valuedFlags.contains(String(flag)), index < arguments.count else { continue }
            if flag == name { values.append(arguments[index]) }
            index += 1
        }
        return values
    }

    /// A value that must be one of `choices`.
    func choice<T>(_ name: String, _ choices: [String: T], default defaultValue: T) throws -> T {
        guard let raw = options[name] else { return defaultValue }
        guard let value = choices[raw] else { throw NameArgument.unknown(name, raw, valid: choices.keys.sorted(), what: "values") }
        return value
    }

    /// An integer value within a range.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws -> Int {
        guard let raw = options[name] else { return defaultValue }
        guard let value = Int(raw), range.contains(value) else {
            throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(raw)")
        }
        return value
    }
}

/// Parses `--at` values: ISO 8601 with or without an offset (no offset means the given time zone).
enum DateArgument {
    /// The date `text` names, within `SupportedDates` (years 1678 to 2261).
    ///
    /// - Parameters:
    ///   - flag: the flag the value came from, without dashes, for the error message (`at`, `from`, `started`).
    /// - Throws: `UsageError` naming the flag when `text` is not ISO 8601 or lies outside the supported years.
    static func parse(_ text: String, timeZone: TimeZone, flag: String = "at") throws -> Date {
        guard let (date, yearZone) = date(text, timeZone: timeZone) else {
            throw UsageError("--\(flag) \(text) is not an ISO 8601 date; use e.g. 2026-11-29T09:00 (local) or 2026-11-29T09:00:00Z")
        }
        guard SupportedDates.contains(date, yearIn: yearZone) else { throw outOfRange(text, flag: flag) }
        return date
    }

    /// The date `text` names in ISO 8601, with the zone its year is read in (UTC when `text` has an offset,
    /// else `timeZone`), or nil. No range check.
    static func date(_ text: String, timeZone: TimeZone) -> (Date, TimeZone)? {
        let utc = TimeZone(identifier: "UTC")!
        let withZone = ISO8601DateFormatter()
        withZone.formatOptions = [.withInternetDateTime]
        if let date = withZone.date(from: text) { return (date, utc) }
        withZone.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = withZone.date(from: text) { return (date, utc) }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = timeZone
        for pattern in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm", "yyyy-MM-dd"] {
            local.dateFormat = pattern
            if let date = local.date(from: text) { return (date, timeZone) }
        }
        return nil
    }

    /// The error for a date outside `SupportedDates`.
    static func outOfRange(_ text: String, flag: String) -> UsageError {
        let range = "the supported dates, \(SupportedDates.description) (the clock counts nanoseconds in 64 bits)"
        return UsageError("--\(flag) \(text) is outside \(range); give a date in them, e.g. 2026-11-29T09:00")
    }
}
