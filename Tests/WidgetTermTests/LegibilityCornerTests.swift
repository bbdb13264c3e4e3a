import Foundation
import Testing
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - The widget's rounded corner is not text

/// Text that reaches the widget's corner (content margins disabled) gives way to the rounded corner, a quadrant
/// block in the container's fill colour against the wallpaper. That cell is the shape's edge, not the text's ink:
/// measuring it reported black text on a white widget as "1.80:1 (#FFFFFF on #A7C4E5)", the white fill against
/// the light wallpaper.
@Suite struct LegibilityCornerTests {
    /// Black text from the top-left corner, margins disabled, on a white container background.
    static let cornerText = StaticConfiguration(kind: "corner-text", provider: ModeProvider()) { _ in
        VStack(alignment: .leading, spacing: 0) {
            Text("Corner text").foregroundStyle(.black)
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .containerBackground(for: .widget) { Color.white }
    }
    .contentMarginsDisabled()
    .supportedFamilies([.systemSmall])
    .descriptor

    @Test func theCornerCellOverTextIsNotMeasured() throws {
        let frame = try ModeFixtures.render(Self.cornerText, family: .systemSmall, theme: "light")
        // The rounded corner took the text's first cell.
        #expect(frameRows(frame).first?.hasPrefix("▗orner text") == true)
        let run = try #require(frame.textRuns.first { $0.text == "Corner text" })
        #expect(run.column == 0)
        let measured = try #require(LegibilityCheck.lowestContrast(of: run, in: frame.buffer, surface: RGB(255, 255, 255)))
        #expect(measured.column == 1)
        #expect(measured.foreground == RGB(0, 0, 0))
        #expect(measured.background == RGB(255, 255, 255))
        #expect(measured.ratio == 21)
    }

    /// The corner took the "C" of "Corner text" and nothing said so.
    @Test("text under the rounded corner is reported: content-under-corner names the view and the corner")
    func textUnderTheCornerIsReported() throws {
        let frame = try ModeFixtures.render(Self.cornerText, family: .systemSmall, theme: "light")
        let message =
            "Text(\"Corner text\") reaches the topLeading rounded corner of the systemSmall widget: iOS clips the widget to "
            + "its rounded shape, so \"C\" there is cut off, and iOS shows no sign of it. Keep the content margins (no "
            + ".contentMarginsDisabled()), or pad the view away from the corner."
        #expect(frame.diagnostics.map(\.code) == ["content-under-corner"])
        #expect(frame.diagnostics.first?.message == message)
        // `check` reports it on the surfaces that draw the widget's rounded shape, as it reports content-clipped.
        let result = try runCheck(["corner-text", "--mode", "fullColor", "--theme", "light"], widgets: [Self.cornerText])
        let found = result.findings.filter { $0.code == "content-under-corner" }
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.severity == "warning" && $0.message == message && $0.family == "systemSmall" })
    }

    @Test("in a right-to-left locale the leading corner is the right one, and the text's end is what it cuts")
    func cornerNamesFollowTheLayoutDirection() throws {
        let frame = try FixedClock.run {
            let session = WidgetSession(descriptor: Self.cornerText)
            let selection = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
            let options = WidgetRenderOptions(
                family: .systemSmall, device: .default, osVersion: 26, style: Theme.builtIn(.light).paintStyle(),
                date: HostClock.now, format: SystemTextFormat(locale: Locale(identifier: "ar"), timeZone: TimeZone(identifier: "UTC")!))
            return session.render(selection, options: options)
        }
        #expect(frameRows(frame).first?.hasSuffix("Corner tex▖") == true, "\(frameRows(frame))")
        #expect(frame.diagnostics.map(\.code) == ["content-under-corner"])
        #expect(
            frame.diagnostics.first?.message.hasPrefix(
                "Text(\"Corner text\") reaches the topLeading rounded corner of the systemSmall widget: iOS clips the widget to "
                    + "its rounded shape, so \"t\" there is cut off") == true, "\(frame.diagnostics)")
    }

    /// The Home Screen in light (dark has StandBy too, which removes the white container: black on black is real).
    @Test func checkFindsNoLowContrastOnTheLightHomeScreen() throws {
        let result = try runCheck(["corner-text", "--mode", "fullColor", "--theme", "light"], widgets: [Self.cornerText])
        #expect(result.findings.filter { $0.code == "low-contrast" }.map(\.summary) == [])
    }
}
