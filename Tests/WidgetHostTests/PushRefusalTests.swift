import Foundation
import Testing
import WidgetHost
import WidgetKitUI

/// The refusals of a content-changed push to a widget and to a control were four near-identical builders; they are one
/// (`ContentChangedPush.refusal(_:receiver:)`), and the entry points the push command and the preview call give its
/// refusals unchanged.
@Suite struct PushRefusalTests {
    @Test("one builder: the same sentences for a widget and a control, each with its own push type and handler type")
    func oneBuilderForBothReceivers() {
        let widget = ContentChangedPush.refusal(.withoutHandler(kind: "scores"), receiver: .widget)
        #expect(widget.code == "push-widget-without-handler")
        #expect(
            widget.message
                == "scores has no WidgetPushHandler, so iOS gives it no push token and a widget push does not reload it. "
                + "Register one with .pushHandler(MyPushHandler.self) on its WidgetConfiguration (iOS 26) and send its token "
                + "to your server.")
        let control = ContentChangedPush.refusal(.withoutHandler(kind: "focus"), receiver: .control)
        #expect(control.code == "push-control-without-handler")
        #expect(
            control.message
                == "focus has no ControlPushHandler, so iOS gives it no push token and no push can reach it. Register one "
                + "with .pushHandler(MyPushHandler.self) on its ControlWidgetConfiguration (in a control document: "
                + "\"pushHandler\": {\"storeToken\": KEY}) and send its token to your server.")
        let widgetPayload = ContentChangedPush.refusal(.withoutContentChanged, receiver: .widget)
        #expect(widgetPayload.code == "push-widget-without-content-changed")
        #expect(
            widgetPayload.message
                == "a widget push needs \"aps\": {\"content-changed\": true} (apns-push-type widgets); without it WidgetKit "
                + "ignores it.")
        let controlPayload = ContentChangedPush.refusal(.withoutContentChanged, receiver: .control)
        #expect(controlPayload.code == "push-control-without-content-changed")
        #expect(
            controlPayload.message
                == "a control push needs \"aps\": {\"content-changed\": true} (apns-push-type controls); without it the "
                + "system does not reload the control.")
    }

    @Test("the payload check answers with the builder's refusal, and nil when content-changed is true (as a Bool or 1)")
    func payloadCheckUsesTheBuilder() {
        for receiver in [ContentChangedPush.Receiver.widget, .control] {
            let refused = ContentChangedPush.contentChangedRefusal(["alert": "hi"], receiver: receiver)
            #expect(refused?.description == ContentChangedPush.refusal(.withoutContentChanged, receiver: receiver).description)
            #expect(ContentChangedPush.contentChangedRefusal(["content-changed": true], receiver: receiver) == nil)
            #expect(ContentChangedPush.contentChangedRefusal(["content-changed": 1], receiver: receiver) == nil)
        }
    }
}
