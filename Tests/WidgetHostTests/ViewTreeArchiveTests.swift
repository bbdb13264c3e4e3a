import Foundation
import Testing
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI

/// The archive of resolved trees that crosses from the extension process to the preview: every tree the
/// built-in samples resolve decodes to an equal tree, and intents keep an id the archiving side can run.
@Suite struct ViewTreeArchiveTests {
    static let widgets = SampleWidgetBundle().widgetDescriptors

    static var familyCases: [(String, WidgetFamily)] {
        widgets.flatMap { widget in widget.supportedFamilies.map { (widget.kind, $0) } }
    }

    /// Resolves the timeline entry and the placeholder of a sample in a family, as the preview would.
    static func resolvedTrees(kind: String, family: WidgetFamily) throws -> [(String, ViewNode, ResolveSink)] {
        let widget = try #require(widgets.first { $0.kind == kind })
        let device: DeviceProfile = family == .systemExtraLarge ? .iPad1024 : .default
        return try FixedClock.run {
            let session = WidgetSession(descriptor: widget)
            let options = WidgetRenderOptions(
                family: family, device: device, osVersion: 26, style: PaintStyle(colorScheme: .dark),
                date: HostClock.now, format: FixedClock.utcFormat)
            return try [ProviderContext.timeline, .placeholder].map { context in
                let selection = try session.selectEntry(family: family, device: device, context: context)
                let (content, sink) = session.resolve(selection, options: options)
                return ("\(context)", content, sink)
            }
        }
    }

    @Test("every sample tree round-trips", arguments: familyCases)
    func sampleTreeRoundTrips(kind: String, family: WidgetFamily) throws {
        for (context, tree, sink) in try Self.resolvedTrees(kind: kind, family: family) {
            #expect(tree != .empty, "\(kind) \(family) \(context) resolved to nothing")
            let data = try ViewTreeArchive.encode(tree)
            #expect(try ViewTreeArchive.decode(data) == tree, "\(kind) \(family) \(context)")
            if let background = sink.containerBackground {
                #expect(try ViewTreeArchive.decode(ViewTreeArchive.encode(background)) == background)
            }
            let diagnostics = try JSONDecoder().decode(
                [ResolveDiagnostic].self, from: JSONEncoder().encode(sink.diagnostics))
            #expect(diagnostics == sink.diagnostics)
        }
    }

    @Test func everySampleActivityRoundTrips() throws {
        let activities = Self.widgets.compactMap { widget in widget.activity.map { (widget.kind, $0) } }
        #expect(activities.count >= 2)
        for (kind, activity) in activities {
            let script = try #require(activity.preview, "\(kind) has no preview script")
            let start = FixedClock.reference
            let contents = try script.contents(start)
            #expect(!contents.isEmpty)
            for content in contents {
                let request = ActivityResolveRequest(
                    attributes: try script.attributes(start), content: content, isStale: false)
                let resolved = try FixedClock.run { try activity.resolve(request) }
                let decoded = try ViewTreeArchive.makeDecoder().decode(
                    ResolvedActivity.self, from: ViewTreeArchive.makeEncoder().encode(resolved))
                #expect(decoded == resolved, "\(kind)")
                #expect(decoded.lockScreen != .empty)
            }
        }
    }

    @Test func infiniteFrameMaximaAndDatesKeepTheirValues() throws {
        let date = Date(timeIntervalSinceReferenceDate: 795_174_060.123_456)
        let tree = ViewNode.modified(
            .text(
                TextNode(
                    runs: [
                        TextRun(content: .date(date, style: .timer), font: Font(size: .points(13.5)), foreground: .primary)
                    ], lineLimit: nil, alignment: .center)),
            .frame(FrameSpec(maxWidth: .infinity, minHeight: -.infinity, alignment: .topLeading, isFixed: false)))
        let data = try ViewTreeArchive.encode(tree)
        #expect(String(decoding: data, as: UTF8.self).contains("\"+inf\""))
        let decoded = try ViewTreeArchive.decode(data)
        #expect(decoded == tree)
        guard case .modified(.text(let text), .frame(let frame)) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(frame.maxWidth == .infinity)
        #expect(frame.minHeight == -.infinity)
        #expect(text.runs.first?.content == .date(date, style: .timer))
    }

    @Test func catalogBitmapKeepsItsPixels() throws {
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128]
        let bitmap = CatalogBitmap(name: "Logo", pixelWidth: 2, pixelHeight: 1, scale: 2, pixels: pixels, isTemplate: true)
        let tree = ViewNode.image(
            ImageNode(
                source: .catalog(bitmap), isResizable: true, font: Font(size: .textStyle(.body)), foreground: .primary,
                templateRenderingMode: .original))
        let decoded = try ViewTreeArchive.decode(ViewTreeArchive.encode(tree))
        guard case .image(let image) = decoded, case .catalog(let copy) = image.source else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(copy.pixels == pixels)
        #expect(copy.description == "Logo 2x1@2x")
        #expect(copy.isTemplate)
        #expect(image.templateRenderingMode == .original)
    }

    @Test func aBitmapWithTheWrongPixelCountIsRefusedWithItsPath() throws {
        let json =
            #"{"image":{"_0":{"source":{"catalog":{"_0":{"name":"Logo","pixelWidth":2,"pixelHeight":2,"scale":1,"#
            + #""pixels":"AAAA","isTemplate":false}}},"isResizable":false,"font":{"size":{"points":{"_0":12}},"#
            + #""design":"default","isItalic":false,"isMonospacedDigit":false},"foreground":{"color":{"_0":"#
            + #"{"storage":{"system":{"_0":"red"}},"alpha":1}}},"isRedacted":false}}}"#
        do {
            _ = try ViewTreeArchive.decode(Data(json.utf8))
            Issue.record("a 3-byte bitmap of 2x2 pixels decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "3 bytes for a 2x2 bitmap; it needs 4 bytes per pixel")
            #expect(context.codingPath.map(\.stringValue).suffix(2) == ["_0", "pixels"])
        }
    }

    struct CountIntent: AppIntent {
        static var title: LocalizedStringResource { "Count" }
        @Parameter(title: "Step") var step: Int
        init() {}
        init(step: Int) { self.step = step }
        func perform() async throws -> some IntentResult { .result() }
    }

    @Test func anIntentCrossesAsAnIDTheArchivingSideRuns() async throws {
        let table = IntentTable()
        let reference = IntentReference(CountIntent(step: 3))
        let tree = ViewNode.modified(.empty, .tapTarget(.toggle(isOn: true, intent: reference)))
        let data = try ViewTreeArchive.encode(tree, intents: table)
        // Encoding the same intent again keeps one entry.
        _ = try ViewTreeArchive.encode(tree, intents: table)
        #expect(table.count == 1)

        let performed = PerformedIDs()
        let decoded = try ViewTreeArchive.decode(data, performer: IntentPerformer { await performed.append($0) })
        #expect(decoded == tree)
        guard case .modified(_, .tapTarget(.toggle(true, let copy))) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(copy.description == "CountIntent(step=3)")
        try await copy.perform()
        let ids = await performed.ids
        #expect(ids == ["CountIntent(step=3)"])
        let kept = try #require(table.intent(withID: ids[0]) as? CountIntent)
        #expect(kept.step == 3)

        let orphan = try ViewTreeArchive.decode(ViewTreeArchive.encode(tree))
        guard case .modified(_, .tapTarget(.toggle(_, let unrunnable))) = orphan else { return }
        await #expect(throws: ArchivedIntentError.notPerformable("CountIntent")) { try await unrunnable.perform() }
    }

    actor PerformedIDs {
        var ids: [String] = []
        func append(_ id: String) { ids.append(id) }
    }
}
