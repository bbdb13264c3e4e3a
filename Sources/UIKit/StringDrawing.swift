import CellLayout
import Foundation
import WidgetKitUI

// MARK: - Attribute keys, as UIKit's

extension NSAttributedString.Key {
    /// The font of the text, as UIKit's `NSAttributedString.Key.font`; its value is a `UIFont`.
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
    /// The colour of the text, as UIKit's `NSAttributedString.Key.foregroundColor`; its value is a `UIColor`.
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
}

// MARK: - Measuring and drawing strings, as UIKit's NSString additions

/// What UIKit's string drawing answers in a terminal. A terminal draws every font one row tall and every
/// character one or two columns wide, so a string takes its display width in columns of
/// `CellMetric.standard.pointsPerColumn` points (8) and one row of `pointsPerRow` points (17) a line, whatever
/// the font: a frame widget code sizes from this measure holds the text as WidgetTerm lays it out
/// (docs/DECISIONS.md, "UIKit's string drawing in cells").
enum StringDrawing {
    /// The size of `text` in points: its widest line's display width in columns and its number of lines in rows.
    static func size(of text: some StringProtocol) -> CGSize {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let columns = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let metric = CellMetric.standard
        return CGSize(width: Double(columns) * metric.pointsPerColumn, height: Double(lines.count) * metric.pointsPerRow)
    }
}

extension StringProtocol {
    /// The size the string takes when drawn with `attributes`, as `NSString.size(withAttributes:)`. In cells:
    /// its display width in columns of 8 points, and 17 points a line, whatever `.font` says (`StringDrawing`).
    ///
    /// - Parameter attributes: the text attributes (`.font`, `.foregroundColor`...); they do not change the
    ///   size in cells.
    /// - Returns: the size in points.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(of: self)
    }
}

extension NSString {
    /// The size the string takes when drawn with `attributes`, as UIKit's `NSString.size(withAttributes:)`
    /// (`StringDrawing`: 8 points a column, 17 points a line).
    ///
    /// - Returns: the size in points.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        StringDrawing.size(of: self as String)
    }

    /// Draws the string at `point` in the current graphics context, as UIKit's `NSString.draw(at:withAttributes:)`.
    /// WidgetTerm has no graphics context (there is no `UIGraphicsImageRenderer` here, and a widget's picture is
    /// its views, laid out in cells), so nothing is drawn: the call compiles and does nothing.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {}

    /// Draws the string in `rect` in the current graphics context, as UIKit's `NSString.draw(in:withAttributes:)`;
    /// as `draw(at:withAttributes:)`, nothing is drawn without a graphics context.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {}
}
