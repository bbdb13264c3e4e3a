import Foundation
import HostPackage
import SampleWidgets
import WidgetTermCLI

// `widgetterm render PATH ...` with a widget extension's folder, Xcode project or Swift package builds that
// extension and runs the command on its bundle; anything else runs on the built-in samples.
let arguments = Array(CommandLine.arguments.dropFirst())
// Every command with a PATH runs here against the built extension in processes of its own, so this process links
// no widget code; `preview PATH` also rebuilds it when one of its sources is saved.
let environment = ProcessInfo.processInfo.environment
if let status = SourceFolderCommand.runIfSourceFolder(
    arguments: arguments, environment: environment, allCommands: CommandLineWords.commands,
    valuedFlags: CommandLineWords.valuedFlags,
    preview: { launch in
        let widgetterm = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        // The stub loads the library these name; the rebuild command then rebuilds that library alone.
        var previewEnvironment = environment.merging(launch.environment) { _, new in new }
        previewEnvironment[SourceFolderCommand.reloadBuildVariable] = nil
        return ExtensionPreview.run(
            executable: launch.executable, arguments: launch.arguments, environment: previewEnvironment,
            reload: ExtensionPreview.Reload(
                folders: launch.watchedFolders, command: [widgetterm] + launch.rebuildArguments,
                environment: [SourceFolderCommand.reloadBuildVariable: "1"]),
            notices: launch.leftOut.map(\.summary))
    },
    command: { launch in
        ExtensionCommand.run(
            executable: launch.executable, arguments: launch.commandLine(firstKind: nil), environment: environment,
            firstKindFor: launch.needsFirstKind ? { kinds in kinds.first.map { launch.commandLine(firstKind: $0) } } : nil,
            noWidget: "\(launch.path) declares no widget: its @main bundle's body is empty")
    })
{
    exit(status)
}
WidgetTermCommand.main(bundle: SampleWidgetBundle())
