import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - gallery

/// Prints every widget in every family it supports (what `widgetterm` shows until the interactive preview).
enum GalleryCommand {
    static func run(_ arguments: [String], widgets: [WidgetDescriptor], environment: [String: String],
                    output: TextStream, errors: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: RenderSettings.valuedFlags, boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.gallery)
            return 0
        }
        let settings = try RenderSettings(parsed)
        let outputFormat = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal)
        if let at = settings.at { HostClock.set(at) }
        let selected = try parsed.positionals.map { try widget(named: $0, in: widgets) }
        for descriptor in selected.isEmpty ? widgets : selected {
            let session = try settings.session(for: descriptor)
            output.write(TerminalText.escaped("\(descriptor.displayName) — \(descriptor.kind)") + "\n")
            if descriptor.isActivity {
                output.write(ActivityRenderCommand.gallery(descriptor, settings: settings, format: outputFormat))
                continue
            }
            for family in descriptor.supportedFamilies where settings.device.size(of: family) != nil {
                if let only = settings.family, only != family { continue }
                let selection = try session.selectEntry(family: family, device: settings.device, context: settings.context)
                let frame = session.render(selection, options: settings.options(family: family, date: HostClock.now))
                output.write("  \(family)\n")
                output.write(outputFormat.encode(frame, widget: descriptor.kind, family: family, style: settings.style(for: family),
                                                 theme: settings.theme(for: family))
                    .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 }.joined(separator: "\n") + "\n\n")
            }
        }
        return 0
    }
}
