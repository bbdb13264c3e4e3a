import Foundation
import Testing
import WidgetHost
@testable import WidgetTermCLI

// Issue 14 item 13: `render` reports what `check` finds for the surface it draws, legibility included
// (docs/DECISIONS.md "A caption that fits on iOS stays on its lines", point 4).

@Suite("render reports what check finds for its surface")
struct RenderSurfaceFindingTests {
    static let widgets = LegibilityFixtures.all

    @Test("contrast in vibrant mode: an error on standard error, exit 1, and in the JSON document")
    func contrastInVibrant() throws {
        let result = CondensedFixtures.run(["render", "pale-grey", "--format", "text"], widgets: Self.widgets)
        #expect(result.status == 1)
        #expect(
            result.errors.split(separator: "\n").map { $0.prefix(56) } == [
                "widgetterm: error: [low-contrast] \"Gate B12\" has contras",
                "widgetterm: error: [low-contrast] \"Boarding 9:40\" has co",
            ])
        let json = CondensedFixtures.run(["render", "pale-grey", "--format", "json"], widgets: Self.widgets)
        #expect(json.status == 1)
        #expect(json.errors.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { "\($0["severity"] ?? "-") \($0["code"] ?? "-")" } == ["error low-contrast", "error low-contrast"])
        #expect((diagnostics.first?["message"] as? String)?.hasPrefix("\"Gate B12\" has contrast 1.00:1") == true)
    }

    @Test("colours told apart only by hue in accented mode: a warning, exit 0; none in full colour")
    func hueOnlyInAccented() {
        let accented = CondensedFixtures.run(
            ["render", "status-dots", "--mode", "accented", "--theme", "tinted", "--format", "text"], widgets: Self.widgets)
        #expect(accented.status == 0)
        #expect(accented.errors.hasPrefix("widgetterm: warning: [hue-only] 2 × circle 1x1 differ only in colour"), "\(accented.errors)")
        let fullColor = CondensedFixtures.run(["render", "status-dots", "--format", "text"], widgets: Self.widgets)
        #expect(!fullColor.errors.contains("hue-only"))
    }

    @Test("the system's own notes are left out of standard error; errors, warnings and the preview's notes are not")
    func systemNotesLeftOut() {
        var condensed = Diagnostic(severity: .note, code: "text-condensed", message: "d", widget: "w")
        condensed.origin = .preview
        let findings = [
            Diagnostic(severity: .note, code: "low-contrast", message: "a", widget: "w"),
            Diagnostic(severity: .warning, code: "hue-only", message: "c", widget: "w"),
            condensed,
            Diagnostic(severity: .error, code: "low-contrast", message: "e", widget: "w"),
        ]
        #expect(
            RenderSurfaceChecks.report(findings)
                == "widgetterm: warning: [hue-only] c\nwidgetterm: note: [text-condensed] d\nwidgetterm: error: [low-contrast] e\n")
    }

    @Test("the same finding on several views is one line with its count, in first-seen order")
    func repeatedFindingsCounted() {
        let findings = [
            Diagnostic(severity: .error, code: "low-contrast", message: "\"28E\" 1.51:1", widget: "w"),
            Diagnostic(severity: .warning, code: "hue-only", message: "c", widget: "w"),
            Diagnostic(severity: .error, code: "low-contrast", message: "\"28E\" 1.51:1", widget: "w"),
            Diagnostic(severity: .error, code: "low-contrast", message: "\"28E\" 1.51:1", widget: "w"),
        ]
        #expect(
            RenderSurfaceChecks.report(findings)
                == "widgetterm: error: [low-contrast] \"28E\" 1.51:1 (×3)\nwidgetterm: warning: [hue-only] c\n")
    }

    @Test("a widget whose only findings are Apple's own .secondary label renders with nothing on standard error; JSON keeps the notes")
    func cleanWidgetRendersSilently() throws {
        let text = CheckFixtures.run(["render", "secondary", "--format", "text"])
        #expect(text.status == 0)
        #expect(text.errors.isEmpty, "\(text.errors)")
        let json = CheckFixtures.run(["render", "secondary", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { "\($0["severity"] ?? "-") \($0["code"] ?? "-")" } == ["note low-contrast"])
    }
}
