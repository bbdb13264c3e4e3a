import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI
import WidgetDocument

// MARK: - Hot reload of widget documents

extension PreviewApp {
    /// Takes the documents the watcher recompiled since the last frame: a good save replaces the widget (its
    /// instances are dropped, so its timeline is fetched again and every body re-evaluated) or the Live Activity
    /// (running ones are drawn with the new views); a broken save keeps the last good render and puts the error in
    /// a banner until the next good save.
    func applyDocumentChanges(at now: Date) {
        guard let watcher = documentWatcher else { return }
        for change in watcher.takeChanges() {
            let shownKind = change.previousKind ?? change.file
            switch change.result {
            case .success(let descriptor):
                documentErrors[shownKind] = nil
                documentErrors[descriptor.kind] = nil
                if descriptor.isActivity, let index = configuration.activities.firstIndex(where: { $0.kind == shownKind }) {
                    configuration.activities[index] = descriptor
                    islands.replaceActivity(descriptor, previousKind: shownKind)
                } else if !descriptor.isActivity, let index = configuration.widgets.firstIndex(where: { $0.kind == shownKind }) {
                    instances[shownKind] = nil
                    instances[descriptor.kind] = nil
                    if shownKind != descriptor.kind, let focused = focusedFamilyIndex[shownKind] {
                        focusedFamilyIndex[descriptor.kind] = focused
                    }
                    configuration.widgets[index] = descriptor
                    if widgetIndex == index { targetIndex = nil }
                } else {
                    documentErrors[shownKind] =
                        "\(change.file) now describes \(descriptor.isActivity ? "a Live Activity" : "a widget"), "
                        + "not what the preview started with: quit and start the preview again to show it"
                    continue
                }
                log.append(.info, "reloaded \(change.file) (\(descriptor.kind))", at: now)
                // The new timeline is fetched while this frame is composed, a moment after `now`: draw once more at
                // once, so its first entry (dated when it was fetched) shows without waiting for the next tick.
                terminal.wakeHandler()
            case .failure where change.isRemoved:
                documentErrors[shownKind] = "\(change.file): file removed; waiting for it to come back (the last render stays)"
                log.append(.diagnostic, "\(change.file): file removed; watching for it to come back", at: now, severity: .warning)
            case .failure(let error):
                documentErrors[shownKind] = error.description
                log.append(.diagnostic, "\(error.description) (the last good render stays)", at: now, severity: .error)
            }
        }
    }

    /// The error of the shown document's last broken save, on the rows under the header: the focused widget's, or on
    /// the island screen any Live Activity document's. The banner takes as many rows as the message needs, up to
    /// `bannerRowLimit(height:)`; a longer message ends with a pointer to the event log, which keeps it whole.
    func drawDocumentBanner(_ canvas: inout Canvas, width: Int) {
        let shown = islands.isShown ? islands.activities.map(\.kind) : currentWidget.map { [$0.kind] } ?? []
        guard let message = shown.lazy.compactMap({ self.documentErrors[$0] }).first, canvas.height > 4 else { return }
        let style = TextStyle(foreground: RGB(0xFF, 0xFF, 0xFF), background: Chrome.error, attributes: .bold)
        let lines = Self.bannerLines(message, width: width, height: canvas.height)
        for (offset, line) in lines.enumerated() {
            canvas.fill(CellRect(x: 0, y: 1 + offset, width: width, height: 1), background: Chrome.error)
            canvas.write(line, column: 1, row: 1 + offset, maxWidth: width - 2, style: style)
        }
    }

    /// The most rows the banner takes on a screen `height` rows tall: 5 from 24 rows up (enough for a JSON error with
    /// its fix at 80 columns), fewer on shorter screens, at least 2.
    static func bannerRowLimit(height: Int) -> Int { min(5, max(2, (height - 4) / 4)) }

    /// `message` wrapped at words into the banner's lines for a screen `width` × `height`; when it needs more than
    /// `bannerRowLimit(height:)` lines, the last one is cut and says the whole message is in the event log.
    static func bannerLines(_ message: String, width: Int, height: Int) -> [String] {
        let room = max(width - 2, 10)
        let all = TextFitting.wrap("⚠ " + TerminalText.escaped(message), width: room, indent: "  ")
        let limit = bannerRowLimit(height: height)
        guard all.count > limit else { return all }
        var lines = Array(all.prefix(limit))
        let pointer = " … (the whole error is in the event log)"
        var last = TextFitting.truncateAtWord(lines[limit - 1], to: max(room - DisplayWidth.of(pointer), 4))
        while last.hasSuffix("…") || last.hasSuffix(" ") { last.removeLast() }
        lines[limit - 1] = last + pointer
        return lines
    }
}

// MARK: - A document that does not compile at start

/// What the preview shows for a widget document that does not compile when the preview starts: a card under the
/// file's name that says it waits for a fix, with the error in the banner (`PreviewApp.showBrokenDocument`). The
/// next good save replaces it, as any save replaces the widget it follows.
public enum BrokenDocument {
    private struct Entry: TimelineEntry {
        var date: Date
    }

    private struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: Date()) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: Date())) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [Entry(date: Date())], policy: .never))
        }
    }

    /// A stand-in widget whose kind is `file`, as given on the command line (the key the watcher's changes use).
    public static func placeholder(file: String) -> WidgetDescriptor {
        let name = URL(fileURLWithPath: file).lastPathComponent
        return StaticConfiguration(kind: file, provider: Provider()) { _ in
            VStack(alignment: .leading, spacing: 0) {
                Text(name).font(.headline)
                Text("waiting for a fix")
                Text("(see the banner)").foregroundStyle(.secondary)
            }
            .containerBackground(Color(white: 0.5, opacity: 0.2), for: .widget)
        }
        .configurationDisplayName(name)
        .supportedFamilies([.systemSmall])
        .descriptor
    }
}

extension PreviewApp {
    /// Shows `error` in the banner of the stand-in widget for `file` (`BrokenDocument.placeholder(file:)`).
    public func showBrokenDocument(file: String, error: String) {
        documentErrors[file] = error
        log.append(.diagnostic, "\(error) (waiting for a fix)", at: HostClock.now, severity: .error)
    }
}

extension PreviewApp {
    /// Adds a line to the event log from outside the preview (the command line's notes at start).
    public func logNote(_ text: String) {
        log.append(.info, text, at: HostClock.now)
    }
}
