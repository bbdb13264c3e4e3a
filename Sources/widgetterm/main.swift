import Foundation
import HostPackage
import SampleWidgets
import WidgetTermCLI

// `widgetterm render PATH ...` with the folder of a widget extension's sources builds that extension and
// runs the command on its bundle; anything else runs on the built-in samples.
let arguments = Array(CommandLine.arguments.dropFirst())
// `preview PATH` runs the preview here, against the built extension in processes of its own.
let environment = ProcessInfo.processInfo.environment
if let status = SourceFolderCommand.runIfSourceFolder(
    arguments: arguments, environment: environment,
    preview: { executable, previewArguments in
        ExtensionPreview.run(
            executable: executable, arguments: previewArguments, environment: environment,
            reload: sourceReload(arguments))
    })
{
    exit(status)
}
WidgetTermCommand.main(bundle: SampleWidgetBundle())

/// Swift hot reload for `preview FOLDER`: watch the folder, and rebuild with `widgetterm list FOLDER` (the same
/// build, incremental, with the same `--build-dir`).
func sourceReload(_ arguments: [String]) -> ExtensionPreview.Reload? {
    var rest = arguments.first == "preview" ? Array(arguments.dropFirst()) : arguments
    guard let folder = rest.first, !folder.hasPrefix("-") else { return nil }
    rest.removeFirst()
    var command = [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, "list", folder]
    for (index, argument) in rest.enumerated() {
        if argument == "--build-dir", index + 1 < rest.count { command += [argument, rest[index + 1]] }
        if argument.hasPrefix("--build-dir=") { command.append(argument) }
    }
    return ExtensionPreview.Reload(folder: URL(fileURLWithPath: folder).standardizedFileURL.path, command: command)
}
