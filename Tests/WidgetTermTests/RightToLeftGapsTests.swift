import Foundation
import Testing
import TestSupport

@testable import CellLayout
@testable import CellRender
@testable import WidgetHost
@testable import WidgetKitUI

// Issue 11, right-to-left leftovers: multi-line text aligned to its leading edge aligns right, linear gauges
// and progress bars fill from the right, and the directional SF Symbols point the other way.

private enum MirrorProbe {
    /// One character per cell of `row`: `#` where the background is `tint`, `.` elsewhere, and the glyph when it
    /// is a partial block.
    static func bar(_ frame: Frame, row: Int, tint: RGB) -> String {
        String(
            (0..<frame.buffer.width).map { column -> Character in
                let cell = frame.buffer[column, row]
                let glyph = frame.buffer.text(ofRow: row).map { $0 }[column]
                if glyph != " " { return glyph }
                return cell.background == tint ? "#" : "."
            })
    }
}

@Suite struct RightToLeftGapsTests {
    @Test func multiLineLeadingTextAlignsRight() {
        let wrapped = Text("Sintra Cascais").frame(width: 80, alignment: .leading)
        #expect(RightToLeftProbe.picture(wrapped, width: 10, height: 2) == ["Sintra    ", "Cascais   "])
        #expect(
            RightToLeftProbe.picture(wrapped.environment(\.layoutDirection, .rightToLeft), width: 10, height: 2) == [
                "    Sintra", "   Cascais",
            ])
        // Trailing text goes to its left edge; the text itself still sits at the frame's leading (right) edge.
        let trailing = Text("Sintra Cascais").multilineTextAlignment(.trailing).frame(width: 80, alignment: .leading)
        #expect(RightToLeftProbe.picture(trailing, width: 10, height: 2) == [" Sintra   ", "Cascais   "])
        #expect(
            RightToLeftProbe.picture(trailing.environment(\.layoutDirection, .rightToLeft), width: 10, height: 2) == [
                "   Sintra ", "   Cascais",
            ])
        // Centred lines stay centred (one free column: the shorter line keeps it on its right either way).
        let centred = Text("Sintra Cascais").multilineTextAlignment(.center).frame(width: 80, alignment: .leading)
        #expect(RightToLeftProbe.picture(centred, width: 10, height: 2) == ["Sintra    ", "Cascais   "])
        #expect(
            RightToLeftProbe.picture(centred.environment(\.layoutDirection, .rightToLeft), width: 10, height: 2) == [
                "   Sintra ", "   Cascais",
            ])
    }

    @Test func progressViewsAndLinearGaugesFillFromTheRight() throws {
        let red = RGB(255, 0, 0)
        let progress = ProgressView(value: 0.5).tint(Color(red: 1, green: 0, blue: 0)).frame(width: 80)
        let leftToRight = RightToLeftProbe.frame(progress, width: 10, height: 1)
        #expect(MirrorProbe.bar(leftToRight, row: 0, tint: red) == "#####.....")
        let rightToLeft = RightToLeftProbe.frame(progress.environment(\.layoutDirection, .rightToLeft), width: 10, height: 1)
        #expect(MirrorProbe.bar(rightToLeft, row: 0, tint: red) == ".....#####")

        // 0.55 of 10 cells is 5 cells and 4 eighths: the partial cell is the tint behind a left half block of track.
        let partial = ProgressView(value: 0.55).tint(Color(red: 1, green: 0, blue: 0)).frame(width: 80)
        #expect(MirrorProbe.bar(RightToLeftProbe.frame(partial, width: 10, height: 1), row: 0, tint: red) == "#####▌....")
        let mirrored = RightToLeftProbe.frame(partial.environment(\.layoutDirection, .rightToLeft), width: 10, height: 1)
        #expect(MirrorProbe.bar(mirrored, row: 0, tint: red) == "....▌#####")
        #expect(mirrored.buffer[4, 0].background == red)

        // An accessoryLinear gauge's marker sits at the value counted from the right.
        let gauge = Gauge(value: 0.25) { EmptyView() }.gaugeStyle(.accessoryLinear).frame(width: 72)
        #expect(RightToLeftProbe.picture(gauge, width: 9, height: 1) == ["──●──────"])
        #expect(RightToLeftProbe.picture(gauge.environment(\.layoutDirection, .rightToLeft), width: 9, height: 1) == ["──────●──"])
    }

    @Test func directionalSymbolsPointTheOtherWay() {
        let row = HStack(spacing: 0) {
            Image(systemName: "chevron.forward")
            Image(systemName: "chevron.right")
            Image(systemName: "arrow.forward")
            Image(systemName: "forward.end")
        }
        #expect(RightToLeftProbe.picture(row, width: 8, height: 1) == ["  ››⇢⇥  "])
        // Mirrored: the row runs from the right; chevron.forward and arrow.forward point left; chevron.right and
        // the media symbol forward.end keep their direction.
        #expect(RightToLeftProbe.picture(row.environment(\.layoutDirection, .rightToLeft), width: 8, height: 1) == ["  ⇥⇠›‹  "])
        #expect(PlacedNode.rightToLeftSymbol("chevron.forward") == "chevron.backward")
        #expect(PlacedNode.rightToLeftSymbol("arrow.uturn.backward") == "arrow.uturn.forward")
        #expect(PlacedNode.rightToLeftSymbol("arrow.up.forward.circle.fill") == "arrow.up.backward.circle.fill")
        #expect(PlacedNode.rightToLeftSymbol("forward.fill") == nil)
        #expect(PlacedNode.rightToLeftSymbol("chevron.right") == nil)
        #expect(PlacedNode.rightToLeftSymbol("goforward") == nil)
    }

    @Test func aRightToLeftLocaleFillsTheWidgetsProgressBarFromTheRight() throws {
        struct Bar: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "Bar", provider: BarProvider()) { _ in
                    ProgressView(value: 0.25).tint(Color(red: 1, green: 0, blue: 0)).containerBackground(.black, for: .widget)
                }
                .supportedFamilies([.systemSmall])
            }
        }
        func bar(locale: String) throws -> [String] {
            let frame = try FixedClock.run {
                let session = WidgetSession(descriptor: Bar().body.descriptor)
                let selection = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
                let format = SystemTextFormat(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: "UTC")!)
                let options = WidgetRenderOptions(
                    family: .systemSmall, device: .default, osVersion: 26, style: PaintStyle(colorScheme: .dark),
                    date: HostClock.now, format: format)
                return session.render(selection, options: options)
            }
            // Per cell: its glyph when it has one (a partial block), else # for the tint's background and . for any other.
            return (0..<frame.buffer.height).map { row in
                let glyphs = Array(frame.buffer.text(ofRow: row))
                return String(
                    (0..<frame.buffer.width).map { column -> Character in
                        if glyphs[column] != " " { return glyphs[column] }
                        return frame.buffer[column, row].background == RGB(255, 0, 0) ? "#" : "."
                    })
            }.filter { $0.contains("#") }
        }
        let leftToRight = try bar(locale: "en_US")
        let rightToLeft = try bar(locale: "ar")
        #expect(leftToRight.count == 1 && rightToLeft.count == 1)
        // A quarter of 17 cells is 4 cells and 2 eighths: from the left, a block of two eighths in the tint; from
        // the right, the tint behind a block of six eighths in the track.
        #expect(leftToRight == ["..####▎.............."], "\(leftToRight)")
        #expect(rightToLeft == ["..............▊####.."], "\(rightToLeft)")
    }
}

private struct BarEntry: TimelineEntry {
    let date: Date
}

private struct BarProvider: TimelineProvider {
    func placeholder(in context: Context) -> BarEntry { BarEntry(date: Date(timeIntervalSince1970: 0)) }
    func getSnapshot(in context: Context, completion: @escaping (BarEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<BarEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
