import Testing

@testable import WidgetHost

/// What a start failure says when the extension was built with another WidgetTerm: both versions and the remedy,
/// never the raw answer.
@Suite struct ProtocolMismatchTests {
    @Test func namesBothVersionsAndTheRemedy() {
        let reason = ExtensionProcess.protocolMismatch(.hello(version: 7, processID: 123))
        #expect(
            reason
                == "the extension speaks protocol 7, this WidgetTerm speaks \(ExtensionProtocol.version): rebuild the"
                + " extension with this WidgetTerm (`widgetterm preview` on its sources rebuilds it)")
        #expect(!reason.contains("processID"))
        #expect(ExtensionFailure(reason: reason).isStartFailure)
    }

    @Test func anAnswerOtherThanHelloIsAnotherProtocol() {
        let reason = ExtensionProcess.protocolMismatch(.failure("unknown request"))
        #expect(reason.hasPrefix("the extension speaks another protocol (it did not answer hello), this WidgetTerm speaks "))
        #expect(ExtensionFailure(reason: reason).isStartFailure)
    }
}
