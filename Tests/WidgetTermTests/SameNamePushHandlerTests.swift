import Foundation
import Testing
import WidgetHost
import WidgetKitUI

/// Two push handler types of one simple name (in different scopes) are two handlers: what one reads does not count for
/// the other, and each is reported on its own.
@Suite struct SameNamePushHandlerTests {
    enum Keeping {
        struct Handler: WidgetPushHandler {
            func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) { _ = pushInfo.token }
        }
    }

    enum Dropping {
        struct Handler: WidgetPushHandler {
            func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) { _ = widgets.count }
        }
    }

    struct Entry: TimelineEntry { let date: Date }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: Date(timeIntervalSince1970: 0)) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
            completion(Entry(date: Date(timeIntervalSince1970: 0)))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [Entry(date: Date(timeIntervalSince1970: 0))], policy: .never))
        }
    }

    static func widget(_ kind: String, handler: any WidgetPushHandler.Type) -> WidgetDescriptor {
        StaticConfiguration(kind: kind, provider: Provider()) { _ in Text(kind) }
            .supportedFamilies([.systemSmall])
            .pushHandler(handler)
            .descriptor
    }

    @Test("the dropping Handler is reported beside the keeping Handler of the same name, whichever comes first")
    func sameSimpleNameIsTwoHandlers() {
        for order in [["kept", "dropped"], ["dropped", "kept"]] {
            HostContext().run {
                let widgets = order.map { Self.widget($0, handler: $0 == "kept" ? Keeping.Handler.self : Dropping.Handler.self) }
                let service = WidgetPushTokenService(widgets: widgets)
                service.issueWidgetToken()
                #expect(service.deliveries.map(\.handler) == ["Handler", "Handler"])
                let found = service.diagnostics()
                #expect(found.map(\.code) == ["push-token-not-stored"], "\(order)")
                #expect(found.map(\.widget) == ["dropped"], "\(order)")
            }
        }
    }
}
