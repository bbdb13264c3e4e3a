import Foundation

/// Why no widget sources could be found at a path: the file or folder concerned and what to do.
///
/// `description` is one line, `FILE: message`, ready for `widgetterm: ...` on standard error.
public struct WidgetProjectError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file or folder the message is about.
    public let file: URL
    /// What is wrong and what to do, without the file.
    public let message: String

    /// An error about `file`.
    public init(file: URL, _ message: String) {
        self.file = file
        self.message = message
    }

    /// The error as one line: `FILE: message`, with the file's path.
    public var description: String { "\(file.path): \(message)" }
}
