import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI

/// Widget code in an extension process of its own (issue 12 item 3): these tests start the real
/// `widgetterm-test-extension` (Tests/TestExtension), whose providers work, crash or hang, and check that the
/// preview's side renders through it, reports a death or a missed deadline with its reason, and lives on.
@Suite struct ExtensionProcessTests {
    /// The test extension beside the test bundle (the same build directory), else in `.build/debug`.
    static var binary: String? {
        var candidates: [String] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("widgetterm-test-extension").path)
            directory = directory.deletingLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/widgetterm-test-extension").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The extension's widgets, with an App Group store of the test's own.
    static func remote(samples: Bool = false, providerTimeLimit: TimeInterval = 20) throws -> RemoteWidgets {
        let executable = try #require(binary, "build widgetterm-test-extension first (swift build)")
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETTERM_TEST_SAMPLES"] = samples ? "1" : "0"
        environment["WIDGETTERM_APP_GROUP"] =
            TestScratch.path("widgetterm-extension")
        environment["TZ"] = "UTC"
        return try RemoteWidgets(
            launch: ExtensionProcess.Launch(executable: executable, environment: environment), providerTimeLimit: providerTimeLimit)
    }

    static func options(_ family: WidgetFamily, device: DeviceProfile = .default, scheme: ColorScheme = .light) -> WidgetRenderOptions {
        WidgetRenderOptions(
            family: family, device: device, osVersion: 26, style: PaintStyle(colorScheme: scheme), date: HostClock.now,
            format: FixedClock.utcFormat)
    }

    @Test func aWidgetRendersFromItsOwnProcessAndItsIntentRunsThere() async throws {
        let remote = try Self.remote()
        defer { remote.stopAll() }
        #expect(
            remote.widgets.map(\.kind) == ["count", "crash", "ticker", "hang", "tally", "switchboard", "push-info", "mailbox", "parcel"])
        let count = try #require(remote.descriptors.first { $0.kind == "count" })
        let session = WidgetSession(descriptor: count)
        let selection = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
        #expect(selection.entry.date == Date(timeIntervalSince1970: 0))
        let (tree, sink) = session.resolve(selection, options: Self.options(.systemSmall))
        #expect(tree.textStrings == ["Bumped 0", "Bump"])
        #expect(sink.containerBackground != nil)
        let child = try #require(remote.process(forKind: "count").processID)
        #expect(child != getpid())

        let intent = try #require(Self.intents(in: tree).first)
        #expect(intent.typeName == "BumpIntent")
        try await intent.perform()
        let after = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
        #expect(session.resolve(after, options: Self.options(.systemSmall)).content.textStrings == ["Bumped 1", "Bump"])
        #expect(remote.process(forKind: "count").processID == child)
    }

    @Test("the extension hands its WidgetPushHandler the widget token: currentPushInfo in its provider is that token")
    func currentPushInfoInTheExtension() throws {
        let remote = try Self.remote()
        defer { remote.stopAll() }
        let widget = try #require(remote.descriptors.first { $0.kind == "push-info" })
        let session = WidgetSession(descriptor: widget)
        let selection = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
        let token = ActivityPushService.token(seed: "widgets#1").hexadecimalString.prefix(8)
        #expect(session.resolve(selection, options: Self.options(.systemSmall)).content.textStrings == ["push \(token)"])
    }

    @Test func aFatalErrorInAProviderKillsOnlyItsProcess() throws {
        let remote = try Self.remote()
        defer { remote.stopAll() }
        let crash = try #require(remote.descriptors.first { $0.kind == "crash" })
        let session = WidgetSession(descriptor: crash)
        do {
            _ = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
            Issue.record("a crashing provider gave a timeline")
        } catch ProviderError.extensionFailed(let kind, let call, let failure) {
            #expect(kind == "crash")
            #expect(call == "getTimeline(in:completion:)")
            #expect(failure.reason.hasPrefix("crashed (signal "), "\(failure)")
            let frame = try #require(failure.frame)
            #expect(frame.contains("main.swift:"), "\(frame)")
            #expect(frame.hasSuffix("Fatal error: the provider exploded"), "\(frame)")
            let message = ProviderError.extensionFailed(kind: kind, call: call, failure: failure).description
            #expect(message.contains("The widget keeps its last render; the next reload starts a new extension process."))
        }
        #expect(remote.process(forKind: "crash").processID == nil)
        #expect(remote.process(forKind: "crash").launchCount == 1)

        // Another kind of the same extension still answers, and the next reload starts a new process.
        let count = try #require(remote.descriptors.first { $0.kind == "count" })
        let selection = try WidgetSession(descriptor: count).selectEntry(family: .systemSmall, device: .default, context: .timeline)
        #expect(
            WidgetSession(descriptor: count).resolve(selection, options: Self.options(.systemSmall)).content.textStrings.first == "Bumped 0"
        )
        #expect(throws: ProviderError.self) {
            try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
        }
        #expect(remote.process(forKind: "crash").launchCount == 2)
    }

    @Test func aProviderThatNeverAnswersIsEndedAtTheDeadline() throws {
        let remote = try Self.remote(providerTimeLimit: 1)
        defer { remote.stopAll() }
        let hang = try #require(remote.descriptors.first { $0.kind == "hang" })
        // The process starts (its first answer may take longer than the limit under load) before the timed call.
        _ = try remote.process(forKind: "hang").send(.describe, within: ExtensionProcess.startTimeLimit)
        let child = try #require(remote.process(forKind: "hang").processID)
        #expect(
            throws: ProviderError.extensionFailed(
                kind: "hang", call: "getTimeline(in:completion:)",
                failure: ExtensionFailure(reason: "did not answer within 1 s and was ended"))
        ) {
            try WidgetSession(descriptor: hang, callbackTimeLimit: 30).selectEntry(
                family: .systemSmall, device: .default, context: .timeline)
        }
        #expect(remote.process(forKind: "hang").processID == nil)
        #expect(kill(child, 0) == -1) // the hung process is gone
    }

    @Test func everySampleRendersTheSameThroughItsExtension() throws {
        let remote = try Self.remote(samples: true)
        defer { remote.stopAll() }
        let local = SampleWidgetBundle().widgetDescriptors.filter { !$0.isActivity }
        #expect(remote.descriptors.filter { !$0.isActivity }.map(\.kind) == local.map(\.kind))
        for widget in local {
            let twin = try #require(remote.descriptors.first { $0.kind == widget.kind })
            #expect(twin.supportedFamilies == widget.supportedFamilies)
            for family in widget.supportedFamilies {
                let device: DeviceProfile = family == .systemExtraLarge ? .iPad1024 : .default
                let expected = try renderWidget(widget, family: family, device: device)
                let actual = try renderWidget(twin, family: family, device: device)
                #expect(FrameEncoder.golden(actual.buffer) == FrameEncoder.golden(expected.buffer), "\(widget.kind) \(family)")
                #expect(actual.diagnostics == expected.diagnostics, "\(widget.kind) \(family)")
            }
        }
    }

    static func intents(in node: ViewNode) -> [IntentReference] {
        switch node {
        case .group(let children): return children.flatMap(intents)
        case .stack(let stack): return stack.children.flatMap(intents)
        case .modified(let inner, .tapTarget(.intent(let intent))): return [intent] + intents(in: inner)
        case .modified(let inner, .tapTarget(.toggle(_, let intent))): return [intent] + intents(in: inner)
        case .modified(let inner, .background(let other, _)), .modified(let inner, .overlay(let other, _)):
            return intents(in: inner) + intents(in: other)
        case .modified(let inner, _): return intents(in: inner)
        default: return []
        }
    }
}
