import Foundation
import CellLayout
import CellRender
import WidgetDocument
import WidgetHost
import WidgetKitUI

// MARK: - control

/// `widgetterm control [KIND] [--placement P] [--tap N] [--format text|ansi]`: a Control Center control
/// (`ControlWidget`, iOS 18+) at each place iOS shows it, as the system runs it: the add sheet's
/// `previewValue`, then `currentValue()`; each `--tap` runs the action and asks `currentValue()` again.
/// Without a kind, lists the bundle's controls.
enum ControlCommand {
    static let placementNames = ControlPlacement.allCases.map(\.rawValue)

    static func run(
        _ arguments: [String], controls: [ControlDescriptor], environment: [String: String], output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: ["placement", "tap", "format", "color", "colors", "app-group", "assets", "param"], boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.control)
            return 0
        }
        guard let kind = parsed.positionals.first else {
            if controls.isEmpty {
                output.write("no controls in this bundle\n")
                return 0
            }
            for control in controls {
                output.write("\(control.kind)\t\(control.displayName)\t\(control.description)\n")
            }
            return 0
        }
        guard parsed.positionals.count == 1 else {
            throw UsageError("control takes one control kind, got \(parsed.positionals.joined(separator: " "))")
        }
        var documentControl: ControlDescriptor?
        if WidgetDocument.isDocumentArgument(kind) {
            do {
                documentControl = try ControlDocument(contentsOf: kind).descriptor
            } catch let error as DocumentError {
                throw UsageError(error.description)
            }
        }
        guard let descriptor = documentControl ?? controls.first(where: { $0.kind == kind }) else {
            let names = controls.map(\.kind)
            throw UsageError(
                "no control \(kind); valid controls: \(names.isEmpty ? "none in this bundle" : names.joined(separator: ", "))")
        }
        try Self.applyParameters(parsed.allValues["param"] ?? [], to: descriptor)
        var placements = ControlPlacement.allCases
        if let name = parsed["placement"] {
            guard let placement = ControlPlacement(rawValue: name) else {
                throw UsageError("--placement \(name): valid placements: \(placementNames.joined(separator: ", "))")
            }
            placements = [placement]
        }
        let taps: Int
        if let text = parsed["tap"] {
            guard let count = Int(text), (1...100).contains(count) else {
                throw UsageError("--tap needs a whole number from 1 to 100, got \(text)")
            }
            taps = count
        } else {
            taps = 0
        }
        let format = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal)
        guard format.kind == .text || format.kind == .ansi else {
            throw UsageError("control writes --format text or ansi, not \(format.kind.rawValue)")
        }

        let session = ControlSession(descriptor: descriptor)
        let preview = session.preview
        output.write("\(descriptor.kind): \(descriptor.displayName)")
        output.write(descriptor.description.isEmpty ? "\n" : " — \(descriptor.description)\n")
        output.write(
            "add sheet: \(descriptor.hasValueProvider ? "previewValue" : "no value provider") → \(ControlSession.describe(preview))\n")
        var logged = 0
        func writeLog() {
            for line in session.log[logged...] { output.write("\(line)\n") }
            logged = session.log.count
        }
        func writeFrames() {
            for placement in placements {
                output.write("\n\(placement.title)\n")
                let frame = ControlRenderer.render(session.current, placement: placement)
                output.write(format.encode(frame, widget: descriptor.kind, family: .systemSmall))
            }
        }
        writeLog()
        writeFrames()
        for _ in 0..<taps {
            output.write("\n")
            session.tap()
            writeLog()
            writeFrames()
        }
        let diagnostics =
            ControlChecks.check(session.current, kind: descriptor.kind, lacksPreviewValue: descriptor.lacksPreviewValue)
            + session.diagnostics
        errors.write(DiagnosticFormatter.text(diagnostics))
        return diagnostics.contains { $0.severity == .error } ? 1 : 0
    }

    /// Sets `--param NAME=VALUE` values on a configurable control (`AppIntentControlConfiguration`), in order.
    ///
    /// - Throws: `UsageError` for a malformed pair, a control that is not configurable, or a name or value its
    ///   intent refuses (with the valid ones).
    static func applyParameters(_ pairs: [String], to control: ControlDescriptor) throws {
        guard !pairs.isEmpty else { return }
        guard let configuration = control.configuration else {
            throw UsageError(
                "\(control.kind) is not configurable (it uses StaticControlConfiguration); --param needs an "
                    + "AppIntentControlConfiguration control")
        }
        for text in pairs {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError(IntentParameterError.malformed(text).description)
            }
            do {
                try configuration.set(String(text[..<equals]), to: String(text[text.index(after: equals)...]))
            } catch let error as IntentParameterError {
                throw UsageError("\(control.kind): \(error.description)")
            }
        }
    }
}
