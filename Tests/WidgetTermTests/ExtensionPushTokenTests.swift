import ChildProcesses
import Foundation
import Testing
import WidgetHost

/// A control's push handler runs in the extension process (`controlPushTokens`), so `check` on a source folder reports
/// `push-token-not-stored` for a handler that never reads its token, as it does for the built-in samples in one process,
/// and the preview's `U` and `push --to CONTROL` reach a control whose code is in the extension.
@Suite struct ExtensionPushTokenTests {
    /// `check KINDS --format json` through the test extension: each finding as "widget code severity".
    static func findings(_ kinds: [String], samples: Bool) throws -> (status: Int32, findings: [String], messages: [String]) {
        let run = try ExtensionCommandTests.remote(
            ["check"] + kinds + ["--format", "json", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"],
            environment: ExtensionCommandTests.environment(samples: samples))
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]],
            "check printed no JSON list of findings (status \(run.status)): \(run.output) \(run.errors)")
        return (
            run.status, parsed.map { "\($0["widget"] as? String ?? "") \($0["code"] as? String ?? "") \($0["severity"] as? String ?? "")" },
            parsed.map { $0["message"] as? String ?? "" }
        )
    }

    @Test("check on the extension: the handler that drops its token is push-token-not-stored, named by its type there")
    func droppedTokenIsFound() throws {
        let result = try Self.findings(["doorbell", "chime"], samples: false)
        #expect(result.status == 0, "a warning only")
        #expect(result.findings == ["doorbell push-token-not-stored warning"])
        #expect(
            result.messages.first?.hasPrefix(
                "DoorbellTokenHandler.pushTokensDidChange(controls:) was given a new token for doorbell and never read the control's "
                    + "pushInfo?.token") == true, "\(result.messages)")
        let chime = try Self.findings(["chime"], samples: false)
        #expect(chime.status == 0)
        #expect(chime.findings == [])
    }

    @Test("check on the extension: a widget handler that drops its token is push-token-not-stored, named by its type there")
    func droppedWidgetTokenIsFound() throws {
        let result = try Self.findings(["mailbox"], samples: false)
        // (mailbox's white background also draws a low-contrast error of its own in dark mode: not this test's.)
        #expect(result.findings.filter { $0.contains(" push-") } == ["mailbox push-token-not-stored warning"], "\(result.findings)")
        let message = try #require(result.messages.first { $0.hasPrefix("MailboxTokenHandler") })
        #expect(
            message
                == "MailboxTokenHandler.pushTokenDidChange(_:widgets:) was given a new token for the widgets and never read "
                + "pushInfo.token: a token is valid only until the next call, so pushes sent to the old one stop reaching mailbox. "
                + "Send each new token to your server.")
        // push-info's handler reads its token in the extension: nothing to report.
        let keeping = try Self.findings(["push-info"], samples: false)
        #expect(!keeping.findings.contains { $0.contains(" push-") }, "\(keeping.findings)")
    }

    /// `check KINDS --format json` run by the test extension itself, in one process: each finding's widget and code.
    static func oneProcessFindings(_ kinds: [String]) throws -> [String] {
        let executable = try #require(ExtensionProcessTests.binary, "build widgetterm-test-extension first (swift build)")
        let process = ChildProcess(
            executable: executable,
            arguments: ["check"] + kinds + ["--format", "json", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"])
        var environment = ExtensionCommandTests.environment(samples: false)
        environment[ExtensionProtocol.serverEnvironmentVariable] = nil
        process.environment = environment
        let output = Pipe()
        process.standardOutput = .pipe(output)
        process.standardError = .nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return parsed.map { "\($0["widget"] as? String ?? "") \($0["code"] as? String ?? "")" }
    }

    @Test("a timeline that reads currentPushInfo stores the token: no push-token-not-stored, in one process or two")
    func timelineReadCountsInTheExtension() throws {
        // parcel's handler ignores its token, but its timeline reads WidgetCenter.shared.currentPushInfo.token.
        let twoProcesses = try Self.findings(["parcel"], samples: false)
        #expect(!twoProcesses.findings.contains { $0.contains(" push-") }, "\(twoProcesses.findings)")
        let oneProcess = try Self.oneProcessFindings(["parcel"])
        #expect(twoProcesses.findings.map { String($0.split(separator: " ").dropLast().joined(separator: " ")) } == oneProcess)
        // Reading it in one widget's timeline stores the extension's one token for every handler, as in one process.
        let both = try Self.findings(["mailbox", "parcel"], samples: false)
        #expect(!both.findings.contains { $0.contains(" push-") }, "\(both.findings)")
        #expect(try Self.oneProcessFindings(["mailbox", "parcel"]).filter { $0.contains(" push-") } == [])
        // And mailbox alone, whose timeline does not read it, is reported both ways.
        #expect(try Self.oneProcessFindings(["mailbox"]).contains("mailbox push-token-not-stored"))
    }

    @Test("the widget handler runs in the extension: its stand-in here carries the type's name there, and one call per type")
    func widgetHandlerStandIn() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let widgets = remote.descriptors.filter { $0.kind == "mailbox" || $0.kind == "push-info" }
        #expect(widgets.map(\.pushHandlerName) == ["TokenKeepingHandler", "MailboxTokenHandler"])
        let service = WidgetPushTokenService(widgets: widgets)
        let token = try #require(service.issueWidgetToken())
        #expect(service.deliveries.map(\.handler) == ["TokenKeepingHandler", "MailboxTokenHandler"])
        #expect(service.deliveries.map(\.kinds) == [["push-info"], ["mailbox"]])
        // TokenKeepingHandler read the token in the extension, MailboxTokenHandler did not: one finding, for mailbox.
        #expect(service.diagnostics().map(\.code) == ["push-token-not-stored"])
        #expect(service.diagnostics().first?.widget == "mailbox")
        #expect(service.diagnostics().first?.values["token"] == token.hexadecimalString)
    }

    @Test("two handler types of one simple name in the extension are two handlers, each called once per token")
    func sameNamedHandlersAreTwoCalledOncePerToken() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let kinds = ["porch-bell", "gate-bell"]
        let controls = remote.controlDescriptors.filter { kinds.contains($0.kind) }
        // Diagnostics name them as the code does; the wire tells them apart by their fully qualified names.
        #expect(controls.map(\.pushHandlerName) == ["BellHandler", "BellHandler"])
        let ids = remote.controls.filter { kinds.contains($0.kind) }.compactMap(\.pushHandlerID)
        #expect(ids.count == 2 && ids[0].hasSuffix(".Porch.BellHandler") && ids[1].hasSuffix(".Gate.BellHandler"), "\(ids)")
        // Each title counts its handler's calls in the control's own process.
        func titles() -> [String] { controls.map { $0.previewTemplate().title } }
        // Starting the processes called no handler: only the preview calls them.
        #expect(titles() == ["Porch bell 0", "Gate bell 0"])
        let service = WidgetPushTokenService(widgets: [], controls: controls)
        service.issueControlTokens()
        #expect(titles() == ["Porch bell 1", "Gate bell 1"])
        #expect(service.deliveries.map(\.handler) == ["BellHandler", "BellHandler"])
        // Each read its own control's token: stored, nothing to report.
        #expect(service.diagnostics().isEmpty, "\(service.diagnostics().map(\.message))")
        service.issueControlTokens(kinds: ["gate-bell"])
        // Every push-enabled control's information goes to every handler type, as on iOS: both are called again.
        #expect(titles() == ["Porch bell 2", "Gate bell 2"])
    }

    @Test("the samples through the extension: add-water's handler keeps its token, so check says what it says in one process")
    func samplesAgree() throws {
        let arguments = ["check", "add-water", "--format", "json", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"]
        let environment = ExtensionCommandTests.environment(samples: true)
        let remote = try ExtensionCommandTests.remote(arguments, environment: environment)
        let local = ExtensionCommandTests.local(arguments, environment: environment)
        #expect(remote.status == 0, "\(remote.errors)")
        #expect(remote == local)
    }

    @Test("push --to add-water through the extension: the handler there gets the token, the control reloads, as in one process")
    func controlPushThroughTheExtension() throws {
        let payload = PushTests.examples.appendingPathComponent("content-changed.json").path
        let arguments = ["push", payload, "--to", "add-water", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"]
        let environment = ExtensionCommandTests.environment(samples: true)
        let remote = try ExtensionCommandTests.remote(arguments, environment: environment)
        let local = ExtensionCommandTests.local(arguments, environment: environment)
        #expect(remote.status == 0, "\(remote.errors)")
        #expect(!remote.errors.contains("push-control-without-handler"), "\(remote.errors)")
        #expect(remote == local)
    }
}
