import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// Issue 11 item 6: the SwiftUI and WidgetKit API that real widget code uses, each resolved into the ViewNode
// tree or laid out and painted in cells as iOS draws it.

// MARK: - Harness

private let apiTestDate = Date(timeIntervalSince1970: 1_700_000_000)

private enum APIProbe {
    static let environment = LayoutEnvironment(
        date: apiTestDate,
        format: SystemTextFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))

    /// The resolved tree of `view` and the sink that saw it.
    static func resolve<V: View>(_ view: V) -> (ViewNode, ResolveSink) {
        ViewResolver.resolve(view, environment: EnvironmentValues())
    }

    /// `view` laid out and painted in a `width` × `height` area: one string per row, trailing blanks trimmed.
    static func picture<V: View>(_ view: V, width: Int, height: Int) -> [String] {
        let placed = CellLayout.layout(resolve(view).0, in: CellSize(width: width, height: height), environment: environment)
        var painter = Painter(
            size: CellSize(width: width, height: height), style: PaintStyle(colorScheme: .light),
            date: apiTestDate, format: environment.format)
        painter.paint(placed)
        var rows = FrameEncoder.text(painter.frame.buffer).components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The characters of every text node in `node`, in tree order.
    static func strings(in node: ViewNode) -> [String] {
        switch node {
        case .text(let text):
            return [
                text.runs.map { run -> String in
                    if case .verbatim(let string) = run.content { return string }
                    return "?"
                }.joined()
            ]
        case .group(let children): return children.flatMap(strings(in:))
        case .stack(let stack): return stack.children.flatMap(strings(in:))
        case .modified(let inner, _): return strings(in: inner)
        default: return []
        }
    }
}

private struct APIEntry: TimelineEntry {
    let date: Date
}

private struct APIProvider: TimelineProvider {
    func placeholder(in context: Context) -> APIEntry { APIEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (APIEntry) -> Void) { completion(APIEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<APIEntry>) -> Void) {
        completion(Timeline(entries: [APIEntry(date: Date())], policy: .never))
    }
}

/// Shows the content size category its `@Environment(\.sizeCategory)` reads.
private struct SizeCategoryProbe: View {
    @Environment(\.sizeCategory) var sizeCategory
    var body: some View { Text(verbatim: "\(sizeCategory) \(sizeCategory.isAccessibilityCategory)") }
}

@Suite("Widget API (issue 11 item 6)")
struct WidgetAPITests {
    // MARK: Text and configuration

    @Test("Text(_:comment:) and Text(_:tableName:bundle:comment:) show the key; a table other than Localizable is reported")
    func textWithComment() {
        let (node, sink) = APIProbe.resolve(VStack { Text("Steps", comment: "a count") })
        #expect(APIProbe.strings(in: node) == ["Steps"])
        #expect(sink.diagnostics.isEmpty)
        let (other, otherSink) = APIProbe.resolve(Text("Hi", tableName: "Widget", bundle: .main, comment: "greeting"))
        #expect(APIProbe.strings(in: other) == ["Hi"])
        #expect(otherSink.diagnostics.map(\.code) == ["string-table-not-read"])
        let (_, localizableSink) = APIProbe.resolve(Text("Hi", tableName: "Localizable", comment: "greeting"))
        #expect(localizableSink.diagnostics.isEmpty)
    }

    @Test("configurationDisplayName and description take a Text")
    func configurationTakesText() {
        let descriptor = StaticConfiguration(kind: "k", provider: APIProvider()) { _ in Text("x") }
            .configurationDisplayName(Text("Daily steps"))
            .description(Text(verbatim: "Your steps") + Text(" today"))
            .descriptor
        #expect(descriptor.displayName == "Daily steps")
        #expect(descriptor.description == "Your steps today")
    }

    @Test("@Environment(\\.sizeCategory) reads the Dynamic Type size under its older name, and writes it")
    func sizeCategory() {
        #expect(APIProbe.strings(in: APIProbe.resolve(SizeCategoryProbe()).0) == ["large false"])
        let changed = SizeCategoryProbe().environment(\.sizeCategory, .accessibilityLarge)
        #expect(APIProbe.strings(in: APIProbe.resolve(changed).0) == ["accessibilityLarge true"])
        var environment = EnvironmentValues()
        environment.sizeCategory = .extraSmall
        #expect(environment.dynamicTypeSize == .xSmall)
        environment.dynamicTypeSize = .accessibility5
        #expect(environment.sizeCategory == .accessibilityExtraExtraExtraLarge)
        #expect(ContentSizeCategory.allCases.count == 12)
    }
}
