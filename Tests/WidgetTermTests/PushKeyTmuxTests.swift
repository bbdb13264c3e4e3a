import Foundation
import Testing

/// The preview's `U` (a content-changed push) driven in the real binary, whose preview runs the samples as extension
/// processes: the push reaches `add-water`'s handler there, and the event log says what became of it.
@Suite(.serialized, .tmuxInstalled)
struct PushKeyTmuxTests {
    /// The event log panel's text as one string: each line's part right of the panel's border, continuation lines
    /// joined to the line they continue with one space.
    static func eventLog(_ screen: String) -> String {
        let lines = screen.components(separatedBy: "\n").compactMap { line -> String? in
            guard let border = line.range(of: "│ ", options: .backwards) else { return nil }
            return String(line[border.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        guard let start = lines.firstIndex(of: "Event log") else { return "" }
        return lines[(start + 1)...].joined(separator: " ")
    }

    /// The first match of `pattern` in `text`, with its capture groups.
    static func match(_ pattern: String, in text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        return (0..<found.numberOfRanges).map { index in
            Range(found.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }

    @Test(
        "U on add-water (C, w): a control push its handler's token reaches, deferred to 5 minutes after it was shown; U on water: no handler"
    )
    func pushKeyInTheRealBinary() throws {
        let session = try TmuxSession()
        try session.launch(["preview", "--at", "2026-03-14T09:41:00Z"])
        try session.wait(for: "water │ systemSmall │ fullColor")
        try session.keys("C")
        try session.wait(for: "Focus (focus) 1/3")
        try session.keys("w")
        try session.wait(for: "Add Water (add-water) 2/3: button \"1250 ml\"")
        try session.keys("U")
        let pattern =
            #"(\d\d:\d\d:\d\d) info +shown: currentValue\(\) → button "1250 ml" .*?\d\d:\d\d:\d\d reload +control push "#
            + #"\(content-changed\) to add-water: reload deferred to 2026-03-14 (\d\d:\d\d:\d\d) \(5-minute minimum\)"#
        let screen = try session.wait { Self.match(pattern, in: Self.eventLog($0)) != nil }
        let log = Self.eventLog(screen)
        #expect(!log.contains("push-control-without-handler"), "\(log)")
        let groups = try #require(Self.match(pattern, in: log), "\(log)")
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "HH:mm:ss"
        format.timeZone = TimeZone(identifier: "UTC")
        let shown = try #require(format.date(from: groups[1])), deferred = try #require(format.date(from: groups[2]))
        #expect(deferred.timeIntervalSince(shown) == 300, "the 5-minute minimum counts from the reload that showed it: \(log)")

        // Back on the widgets: water has no WidgetPushHandler, so the push is not delivered and nothing reloads.
        try session.keys("C")
        try session.wait(for: "▸ systemSmall")
        try session.keys("U")
        try session.wait {
            Self.eventLog($0).contains(
                "push to water not delivered, no reload [push-widget-without-handler]: water has no WidgetPushHandler")
        }
        try session.keys("?")
        try session.wait(for: "widget push: content-changed")
        try session.keys("Escape", "q")
        try session.wait(for: "EXIT=0")
    }
}
