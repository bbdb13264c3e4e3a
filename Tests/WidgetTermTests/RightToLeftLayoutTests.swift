import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import SampleWidgets
@testable import WidgetHost
@testable import WidgetKitUI

// Issue 11: right-to-left layout. `.environment(\.layoutDirection, .rightToLeft)` and a right-to-left
// `--locale` mirror the layout: rows run from the right, leading is the right edge; text keeps its own order.

/// Resolves, lays out and paints a view in a fixed light environment (en_US, UTC, 2023-11-14): the right-to-left
/// suites' probe.
enum RightToLeftProbe {
    static let format = SystemTextFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)

    static func frame<V: View>(_ view: V, width: Int, height: Int) -> Frame {
        let environment = LayoutEnvironment(date: Date(timeIntervalSince1970: 1_700_000_000), format: format)
        let node = ViewResolver.resolve(view, environment: EnvironmentValues()).0
        let placed = CellLayout.layout(node, in: CellSize(width: width, height: height), environment: environment)
        var painter = Painter(
            size: CellSize(width: width, height: height), style: PaintStyle(colorScheme: .light), date: environment.date,
            format: format)
        painter.paint(placed)
        return painter.frame
    }

    /// Each row's text.
    static func picture<V: View>(_ view: V, width: Int, height: Int) -> [String] {
        let frame = frame(view, width: width, height: height)
        return (0..<height).map { frame.buffer.text(ofRow: $0) }
    }
}

private struct Headline: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("1")
                Text("22")
            }
            Text("abc")
        }
        .padding(.leading, 16)
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

@Suite struct RightToLeftLayoutTests {
    @Test func aRightToLeftEnvironmentMirrorsRowsAlignmentsAndPadding() {
        #expect(RightToLeftProbe.picture(Headline(), width: 10, height: 2) == ["  1 22    ", "  abc     "])
        let mirrored = Headline().environment(\.layoutDirection, .rightToLeft)
        #expect(RightToLeftProbe.picture(mirrored, width: 10, height: 2) == ["    22 1  ", "     abc  "])
    }

    @Test func aLeftToRightSubtreeInsideARightToLeftOneKeepsItsOwnOrder() {
        let view = HStack(spacing: 1) {
            Text("a")
            HStack(spacing: 0) {
                Text("x")
                Text("y")
            }
            .environment(\.layoutDirection, .leftToRight)
        }
        .environment(\.layoutDirection, .rightToLeft)
        #expect(RightToLeftProbe.picture(view, width: 4, height: 1) == ["xy a"])
    }

    @Test func rightToLeftLanguagesChooseARightToLeftLayout() {
        #expect(LayoutDirection(locale: Locale(identifier: "ar")) == .rightToLeft)
        #expect(LayoutDirection(locale: Locale(identifier: "he_IL")) == .rightToLeft)
        #expect(LayoutDirection(locale: Locale(identifier: "fa-IR")) == .rightToLeft)
        #expect(LayoutDirection(locale: Locale(identifier: "en_US")) == .leftToRight)
        #expect(LayoutDirection(locale: Locale(identifier: "fr")) == .leftToRight)
    }

    @Test("a sample widget under --locale ar", arguments: ["ar", "he"])
    func sampleInARightToLeftLocale(locale: String) throws {
        let widget = try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "weather" })
        let frame = try FixedClock.run {
            let session = WidgetSession(descriptor: widget)
            let selection = try session.selectEntry(family: .systemMedium, device: .default, context: .timeline)
            let format = SystemTextFormat(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: "UTC")!)
            let options = WidgetRenderOptions(
                family: .systemMedium, device: .default, osVersion: 26, style: PaintStyle(colorScheme: .light),
                date: HostClock.now, format: format)
            #expect(options.environment().layoutDirection == .rightToLeft)
            return session.render(selection, options: options)
        }
        #expect(frame.diagnostics.isEmpty, "\(frame.diagnostics)")
        Golden.check(FrameEncoder.golden(frame.buffer), named: "weather.systemMedium.light.\(locale)")
    }
}
