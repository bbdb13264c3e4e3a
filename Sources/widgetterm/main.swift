import Foundation
import HostPackage
import SampleWidgets
import WidgetTermCLI

// `widgetterm render PATH ...` with a widget extension's folder, Xcode project or Swift package builds that
// extension and runs the command on its bundle; anything else runs on the built-in samples.
let arguments = Array(CommandLine.arguments.dropFirst())
// `preview PATH` runs the preview here, against the built extension in processes of its own, and rebuilds it
// when one of its sources is saved.
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
    })
{
    exit(status)
}
WidgetTermCommand.main(bundle: SampleWidgetBundle())
