import Foundation
import Testing
import TestSupport

/// `widgetterm preview FOLDER` in tmux on a copy of examples/XcodeStyle/WaterWidgetExtension (issue 12 items 4
/// and 5): the widget appears; a save changes it without a restart (the preview's pid stays) through the shared
/// library (the extension processes are the stub, and SwiftPM's program is not relinked); a body that crashes
/// keeps the last good frame with the failure in the banner; a save that does not compile shows the compiler's
/// error in the banner; a provider that crashes shows the diagnostic while the other widget keeps ticking; a
/// save that adds a widget kind adds it to the preview, the selected widget staying selected. The host is built
/// in a folder shared between runs (the first build compiles WidgetTerm too, for minutes; later ones only the
/// widget's files).
@Suite(
    .serialized,
    .tmuxInstalled,
    .enabled(
        if: SourceFolderFixture.unavailableReason == nil && TmuxSession.binary != nil,
        "needs the toolchain's SwiftSyntax host libraries and a built widgetterm"),
    .timeLimit(.minutes(30)))
struct ExtensionPreviewEndToEndTests {
    @Test func previewFolderReloadsOnSaveAndSurvivesACrash() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("extension-preview-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let sources = work.appendingPathComponent("WaterWidgetExtension")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/XcodeStyle/WaterWidgetExtension")
        try FileManager.default.copyItem(at: fixture, to: sources)
        let widgetFile = sources.appendingPathComponent("WaterWidget.swift")
        let original = try String(contentsOf: widgetFile, encoding: .utf8)
        // A host of this checkout's own (ExtensionLibraryEndToEndTests builds in it too): a host package depends on one
        // checkout, and another checkout's tests taking turns in it would compile WidgetTerm again each time.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let host = SourceFolderFixture.cache + "/extension-library-host" + checkout.path.replacingOccurrences(of: "/", with: "-")

        let tmux = try TmuxSession(width: 160, height: 50)
        var environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor", "XDG_CACHE_HOME": SourceFolderFixture.cache, "TZ": "UTC"]
        environment["PATH"] = SourceFolderFixture.environment["PATH"] ?? "/usr/bin:/bin"
        environment["TMPDIR"] = SourceFolderFixture.swiftPMTemporaryDirectory
        try tmux.launch(["preview", sources.path, "--build-dir", host], environment: environment)

        // The widget appears (after a first build that may take minutes).
        try tmux.wait(forAll: ["Water", "0 of 8"], seconds: 1500)
        let preview = try #require(try tmux.childPID())

        // A one-line save changes it without a restart.
        let swiftPMProgram = host + "/.build/debug/WaterWidgetExtension"
        let linkedBySwiftPM = try modificationDate(swiftPMProgram)
        try original.replacingOccurrences(
            of: #"Text("\(entry.glasses) of \(entry.goal)")"#, with: #"Text("\(entry.glasses) glasses of \(entry.goal)")"#
        )
        .write(to: widgetFile, atomically: true, encoding: .utf8)
        try tmux.wait(for: "0 glasses of 8", seconds: 600)
        #expect(try tmux.childPID() == preview)
        // Through the library: the widget's processes run the stub, and SwiftPM did not link its program again.
        let programs = childPrograms(of: preview)
        #expect(programs.contains(host + "/reload/widgetterm-extension-stub"), "\(programs)")
        #expect(!programs.contains(swiftPMProgram), "\(programs)")
        #expect(try modificationDate(swiftPMProgram) == linkedBySwiftPM)

        // A body that crashes: the card keeps its last good frame, and the banner says why.
        let glasses = original.replacingOccurrences(
            of: #"Text("\(entry.glasses) of \(entry.goal)")"#, with: #"Text("\(entry.glasses) glasses of \(entry.goal)")"#)
        try glasses.replacingOccurrences(
            of: "    var body: some View {\n        VStack(alignment: .leading, spacing: WaterStyle.spacing) {",
            with: "    var body: some View {\n        let _: Void = { if entry.goal > 0 { fatalError(\"the water view exploded\") } }()\n"
                + "        VStack(alignment: .leading, spacing: WaterStyle.spacing) {"
        )
        .write(to: widgetFile, atomically: true, encoding: .utf8)
        let kept = try tmux.wait(forAll: ["the water view exploded", "the last good render stays", "0 glasses of 8"], seconds: 600)
        #expect(kept.contains("while evaluating body"), "\(kept)")
        #expect(try tmux.childPID() == preview)
        try glasses.write(to: widgetFile, atomically: true, encoding: .utf8)
        try tmux.wait(forAll: ["0 glasses of 8"], without: ["the water view exploded"], seconds: 600)

        // A save that does not compile: the banner shows the error at the user's file, the last frame stays.
        let broken = sources.appendingPathComponent("Broken.swift")
        try Data("import SwiftUI\n\nlet broken: Int = \"text\"\n".utf8).write(to: broken)
        let screen = try tmux.wait(forAll: ["Broken.swift:3:", "0 glasses of 8"], seconds: 600)
        #expect(screen.contains("error:"), "\(screen)")
        #expect(try tmux.childPID() == preview)

        // A provider that crashes for the home screen families: that widget shows why, the preview lives on, and the
        // accessory widget, whose timeline the same provider still gives, keeps rendering.
        try FileManager.default.removeItem(at: broken)
        try original.replacingOccurrences(
            of: "func getTimeline(in context: Context, completion: @escaping (Timeline<WaterEntry>) -> Void) {",
            with: "func getTimeline(in context: Context, completion: @escaping (Timeline<WaterEntry>) -> Void) {\n"
                + "        if context.family != .accessoryCircular { fatalError(\"the water provider exploded\") }"
        )
        .write(to: widgetFile, atomically: true, encoding: .utf8)
        try tmux.wait(forAll: ["crashed (signal 4", "Fatal error: the water provider exploded"], seconds: 600)
        #expect(try tmux.childPID() == preview)
        try tmux.keys("w")
        let goal = try tmux.wait { $0.contains("WaterGoalWidget │ accessoryCircular") && $0.contains("⣧Water ⣼") }
        #expect(!goal.contains("no timeline"), "\(goal)")
        #expect(try tmux.childPID() == preview)

        // A save that adds a widget kind: the preview lists it, and the selected widget stays selected.
        try original.write(to: widgetFile, atomically: true, encoding: .utf8)
        let bundleFile = sources.appendingPathComponent("WaterWidgetBundle.swift")
        let bundle = try String(contentsOf: bundleFile, encoding: .utf8)
        try bundle.replacingOccurrences(of: "        WaterWidget()\n", with: "        WaterWidget()\n        TeaWidget()\n")
            .appending(
                """

                struct TeaWidget: Widget {
                    var body: some WidgetConfiguration {
                        StaticConfiguration(kind: "TeaWidget", provider: WaterProvider()) { entry in
                            Text("Tea \\(entry.glasses) cups").containerBackground(.fill.tertiary, for: .widget)
                        }
                        .supportedFamilies([.systemSmall])
                    }
                }

                """
            )
            .write(to: bundleFile, atomically: true, encoding: .utf8)
        let added = try tmux.wait(forAll: ["added TeaWidget", "WaterGoalWidget │ accessoryCircular"], seconds: 600)
        #expect(!added.contains("TeaWidget │"), "\(added)")
        // The bundle's order: WaterWidget, TeaWidget, WaterGoalWidget, then the #Preview.
        try tmux.keys("W")
        try tmux.wait(forAll: ["TeaWidget │ systemSmall", "Tea 0 cups"], seconds: 120)
        #expect(try tmux.childPID() == preview)
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0", seconds: 60)
    }

    private func modificationDate(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// The programs (`/proc/PID/exe`) of the processes whose parent is `parent`.
    private func childPrograms(of parent: pid_t) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.range(of: ") ", options: .backwards)
            else { return nil }
            let fields = stat[close.upperBound...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == parent else { return nil }
            return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/exe")
        }
    }
}
