import Foundation
import Testing
import CellRender
import WidgetHost
import WidgetKitUI

/// Records the reload requests widget code makes through `WidgetCenter`.
private final class RecordingCenter: WidgetHostInterface, @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [String] = []
    var requested: [String] { lock.withLock { kinds } }
    func reloadTimelines(ofKind kind: String) { lock.withLock { kinds.append(kind) } }
    func reloadAllTimelines() { lock.withLock { kinds.append("*") } }
}

/// A provider that asks for a reload of its kind and builds a backwards range outside any body, on the
/// provider's own task (as real providers do in `getTimeline`).
private struct ChattyProvider: TimelineProvider {
    let kind: String
    func placeholder(in context: Context) -> TimeEntry { TimeEntry(date: Date(), label: "p") }
    func getSnapshot(in context: Context, completion: @escaping (TimeEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<TimeEntry>) -> Void) {
        WidgetCenter.shared.reloadTimelines(ofKind: kind)
        let now = Date()
        _ = now...now.addingTimeInterval(-60)
        completion(Timeline(entries: [TimeEntry(date: now, label: kind)], policy: .never))
    }
}

@Suite struct HostContextTests {
    private func widget(_ kind: String) -> WidgetDescriptor {
        StaticConfiguration(kind: kind, provider: ChattyProvider(kind: kind)) { entry in
            Text(entry.label).containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall]).descriptor
    }

    @Test("each host gets its own widget code's reload requests and provider diagnostics, side by side on two threads")
    func hostsAreIsolated() async throws {
        let centers = [RecordingCenter(), RecordingCenter()]
        let hosts = centers.map { HostContext(widgetCenter: $0) }
        let selections = try await withThrowingTaskGroup(of: (Int, EntrySelection).self) { group in
            for index in 0..<2 {
                group.addTask {
                    let session = WidgetSession(descriptor: widget("kind-\(index)"), host: hosts[index])
                    return (index, try session.selectEntry(family: .systemSmall, device: .default, context: .timeline))
                }
            }
            var byIndex: [Int: EntrySelection] = [:]
            for try await (index, selection) in group { byIndex[index] = selection }
            return byIndex
        }
        #expect(centers[0].requested == ["kind-0"])
        #expect(centers[1].requested == ["kind-1"])
        for index in 0..<2 {
            let diagnostics = try #require(selections[index]).providerDiagnostics
            #expect(diagnostics.map(\.code) == ["backwards-date-range"], "host \(index)")
            #expect(hosts[index].diagnostics.drain().isEmpty, "drained by the session")
        }
        // The process's own context saw none of it.
        #expect(HostContext.process.diagnostics.drain().isEmpty)
    }

    @Test("widget code on a task it starts itself still reaches its host")
    func tasksInheritTheHost() async {
        let center = RecordingCenter()
        let host = HostContext(widgetCenter: center)
        await host.run {
            await Task { WidgetCenter.shared.reloadAllTimelines() }.value
        }
        #expect(center.requested == ["*"])
    }

    @Test("an unknown SF Symbol is reported once per render, in one wording")
    func unknownSymbolOnce() throws {
        let provider = FixedProvider(entries: { [TimeEntry(date: $0, label: "x")] }, policy: { _ in .never })
        let widget = StaticConfiguration(kind: "symbols", provider: provider) { _ in
            Image(systemName: "no.such.symbol").containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall]).descriptor
        let frame = try renderWidget(widget, family: .systemSmall)
        let unknown = frame.diagnostics.filter { $0.code == "unknown-symbol" }
        #expect(unknown.count == 1)
        #expect(unknown.first?.message == "SF Symbol \"no.such.symbol\" does not exist: iOS draws nothing, WidgetTerm draws ⍰.")
    }
}
