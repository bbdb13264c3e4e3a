import Foundation
import Testing

// Issue 16 step 4 (issue 14 item 14's kind, in `gallery`): a provider that never calls its completion is a
// finding about the widget, not a usage error. The gallery draws what iOS keeps (the placeholder), names the
// callback on standard error once per widget, and exits 1, as `render` and `check` do.

@Suite struct GalleryProviderFailureTests {
    static let timedOut =
        "widgetterm: error: [provider-timed-out] silent: getTimeline(in:completion:) did not call its completion within "
        + "0.2 s; on a device the extension would be killed. The widget keeps its last render.\n"

    @Test func aProviderThatNeverAnswersDrawsThePlaceholderAndExits1() {
        let gallery = CheckFixtures.run(["gallery", "silent", "--provider-timeout", "0.2", "--format", "text"])
        #expect(gallery.status == 1)
        #expect(gallery.errors == Self.timedOut)
        #expect(gallery.output.hasPrefix("silent — silent\n  systemSmall\n"), "\(gallery.output)")
        #expect(!gallery.output.contains("ok"), "the placeholder is drawn redacted")
    }

    @Test func theOtherWidgetsAreStillDrawnAndTheFailureIsReportedOnce() {
        let gallery = CheckFixtures.run(["gallery", "fallback", "silent", "--provider-timeout", "0.2", "--format", "json"])
        #expect(gallery.status == 1)
        #expect(gallery.errors == Self.timedOut)
        #expect(gallery.output.contains("\"fallback\""))
    }

    @Test func aGalleryWhoseProvidersAnswerExits0() {
        let gallery = CheckFixtures.run(["gallery", "fallback", "--format", "text"])
        #expect(gallery.status == 0)
        #expect(gallery.errors == "")
    }
}
