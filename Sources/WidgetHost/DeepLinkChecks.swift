import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Deep links that count rows

/// Links of a list whose URLs encode the row's position (`/item/0`, `/item/1`, …) rather than a stable identifier
/// (issue 14 item 16): the widget was rendered from a timeline fetched earlier, and by the time the person taps, the
/// app's list may have changed, so the link opens whatever row now has that position.
public enum DeepLinkChecks {
    /// `positional-deep-links` (warning) for each group of links whose URLs are the same but for a whole number
    /// (the last path component, or one query value) that counts 0, 1, 2, … in reading order: an array index.
    /// Numbers counting from 1 are as likely ids (events 1 to 5), and are not reported.
    public static func positionalRowLinks(_ frame: Frame, widget: String, family: WidgetFamily?) -> [Diagnostic] {
        let links = frame.tapRegions.compactMap { region -> (rect: CellRect, url: URL)? in
            if case .link(let url) = region.action { return (region.rect, url) }
            return nil
        }
        .sorted { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        var order: [String] = []
        var groups: [String: [(url: URL, number: Int)]] = [:]
        for link in links {
            guard let (template, number) = numberedTemplate(link.url) else { continue }
            if groups[template] == nil { order.append(template) }
            groups[template, default: []].append((link.url, number))
        }
        return order.compactMap { template in
            let group = groups[template]!
            let numbers = group.map(\.number)
            // Counting from 0 is an array index; from 1 it is as likely a run of ids (a document's events 1...5).
            guard numbers.count >= 2, numbers == Array(0..<numbers.count) else { return nil }
            let urls = group.map(\.url.absoluteString)
            let message =
                "\(numbers.count) links open \(urls.joined(separator: ", ")): the number counts the rows "
                + "(\(numbers.map(String.init).joined(separator: ", "))) rather than naming what is in them. The widget shows a "
                + "timeline fetched earlier; by the time the person taps, an item may have been added, removed or re-sorted "
                + "in the app and the link opens another row. Put a stable identifier in the URL (the item's id)."
            return Diagnostic(
                severity: .warning, code: "positional-deep-links", message: message, widget: widget, family: family,
                values: ["count": "\(numbers.count)", "pattern": template])
        }
    }

    /// The URL with its position-like number replaced by `{n}`, and that number: the last path component when it
    /// is a whole number, else the first query value that is one. Nil when the URL has none.
    static func numberedTemplate(_ url: URL) -> (String, Int)? {
        let text = url.absoluteString
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let query = parts.count > 1 ? parts[1] : nil
        var segments = parts[0].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.count > 3, let number = wholeNumber(segments[segments.count - 1]) {
            segments[segments.count - 1] = "{n}"
            return (segments.joined(separator: "/") + (query.map { "?" + $0 } ?? ""), number)
        }
        guard let query else { return nil }
        var items = query.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
        for (index, item) in items.enumerated() {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, let number = wholeNumber(String(pair[1])) else { continue }
            items[index] = pair[0] + "={n}"
            return (parts[0] + "?" + items.joined(separator: "&"), number)
        }
        return nil
    }

    /// A whole number written with ASCII digits only (no sign), at most 6 of them.
    static func wholeNumber(_ text: String) -> Int? {
        guard (1...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
