import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Live Activity alerts

/// Where iOS shows the alert of a Live Activity update (`AlertConfiguration`): the expanded presentation on a
/// device with a Dynamic Island, a banner (the Lock Screen presentation at the top of the screen) on one without.
/// Source: Apple DTS in https://developer.apple.com/forums/thread/799195 ("display the expanded presentation on
/// devices that support the Dynamic Island or a banner on devices that don't"); DECISIONS.md 2026-12-02.
public enum ActivityAlertPlacement: String, Sendable, Equatable {
    /// The Dynamic Island expands to show the activity.
    case expandedIsland = "the expanded island"
    /// A banner with the activity's Lock Screen view.
    case banner = "a banner"

    /// The placement on `device`: the expanded island when it has Live Activity island metrics, else a banner.
    public static func placement(on device: DeviceProfile) -> ActivityAlertPlacement {
        device.island != nil ? .expandedIsland : .banner
    }

    /// The presentation that draws the alert: `.expanded` for the island, `.lockScreen` for a banner.
    public var presentation: ActivityPresentation { self == .expandedIsland ? .expanded : .lockScreen }
}

/// One alert the activity center showed with an update; WidgetTerm names the sound instead of playing it.
public struct ActivityAlert: Equatable, Sendable, CustomStringConvertible {
    /// When (the center's clock).
    public var date: Date
    /// The activity updated.
    public var activityID: String
    /// `AlertConfiguration.title`.
    public var title: String
    /// `AlertConfiguration.body`.
    public var body: String
    /// `AlertConfiguration.sound`: the sound file's name, or `default`.
    public var soundName: String

    /// An alert record from the configuration it came with.
    public init(date: Date, activityID: String, configuration: AlertConfiguration) {
        self.date = date
        self.activityID = activityID
        title = configuration.title
        body = configuration.body
        soundName = configuration.sound.name
    }

    /// The alert in one line: `alert “title” body · sound NAME`.
    public var description: String { "alert “\(title)” \(body) · sound \(soundName)" }

    /// The line with where `device` shows it, e.g. `… · sound chime.caf, shown in the expanded island`.
    public func description(on device: DeviceProfile) -> String {
        "\(description), shown in \(ActivityAlertPlacement.placement(on: device).rawValue)"
    }
}

// MARK: - Drawing an alert

/// How an alert is drawn: the presentation iOS shows for it (the expanded island when unlocked on a device with a
/// Dynamic Island; the Lock Screen view as a banner when locked or without an island) under one header row naming
/// the sound, which WidgetTerm cannot play. The title and body are not drawn on the phone: Apple's `AlertConfiguration`
/// page says Apple Watch shows them; they stay in `ActivityAlert` and in the command's output.
public enum ActivityAlertDrawing {
    /// Seconds the alert keeps its presentation before the activity goes back to its compact or minimal place.
    /// Apple publishes no number (DECISIONS.md, 2026-12-02, "alert banners"): WidgetTerm's choice.
    public static let duration: TimeInterval = 5

    /// True while `alert` is still presented at `date`: from its date for `duration` seconds.
    public static func isShowing(_ alert: ActivityAlert, at date: Date) -> Bool {
        date >= alert.date && date.timeIntervalSince(alert.date) < duration
    }

    /// The header row's text: `♪ NAME · alert` (the sound's file name, or `default`).
    public static func header(soundName: String) -> String { "♪ \(soundName) · alert" }

    /// `presentation` with the alert's header row above it, as wide as the presentation (the header is cut to fit);
    /// tap regions and live regions are not carried over (the banner is for looking at).
    public static func compose(_ presentation: Frame, soundName: String) -> Frame {
        let width = presentation.size.width
        var buffer = CellBuffer(width: width, height: presentation.size.height + 1)
        var column = 0
        for character in header(soundName: soundName) {
            let columns = DisplayWidth.of(character)
            guard columns > 0, column + columns <= width else { break }
            buffer[column, 0] = Cell(glyph: Glyph(character), attributes: .bold)
            if columns == 2 { buffer[column + 1, 0] = Cell(glyph: .space, attributes: .bold, isContinuation: true) }
            column += columns
        }
        buffer.draw(presentation.buffer, atColumn: 0, row: 1)
        return Frame(buffer: buffer, textRuns: [], diagnostics: presentation.diagnostics)
    }
}
