import Testing

@testable import WidgetTermCLI

/// Which invocations of `WidgetTermCommand.main(bundle:)` preview through extension processes: `preview` of the
/// bundle's widgets on a terminal by default, `--in-process` opting out, `--extension-processes` a no-op alias.
@Suite struct ExtensionPreviewDefaultTests {
    @Test func previewOnATerminalUsesExtensionProcessesByDefault() {
        #expect(ExtensionPreview.isolatedPreviewArguments(["preview", "water"], outputIsTerminal: true) == ["water"])
        #expect(ExtensionPreview.isolatedPreviewArguments([], outputIsTerminal: true) == [])
    }

    @Test func extensionProcessesIsAcceptedAndChangesNothing() {
        #expect(
            ExtensionPreview.isolatedPreviewArguments(["preview", "water", "--extension-processes"], outputIsTerminal: true)
                == ["water"])
    }

    @Test func inProcessBenchOtherCommandsDocumentsAndPipesStayInOneProcess() {
        #expect(ExtensionPreview.isolatedPreviewArguments(["preview", "water", "--in-process"], outputIsTerminal: true) == nil)
        #expect(ExtensionPreview.isolatedPreviewArguments(["bench", "frame"], outputIsTerminal: true) == nil)
        #expect(ExtensionPreview.isolatedPreviewArguments(["render", "water"], outputIsTerminal: true) == nil)
        #expect(ExtensionPreview.isolatedPreviewArguments(["preview", "board.json"], outputIsTerminal: true) == nil)
        #expect(ExtensionPreview.isolatedPreviewArguments(["preview", "water", "--assets", "A"], outputIsTerminal: true) == nil)
        #expect(ExtensionPreview.isolatedPreviewArguments(["preview", "water"], outputIsTerminal: false) == nil)
    }
}
