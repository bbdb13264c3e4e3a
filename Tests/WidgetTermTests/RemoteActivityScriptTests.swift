import Foundation
import Testing
import WidgetKitUI

@testable import WidgetHost

/// A Live Activity's scripted preview in an extension process: the attributes, the contents and the alerts of one start
/// come from one `activityScript` request, not one each.
@Suite struct RemoteActivityScriptTests {
    @Test("one start of the match script is one request to the extension")
    func oneRequestPerStart() throws {
        let remote = try ExtensionProcessTests.remote(samples: true)
        defer { remote.stopAll() }
        let match = try #require(remote.descriptors.first { $0.activity?.attributesType.hasSuffix("MatchAttributes") == true })
        let script = try #require(match.activity?.preview)
        let process = remote.process(forKind: match.kind)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let attributes = try script.attributes(start)
        let afterFirst = process.requestCount
        let contents = try script.contents(start)
        let alerts = try script.alertConfigurations(start)
        #expect(process.requestCount == afterFirst, "contents and alerts of the same start asked again")
        #expect(!attributes.isEmpty)
        #expect(!contents.isEmpty)
        #expect(alerts.count == contents.count)
        // Another start is another script.
        _ = try script.contents(start.addingTimeInterval(60))
        #expect(process.requestCount == afterFirst + 1)
    }
}
