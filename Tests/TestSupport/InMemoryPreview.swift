// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import CellLayout
import CellRender
import Foundation
import TerminalUI
import WidgetHost
import WidgetKitUI

/// The interactive preview on an in-memory terminal (`MemoryTerminal`): a test drives it with events and
/// waits on what the app's background work posts (finished intents, openers, reloads wake the terminal),
/// never on a sleep.
public final class InMemoryPreview {
    /// The preview under test.
    public let app: PreviewApp
    /// The terminal it draws on.
    public let terminal: MemoryTerminal

    /// A preview of `configuration` on a `width` × `height` cell terminal of `colorDepth`.
    public init(configuration: PreviewConfiguration, width: Int = 120, height: Int = 40, colorDepth: ColorDepth = .trueColor) {
        terminal = MemoryTerminal(width: width, height: height, colorDepth: colorDepth)
        app = PreviewApp(configuration: configuration, terminal: terminal)
    }

    /// A preview of `widgets` on the built-in theme `themeName`, dates in UTC (`FixedClock.utcFormat`), with
    /// a deep-link router for the widgets' links.
    public convenience init(
        _ widgets: [WidgetDescriptor], themeName: String = "light", osVersion: Int = 26, width: Int = 120, height: Int = 40,
        colorDepth: ColorDepth = .trueColor
    ) {
        let configuration = PreviewConfiguration(
            widgets: widgets, theme: Theme.builtIn(named: themeName)!, osVersion: osVersion, format: FixedClock.utcFormat,
            router: (try? DeepLinkRouter(widgets: widgets)) ?? DeepLinkRouter())
        self.init(configuration: configuration, width: width, height: height, colorDepth: colorDepth)
    }

    /// Handles every event queued now, then draws one frame: the app as it stands once the events are in.
    public func settle() {
        while !terminal.hasNoQueuedEvents {
            for event in terminal.waitForEvents(timeout: 0) { app.handle(event) }
        }
        app.renderFrame()
    }

    /// Waits until every intent started so far has finished, then handles the wakes they posted and draws:
    /// idle, with nothing of the app's own left to do.
    public func waitUntilIdle() {
        app.waitForIntents()
        settle()
    }

    /// Handles and draws each wake the app's background work posts until `condition` holds; false when no
    /// wake came for `seconds` of real time (measured on the monotonic clock, so a frozen clock does not end
    /// the wait early) with `condition` still false.
    @discardableResult
    public func waitUntil(seconds: TimeInterval = 60, _ condition: () -> Bool) -> Bool {
        while !condition() {
            guard terminal.waitUntilQueued(seconds: seconds) else { return condition() }
            settle()
        }
        return true
    }

    /// The text of the first widget frame on screen (not the log or panel), one line per row.
    public var widgetText: String { Self.widgetText(of: app, on: terminal) }

    /// The text of `app`'s first widget frame on `terminal`'s screen (not the log or panel), one line per row;
    /// empty when no widget frame is on screen.
    public static func widgetText(of app: PreviewApp, on terminal: MemoryTerminal) -> String {
        guard let visible = app.widgetFrames.first else { return "" }
        return (visible.y..<visible.maxY).map { row in
            String(
                (visible.x..<visible.maxX).compactMap {
                    terminal.screen[$0, row].isContinuation ? nil : terminal.screen[$0, row].glyph.character
                })
        }.joined(separator: "\n")
    }
}
#endif
