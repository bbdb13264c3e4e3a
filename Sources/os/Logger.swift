import Foundation

// MARK: - Unified logging, as Apple's `os` module

// Widget code logs with `Logger` or `os_log`. On iOS the messages go to the unified log, which nobody sees
// unless Console or a debugger is attached; here they are dropped the same way, unless the environment
// variable `WIDGETTERM_OS_LOG` is `1`, which writes each message as one line to standard error
// (docs/DECISIONS.md, "Apple's module names"). Values marked `.private`, and strings and other non-numeric
// values with the default privacy, print as `<private>`, as on a device with no debugger attached.

/// A log message with interpolated values and their privacy, as `os.OSLogMessage`.
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    /// The message text with privacy applied.
    public let text: String

    /// A message with no interpolated values, as `OSLogMessage.init(stringLiteral:)`.
    public init(stringLiteral value: String) { text = value }
    /// A message built from literal text and interpolated values, with each value's privacy already applied.
    public init(stringInterpolation: OSLogInterpolation) { text = stringInterpolation.text }
}

/// Builds an `OSLogMessage`, as `os.OSLogInterpolation`.
public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""

    /// Starts an empty message; the capacity hints of `os.OSLogInterpolation` are ignored.
    public init(literalCapacity: Int, interpolationCount: Int) {}
    /// Appends literal text of the message as written.
    public mutating func appendLiteral(_ literal: String) { text += literal }

    /// A numeric or Boolean value: public unless marked `.private`.
    public mutating func appendInterpolation<Value: Numeric>(_ value: @autoclosure () -> Value, privacy: OSLogPrivacy = .auto) {
        text += privacy.kind == .private ? "<private>" : "\(value())"
    }
    /// A Boolean value: printed as `true` or `false` unless marked `.private`.
    public mutating func appendInterpolation(_ value: @autoclosure () -> Bool, privacy: OSLogPrivacy = .auto) {
        text += privacy.kind == .private ? "<private>" : "\(value())"
    }
    /// A floating-point value with a format, as `\(x, format: .fixed(precision: 2))`.
    public mutating func appendInterpolation<Value: BinaryFloatingPoint>(
        _ value: @autoclosure () -> Value, format: OSLogFloatFormatting, privacy: OSLogPrivacy = .auto
    ) {
        guard privacy.kind != .private else {
            text += "<private>"
            return
        }
        if let precision = format.precision {
            text += String(format: "%.\(precision)f", Double(value()))
        } else {
            text += "\(Double(value()))"
        }
    }
    /// Any other value (strings, objects, errors): private unless marked `.public`.
    public mutating func appendInterpolation<Value>(_ value: @autoclosure () -> Value, privacy: OSLogPrivacy = .auto) {
        text += privacy.kind == .public ? "\(value())" : "<private>"
    }
}

/// Whether an interpolated value is redacted, as `os.OSLogPrivacy`.
public struct OSLogPrivacy: Sendable {
    enum Kind: Sendable { case auto, `public`, `private`, sensitive }
    let kind: Kind
    /// Apple's default privacy: numbers and Booleans print, strings and other values print as `<private>`.
    public static let auto = OSLogPrivacy(kind: .auto)
    /// Prints the value as is, as `OSLogPrivacy.public`.
    public static let `public` = OSLogPrivacy(kind: .public)
    /// Prints `<private>` in place of the value, as `OSLogPrivacy.private`.
    public static let `private` = OSLogPrivacy(kind: .private)
    /// Sensitive data, as `OSLogPrivacy.sensitive`: always prints `<private>`.
    public static let sensitive = OSLogPrivacy(kind: .private)
    /// Redacted with a hash on iOS; here redacted.
    public static func `private`(mask: OSLogPrivacy.Mask) -> OSLogPrivacy { .private }
    /// The mask of `.private(mask:)`.
    public struct Mask: Sendable {
        /// A hashed mask, as `OSLogPrivacy.Mask.hash`; the value still prints as `<private>` here.
        public static let hash = Mask()
        /// No mask, as `OSLogPrivacy.Mask.none`; the value prints as `<private>`.
        public static let none = Mask()
    }
}

/// How a floating-point value is printed, as `os.OSLogFloatFormatting`.
public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    /// Fixed-point notation with six digits after the point, as `OSLogFloatFormatting.fixed`.
    public static let fixed = OSLogFloatFormatting(precision: 6)
    /// Fixed-point notation with `precision` digits after the point, as `OSLogFloatFormatting.fixed(precision:)`.
    public static func fixed(precision: @autoclosure () -> Int) -> OSLogFloatFormatting { OSLogFloatFormatting(precision: precision()) }
}

/// The level of a message, as `os.OSLogType`.
public struct OSLogType: Equatable, Sendable {
    let name: String
    /// The default level, as `OSLogType.default`; printed as `[default]`.
    public static let `default` = OSLogType(name: "default")
    /// Informational messages, as `OSLogType.info`; printed as `[info]`.
    public static let info = OSLogType(name: "info")
    /// Debugging messages, as `OSLogType.debug`; printed as `[debug]`.
    public static let debug = OSLogType(name: "debug")
    /// Errors, as `OSLogType.error`; printed as `[error]`.
    public static let error = OSLogType(name: "error")
    /// Faults (bugs), as `OSLogType.fault`; printed as `[fault]`.
    public static let fault = OSLogType(name: "fault")
}

/// A log handle with a subsystem and category, as `os.OSLog`.
public final class OSLog: Sendable {
    let subsystem: String
    let category: String
    /// A log for `subsystem` (usually a reverse-DNS bundle name) and `category`, as `OSLog(subsystem:category:)`;
    /// both are printed before each message when logging to standard error is on.
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }
    /// The process's default log.
    public static let `default` = OSLog(subsystem: "", category: "")
    /// A log whose messages are dropped.
    public static let disabled = OSLog(subsystem: "", category: "disabled")
}

/// Writes log messages for a subsystem and category, as `os.Logger`.
public struct Logger: Sendable {
    let log: OSLog

    /// A logger for `subsystem` and `category`, as `Logger(subsystem:category:)`.
    public init(subsystem: String, category: String) { log = OSLog(subsystem: subsystem, category: category) }
    /// A logger that writes to an existing `OSLog`, as `Logger(_:)`; `OSLog.disabled` drops every message.
    public init(_ log: OSLog) { self.log = log }
    /// A logger for the process's default log, with no subsystem or category, as `Logger()`.
    public init() { log = .default }

    /// Logs `message` at the default level, as `Logger.log(_:)`.
    public func log(_ message: OSLogMessage) { LogSink.write(log, .default, message.text) }
    /// Logs `message` at `level`, as `Logger.log(level:_:)`.
    public func log(level: OSLogType, _ message: OSLogMessage) { LogSink.write(log, level, message.text) }
    /// Logs a trace message, as `Logger.trace(_:)`; printed at the debug level.
    public func trace(_ message: OSLogMessage) { LogSink.write(log, .debug, message.text) }
    /// Logs a debugging message, as `Logger.debug(_:)`.
    public func debug(_ message: OSLogMessage) { LogSink.write(log, .debug, message.text) }
    /// Logs an informational message, as `Logger.info(_:)`.
    public func info(_ message: OSLogMessage) { LogSink.write(log, .info, message.text) }
    /// Logs a notice, as `Logger.notice(_:)`; printed at the default level.
    public func notice(_ message: OSLogMessage) { LogSink.write(log, .default, message.text) }
    /// Logs a warning, as `Logger.warning(_:)`; printed at the error level.
    public func warning(_ message: OSLogMessage) { LogSink.write(log, .error, message.text) }
    /// Logs an error, as `Logger.error(_:)`.
    public func error(_ message: OSLogMessage) { LogSink.write(log, .error, message.text) }
    /// Logs a critical message, as `Logger.critical(_:)`; printed at the fault level.
    public func critical(_ message: OSLogMessage) { LogSink.write(log, .fault, message.text) }
    /// Logs a fault, as `Logger.fault(_:)`.
    public func fault(_ message: OSLogMessage) { LogSink.write(log, .fault, message.text) }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's name, which widget code calls as written.
/// Logs a printf-style message, as `os_log(_:dso:log:type:_:)`. `%{public}@` and `%{private}d` keep
/// their privacy: private values print as `<private>`.
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = nil, log: OSLog = .default, type: OSLogType = .default, _ args: any CVarArg...
) {
    LogSink.write(log, type, LogSink.format(message.description, args))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// Apple's name, which widget code calls as written.
/// Logs a message, as `os_log(_:log:_:)` with an `OSLogMessage`.
public func os_log(_ type: OSLogType = .default, log: OSLog = .default, _ message: OSLogMessage) {
    LogSink.write(log, type, message.text)
}

enum LogSink {
    static let isEnabled = ProcessInfo.processInfo.environment["WIDGETTERM_OS_LOG"] == "1"

    static func write(_ log: OSLog, _ type: OSLogType, _ text: String) {
        guard isEnabled, log !== OSLog.disabled else { return }
        let place = [log.subsystem, log.category].filter { !$0.isEmpty }.joined(separator: ":")
        let line = "[\(type.name)]\(place.isEmpty ? "" : " \(place)") \(text)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// `String(format:)` on a printf-style log format, with `{public}` dropped and `{private}` values redacted.
    static func format(_ format: String, _ args: [any CVarArg]) -> String {
        var plain = ""
        var redacted: Set<Int> = []
        var index = 0
        var scanner = format[...]
        while let percent = scanner.firstIndex(of: "%") {
            plain += scanner[..<percent]
            scanner = scanner[scanner.index(after: percent)...]
            if scanner.first == "%" {
                plain += "%%"
                scanner = scanner.dropFirst()
                continue
            }
            if scanner.first == "{", let close = scanner.firstIndex(of: "}") {
                if scanner[scanner.index(after: scanner.startIndex)..<close].contains("private") { redacted.insert(index) }
                scanner = scanner[scanner.index(after: close)...]
            }
            plain += "%"
            index += 1
        }
        plain += scanner
        let shown: [any CVarArg] = args.enumerated().map { redacted.contains($0.offset) ? "<private>" as NSString : $0.element }
        if !redacted.isEmpty {
            // A redacted value prints as text whatever its specifier was.
            return String(format: plain.replacingPrivateSpecifiers(redacted), arguments: shown)
        }
        return String(format: plain, arguments: shown)
    }
}

extension String {
    /// Replaces the conversion specifiers at the given argument indexes with `%@`.
    fileprivate func replacingPrivateSpecifiers(_ indexes: Set<Int>) -> String {
        var result = ""
        var index = 0
        var characters = self[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var rest = characters[characters.index(after: percent)...]
            if rest.first == "%" {
                result += "%%"
                characters = rest.dropFirst()
                continue
            }
            var specifier = "%"
            while let character = rest.first {
                specifier.append(character)
                rest = rest.dropFirst()
                if character.isLetter && !"hlqLjzt".contains(character) || character == "@" { break }
            }
            result += indexes.contains(index) ? "%@" : specifier
            index += 1
            characters = rest
        }
        return result + characters
    }
}
