import Foundation
import HostPackage
import SampleWidgets
import WidgetTermCLI

// `widgetterm render PATH ...` with a widget extension's folder, Xcode project or Swift package builds that
// extension and runs the command on its bundle; anything else runs on the built-in samples.
let arguments = Array(CommandLine.arguments.dropFirst())
if let status = SourceFolderCommand.runIfSourceFolder(
    arguments: arguments, environment: ProcessInfo.processInfo.environment, allCommands: CommandLineWords.commands,
    valuedFlags: CommandLineWords.valuedFlags)
{
    exit(status)
}
WidgetTermCommand.main(bundle: SampleWidgetBundle())
