import Foundation
import Testing

/// A built-in sample passes its own `check`: the countdown's timer reads on white, and its reloads fit the budget.
@Suite struct SampleCheckTests {
    @Test("countdown and its twin check clean: the timer in accessible orange on white, 24 reloads a day")
    func countdownIsClean() {
        let twin = PushTests.examples.deletingLastPathComponent().appendingPathComponent("twins/countdown.json").path
        let result = PreviewCommandTests.run(["check", "countdown", twin, "--summary"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output
                == "countdown: clean (11 notes on what iOS does)\n" + "countdown-document: clean (11 notes on what iOS does)\n")
        #expect(result.errors == "widgetterm: check: 0 errors, 0 warnings, 22 notes on 14 surfaces; 2 of 2 widgets clean\n")
        let render = PreviewCommandTests.run(["render", "countdown", "--format", "text"])
        #expect(render.status == 0)
        #expect(render.errors == "")
    }
}
