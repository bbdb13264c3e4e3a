import Foundation
import Testing
import TestSupport
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

/// Every command with a PATH runs in widgetterm's own process against extension processes (issue 12 item 1):
/// `ExtensionCommand` asks the real `widgetterm-test-extension` for the widgets and runs the command on them.
/// The samples give the same bytes and statuses as in one process; a provider that crashes or hangs is a finding
/// (`extension-failed`, exit status 1) and the command still draws what iOS keeps.
@Suite struct ExtensionCommandTests {
    struct Run: Equatable {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The test extension's environment: the samples or its own bundle, an App Group store of the test's own, UTC.
    static func environment(samples: Bool) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WIDGETTERM_TEST_SAMPLES"] = samples ? "1" : "0"
        environment["WIDGETTERM_APP_GROUP"] =
            TestScratch.path("widgetterm-command")
        environment["TZ"] = "UTC"
        return environment
    }

    /// `arguments` through the extension, in a host context of the test's own (the command installs the App
    /// Group store in it), with the clock frozen as the in-process twin runs.
    static func remote(_ arguments: [String], environment: [String: String]) throws -> Run {
        let executable = try #require(ExtensionProcessTests.binary, "build widgetterm-test-extension first (swift build)")
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            HostContext().run {
                ExtensionCommand.run(
                    executable: executable, arguments: arguments, environment: environment, output: output, errors: errors)
            }
        }
        return Run(status: status, output: output.text, errors: errors.text)
    }

    /// `arguments` on the samples in this process.
    static func local(_ arguments: [String], environment: [String: String]) -> Run {
        let output = StringStream(), errors = StringStream()
        let bundle = SampleWidgetBundle()
        let status = FixedClock.run {
            HostContext().run {
                WidgetTermCommand.run(
                    arguments: arguments, widgets: bundle.widgetDescriptors, controls: bundle.controlDescriptors,
                    environment: environment, output: output, errors: errors)
            }
        }
        return Run(status: status, output: output.text, errors: errors.text)
    }

    @Test(arguments: [
        ["list"],
        ["render", "water", "--format", "text", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"],
        ["render", "weather", "--format", "json", "--family", "systemMedium", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"],
        ["gallery", "water", "--format", "text", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"],
        ["check", "water", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"],
        ["timeline", "water", "--from", "2026-11-29T09:00:00Z", "--hours", "6", "--timezone", "UTC"],
        ["open", "shop://orders/42"],
        ["control", "focus", "--format", "text"],
        ["render", "nothing-here"],
    ])
    func aCommandGivesTheSameBytesAndStatusThroughTheExtension(_ arguments: [String]) throws {
        let environment = Self.environment(samples: true)
        let remote = try Self.remote(arguments, environment: environment)
        let local = Self.local(arguments, environment: environment)
        #expect(remote.status == local.status, "\(arguments): \(remote.errors)")
        #expect(remote.output == local.output, "\(arguments)")
        #expect(remote.errors == local.errors, "\(arguments)")
        #expect(!remote.output.isEmpty || !remote.errors.isEmpty)
    }

    @Test func aProviderThatCrashesIsAFindingAndTheRenderGoesOn() throws {
        let environment = Self.environment(samples: false)
        let render = try Self.remote(["render", "crash", "--format", "text"], environment: environment)
        #expect(render.status == 1, "\(render.errors)")
        #expect(
            render.errors.contains(
                "widgetterm: error: [extension-failed] crash: the extension process crashed (signal "),
            "\(render.errors)")
        #expect(render.errors.contains("Fatal error: the provider exploded during getTimeline(in:completion:)."), "\(render.errors)")
        // The placeholder is drawn (by a new process), as iOS shows it with no earlier render.
        #expect(!render.output.isEmpty)

        let check = try Self.remote(["check", "crash", "--summary"], environment: environment)
        #expect(check.status == 1, "\(check.output)\(check.errors)")
        let gallery = try Self.remote(["gallery", "crash", "count", "--format", "text"], environment: environment)
        #expect(gallery.status == 1, "\(gallery.errors)")
        #expect(gallery.output.contains("Bumped 0"), "the other widget is drawn: \(gallery.output)")
    }

    @Test func aProviderThatHangsIsEndedAtItsDeadline() throws {
        let environment = Self.environment(samples: false)
        let render = try Self.remote(["render", "hang", "--format", "text", "--provider-timeout", "1"], environment: environment)
        #expect(render.status == 1, "\(render.errors)")
        #expect(
            render.errors.contains(
                "widgetterm: error: [extension-failed] hang: the extension process did not answer within 1 s and was ended "
                    + "during getTimeline(in:completion:)."),
            "\(render.errors)")
    }

    @Test func aMissingProgramIsAnInputError() {
        let output = StringStream(), errors = StringStream()
        let status = HostContext().run {
            ExtensionCommand.run(
                executable: "/nonexistent/widgetterm-extension", arguments: ["list"], environment: Self.environment(samples: false),
                output: output, errors: errors)
        }
        #expect(status == 2)
        #expect(errors.text.hasPrefix("widgetterm: the widget extension /nonexistent/widgetterm-extension cannot start "), "\(errors.text)")
        #expect(errors.text.hasSuffix("; nothing to run\n"))
    }
}
