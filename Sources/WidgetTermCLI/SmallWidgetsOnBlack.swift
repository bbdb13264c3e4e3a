import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - Small widgets side by side on black (StandBy, CarPlay)

/// The screen StandBy and CarPlay show widgets on: `systemSmall` widgets side by side on black, each rendered
/// at its own size in cells.
enum SmallWidgetsOnBlack {
    /// `style` with its surface black, as StandBy and CarPlay draw behind widgets, whatever the theme's wallpaper.
    static func onBlack(_ style: PaintStyle) -> PaintStyle {
        var style = style
        style.surface = RGB(0, 0, 0)
        style.surfaceForBlending = RGB(0, 0, 0)
        return style
    }

    /// Renders each of `items` as `systemSmall` for `location` and lays the frames side by side, `gap` columns
    /// apart, on `style.surface`.
    ///
    /// - Parameters:
    ///   - name: What the person typed for an item, named when it has no `systemSmall`.
    ///   - descriptor: The widget an item stands for; called in order, so errors come in the order given.
    ///   - location: Where the widgets are shown: names the surface in messages and is checked against each
    ///     widget's `disfavoredLocations` (a warning, since the person asked for it).
    ///   - mode: The rendering mode `style` paints, reported with each finding.
    /// - Returns: The screen and the findings of every widget.
    /// - Throws: `UsageError` when a widget has no `systemSmall`; the errors of `descriptor` and of the session.
    static func screen<Item>(
        _ items: [Item], name: (Item) -> String, descriptor: (Item) throws -> WidgetDescriptor, location: WidgetLocation,
        style: PaintStyle, mode: WidgetRenderingMode, removesContainerBackground: Bool, settings: RenderSettings, date: Date,
        gap: Int
    ) throws -> (CellBuffer, [Diagnostic]) {
        let surfaceName = displayNames[location] ?? location.description
        var frames: [Frame] = []
        var findings: [Diagnostic] = []
        for item in items {
            let descriptor = try descriptor(item)
            guard descriptor.supportedFamilies.contains(.systemSmall) else {
                throw UsageError("\(name(item)) has no systemSmall: \(surfaceName) shows small widgets only")
            }
            if descriptor.disfavoredLocations[location]?.contains(.systemSmall) == true {
                findings.append(
                    Diagnostic(
                        severity: .warning, code: "disfavored-location",
                        message: "\(descriptor.kind) disfavors \(surfaceName) for systemSmall (disfavoredLocations): iOS does not offer it "
                            + "there; shown anyway because you asked.",
                        widget: descriptor.kind, family: .systemSmall))
            }
            let session = try settings.session(for: descriptor)
            let selection = try session.selectEntry(family: .systemSmall, device: settings.device, context: settings.context)
            var options = WidgetRenderOptions(
                family: .systemSmall, device: settings.device, osVersion: settings.osVersion, style: style, date: date,
                format: settings.format)
            options.removesContainerBackground = removesContainerBackground
            let frame = session.render(selection, options: options)
            findings += frame.diagnostics.map { Diagnostic($0, widget: descriptor.kind, family: .systemSmall, mode: mode) }
            frames.append(frame)
        }
        let height = frames.map(\.size.height).max() ?? 0
        let width = frames.map(\.size.width).reduce(0, +) + gap * (frames.count - 1)
        var screen = CellBuffer(width: width, height: height, fill: Cell(glyph: " ", background: style.surface))
        var column = 0
        for frame in frames {
            screen.draw(frame.buffer, atColumn: column, row: 0)
            column += frame.size.width + gap
        }
        return (screen, findings)
    }

    /// The surfaces' names as messages spell them.
    private static let displayNames: [WidgetLocation: String] = [.standBy: "StandBy", .carPlay: "CarPlay"]
}
