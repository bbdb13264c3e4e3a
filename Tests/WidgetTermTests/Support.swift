import Foundation
import Testing
@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// The fixed clock, goldens, `renderWidget`, `frameRows`, `SplitMix64`, `textStrings` and the in-memory
// preview are in TestSupport, shared by every test target; re-exported here so each file of this target
// sees them without its own import.
@_exported import TestSupport

// MARK: - A view resolved, laid out and painted on its own

/// One view resolved, laid out and painted in a light paint style at a fixed moment (2023-11-14 22:13:20
/// UTC), with dates written as `en_US` in UTC: the harness of the API and drawing tests.
enum ViewProbe {
    /// The moment every probe renders at.
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let environment = LayoutEnvironment(
        date: date, format: SystemTextFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))

    /// The resolved tree of `view` and the sink that saw it.
    static func resolve<V: View>(_ view: V) -> (ViewNode, ResolveSink) {
        ViewResolver.resolve(view, environment: EnvironmentValues())
    }

    /// `view` laid out and painted in a `width` × `height` area.
    static func frame<V: View>(_ view: V, width: Int, height: Int) -> Frame {
        let placed = CellLayout.layout(resolve(view).0, in: CellSize(width: width, height: height), environment: environment)
        var painter = Painter(
            size: CellSize(width: width, height: height), style: PaintStyle(colorScheme: .light), date: date,
            format: environment.format)
        painter.paint(placed)
        return painter.frame
    }

    /// `view` painted in a `width` × `height` area: one string per row, trailing blanks trimmed.
    static func picture<V: View>(_ view: V, width: Int, height: Int) -> [String] {
        frameRows(frame(view, width: width, height: height))
    }

    /// The characters of every text node in `node`, in tree order.
    static func strings(in node: ViewNode) -> [String] { node.textStrings }

    /// The diagnostic codes resolving `view` reported, in order.
    static func codes<V: View>(_ view: V) -> [String] { resolve(view).1.diagnostics.map(\.code) }

    /// `color` resolved in light mode, as 8-bit RGB.
    static func rgb(_ color: Color) -> RGB {
        let value = color.resolved(in: .light)
        return RGB(red: value.red, green: value.green, blue: value.blue)
    }
}
