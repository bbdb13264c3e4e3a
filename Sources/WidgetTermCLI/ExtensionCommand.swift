import Foundation
import WidgetHost
import WidgetKitUI

// MARK: - A command against an extension process

/// `widgetterm render PATH`, `gallery PATH`, `check PATH`, `timeline PATH`, `list PATH`, `open PATH` and
/// `control PATH` once the extension is built: the command runs in this process, which links no widget code,
/// on widgets whose providers, bodies, activity views and control values are requests to the built program
/// (started as `WIDGETTERM_EXTENSION_SERVER=1`, one process per widget kind, as the preview does). The output
/// is the one the command gives in a single process; a crash or hang of widget code ends only its process and
/// is a finding (`extension-failed`, an error: exit status 1), as a provider that never answers is.
public enum ExtensionCommand {
    /// Runs `arguments` (the command first) on the widgets of the extension program `executable` and returns the
    /// exit status. The extension processes get the same arguments, so `--os`, `--app-group` and `--assets` are
    /// theirs too, and what they write on standard error (widget code's `print`, `Logger` lines) is passed on.
    ///
    /// - Parameters:
    ///   - firstKindFor: called with the bundle's widget kinds when the command needs a kind and none was given; it
    ///     returns the arguments to run (nil: the bundle has no widget, which `noWidget` explains, exit status 2).
    ///   - noWidget: the message for an extension that declares no widget.
    ///   - output: where the command writes (standard output by default).
    ///   - errors: where its messages go (standard error by default); the extension's own lines go to standard error.
    /// - Returns: the command's status; 2 when the extension cannot be started or described (the reason on
    ///   standard error), 1 when it dies or hangs while it describes its widgets.
    public static func run(
        executable: String, arguments: [String], environment: [String: String],
        firstKindFor: (([String]) -> [String]?)? = nil, noWidget: String = "the extension declares no widget",
        output: TextStream = StandardStream.output, errors: TextStream = StandardStream.error
    ) -> Int32 {
        let commandErrors = errors
        let errors = ControlEscapingStream(errors)
        let command = arguments.first ?? "help"
        // Widget code runs in the extension processes, which install the store themselves; this process installs
        // it for what it reads of the store (a control's intent outcome, say), as a single process does.
        if !["list", "help", "open"].contains(command) {
            do {
                try RenderSettings.installAppGroupStore(environment: environment)
            } catch {
                errors.write("widgetterm: \(MessageText.oneLine((error as? UsageError)?.message ?? "\(error)"))\n")
                return 2
            }
        }
        var launch = ExtensionProcess.Launch(executable: executable, arguments: arguments, environment: environment)
        launch.forwardsStandardError = true
        let remote: RemoteWidgets
        do {
            remote = try RemoteWidgets(
                launch: launch, providerTimeLimit: ExtensionPreview.seconds(of: "provider-timeout", in: arguments) ?? 5,
                intentTimeLimit: ExtensionPreview.seconds(of: "intent-timeout", in: arguments) ?? 5)
        } catch let failure as ExtensionFailure where !failure.isStartFailure {
            // The bundle's own code (its body, a widget's configuration) crashed or hung: a finding about the widget
            // code, not about the command line.
            errors.write("widgetterm: error: the widget extension \(executable) \(failure) while describing its widgets\n")
            return 1
        } catch {
            errors.write("widgetterm: the widget extension \(executable) \(error); nothing to run\n")
            return 2
        }
        defer { remote.stopAll() }
        var arguments = arguments
        if let firstKindFor {
            guard let chosen = firstKindFor(remote.widgets.map(\.kind)) else {
                errors.write("widgetterm: \(MessageText.oneLine(noWidget))\n")
                return 2
            }
            arguments = chosen
        }
        return WidgetTermCommand.run(
            arguments: arguments, widgets: remote.descriptors, controls: remote.controlDescriptors, environment: environment,
            output: output, errors: commandErrors)
    }
}
