import Foundation
import Testing
import TestSupport

/// The canvas controls in the real binary under tmux (issue 15 item 17).
@Suite(.serialized, .tmuxInstalled)
struct CanvasControlsTmuxTests {
    @Test("the timeline panel, the context, device, scheme, iOS and locale keys in a real terminal")
    func canvasKeys() throws {
        let session = try TmuxSession()
        try session.launch(["preview", "departures", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"])
        try session.wait(forAll: ["Timeline (timeline)", "iphone-430 · iOS 26 · en_US · light", "▶ 1  2026-11-29 09:00:00"])
        try session.keys("d")
        try session.wait(forAll: ["device → iphone-393", "iphone-393 · iOS 26 · en_US · light", "departures │ systemSmall │ fullColor"])
        try session.keys("o")
        try session.wait(for: "iphone-393 · iOS 14 · en_US · light")
        try session.keys("l")
        try session.wait(for: "iphone-393 · iOS 14 · en_GB · light")
        try session.keys("a", "a")
        try session.wait(for: "iphone-393 · iOS 14 · en_GB · dark")
        try session.keys("c")
        try session.wait(forAll: ["Timeline (placeholder)", "placeholder context"])
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}
