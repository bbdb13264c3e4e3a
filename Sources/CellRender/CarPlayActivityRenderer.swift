import Foundation
import CellLayout
import WidgetKitUI

// MARK: - A Live Activity in CarPlay

/// Draws a Live Activity as CarPlay (iOS 26) shows it on its dashboard: the `.small` family when the activity
/// declares it (`supplementalActivityFamilies([.small])`), its Lock Screen view told `\.activityFamily == .small`,
/// on a card of the small family's size; otherwise the compact leading and trailing views side by side on that
/// card, which is what CarPlay falls back to (docs/DECISIONS.md, "CarPlay").
public enum CarPlayActivityRenderer {
    /// The small family's size in points. Apple publishes none for CarPlay; `ActivityFamily` names the Apple
    /// Watch Smart Stack as the small family's place, so its largest tile (191 × 81.5 pt, widgetkit-facts.md §1)
    /// stands for it (docs/DECISIONS.md).
    public static let smallSize = (width: 191.0, height: 81.5)
    /// Points around the compact views in the fallback.
    public static let fallbackMargin = 12.0

    /// The short heading above a Live Activity's CarPlay card, the same in the preview (`A`) and `widgetterm carplay`:
    /// what, which state, which views (`delivery · state 3/4 · ActivityFamily.small`, or `compact (no .small)` for the
    /// fallback).
    /// - Parameters:
    ///   - kind: the activity's kind.
    ///   - state: which scripted state shows, as the activity list says it (`state 3/4`).
    ///   - hasSmallFamily: whether the card shows the `.small` family (else the compact views).
    public static func heading(kind: String, state: String, hasSmallFamily: Bool) -> String {
        "\(kind) · \(state) · " + (hasSmallFamily ? "ActivityFamily.small" : "compact (no .small)")
    }

    /// The card's size in cells: 24 × 5 with the standard metric.
    public static func cardSize(metric: CellMetric = .standard) -> CellSize {
        CellSize(width: metric.columns(smallSize.width), height: metric.rows(smallSize.height))
    }

    /// Renders `activity` in CarPlay, dark as the island (CarPlay's dashboard is dark here).
    /// - Parameters:
    ///   - activity: resolved with `resolvesSmallFamily` when the activity declares `.small`; `small` nil draws the fallback.
    ///   - options: date, format and metric; the style's dark variant (`islandStyle`) paints the card.
    /// - Returns: the frame and whether content was cut at the card's edge.
    public static func render(_ activity: ResolvedActivity, options: IslandRenderOptions) -> (frame: Frame, isClipped: Bool) {
        let style = options.islandStyle
        let environment = IslandRenderer.layoutEnvironment(options, style: style)
        let size = cardSize(metric: options.metric)
        let card = CellRect(x: 0, y: 0, width: size.width, height: size.height)
        var painter = Painter(size: size, style: style, date: options.date, format: options.format)
        var isClipped = false
        if let small = activity.small {
            let background = ViewNode.shape(
                ShapeNode(
                    kind: .roundedRectangle(cornerRadius: 16),
                    fill: .color(activity.backgroundTint ?? IslandRenderer.defaultLockScreenBackground)))
            painter.paint(CellLayout.layout(background, in: size, environment: environment))
            let wanted = CellLayout.size(of: small, for: ProposedCellSize(width: size.width, height: nil), environment: environment)
            isClipped = wanted.height > size.height
            painter.paint(
                IslandRenderer.place(
                    small, size: CellSize(width: size.width, height: max(wanted.height, size.height)), at: (0, 0), clip: card,
                    environment: environment))
        } else {
            IslandRenderer.fillIsland(card, painter: &painter)
            let margin = options.metric.explicitColumns(fallbackMargin)
            let half = max(0, (size.width - 2 * margin) / 2)
            let proposal = ProposedCellSize(width: half, height: size.height)
            let leading = CellLayout.size(of: activity.island.compactLeading, for: proposal, environment: environment)
            let trailing = CellLayout.size(of: activity.island.compactTrailing, for: proposal, environment: environment)
            isClipped = leading.width > half || trailing.width > half
            let row = max(0, (size.height - 1) / 2)
            let leadingClip = CellRect(x: margin, y: 0, width: half, height: size.height)
            let trailingClip = CellRect(x: size.width - margin - half, y: 0, width: half, height: size.height)
            painter.paint(
                IslandRenderer.place(
                    activity.island.compactLeading, size: CellSize(width: leading.width, height: max(1, leading.height)),
                    at: (leadingClip.x, row), clip: leadingClip, environment: environment))
            painter.paint(
                IslandRenderer.place(
                    activity.island.compactTrailing, size: CellSize(width: trailing.width, height: max(1, trailing.height)),
                    at: (trailingClip.maxX - trailing.width, row), clip: trailingClip, environment: environment))
        }
        painter.roundCorners(of: card, kind: .roundedRectangle(cornerRadius: 16))
        var frame = painter.frame
        frame.diagnostics = activity.diagnostics + frame.diagnostics
        return (frame, isClipped)
    }
}
