import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// App UI a widget extension compiles from files it shares with the app (docs/DECISIONS.md, "App UI shared with a
// widget extension"): ScrollView, Menu, navigationTitle, ignoresSafeArea, zIndex and @AppStorage, drawn in cells.

private enum AppViewProbe {
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    static let environment = LayoutEnvironment(
        date: date, format: SystemTextFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!))

    /// The resolved tree of `view`.
    static func node<V: View>(_ view: V) -> ViewNode { ViewResolver.resolve(view, environment: EnvironmentValues()).0 }

    /// `view` laid out and painted in a `width` × `height` area: one string per row, trailing blanks trimmed.
    static func picture<V: View>(_ view: V, width: Int, height: Int) -> [String] {
        let placed = CellLayout.layout(node(view), in: CellSize(width: width, height: height), environment: environment)
        var painter = Painter(
            size: CellSize(width: width, height: height), style: PaintStyle(colorScheme: .light), date: date,
            format: environment.format)
        painter.paint(placed)
        var rows = FrameEncoder.text(painter.frame.buffer).components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// A column of `count` one-row lines, `L1`, `L2`...
    static func lines(_ count: Int) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(1...count, id: \.self) { Text(verbatim: "L\($0)") }
        }
    }
}

private enum Speed: String { case slow, fast }

/// Reads `@AppStorage` with no store named: the environment's `defaultAppStorage`, else `.standard`.
private struct DefaultStoreProbe: View {
    @AppStorage("widgetterm-app-view-shim-mode") var mode: String = "unset"
    var body: some View { Text(verbatim: mode) }
}

@Suite struct AppViewShimTests {
    @Test("A vertical ScrollView shows its content from the top, clipped to its frame, where a VStack would squeeze")
    func scrollViewClipsFromTheTop() {
        let picture = AppViewProbe.picture(ScrollView { AppViewProbe.lines(6) }, width: 8, height: 3)
        #expect(picture.map { $0.trimmingCharacters(in: .whitespaces) } == ["L1", "L2", "L3"])
        let horizontal = AppViewProbe.picture(
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 0) {
                    Text(verbatim: "abcdef")
                    Text(verbatim: "ghijkl")
                }
            }, width: 8, height: 1)
        #expect(horizontal == ["abcdefgh"])
    }

    @Test("A Menu is drawn as its label; its items are not built")
    func menuShowsItsLabel() {
        let menu = Menu {
            Button("Delete") {}
        } label: {
            Text(verbatim: "Pick")
        }
        #expect(AppViewProbe.node(menu).textStrings == ["Pick"])
        #expect(AppViewProbe.node(Menu("Device") { Button("A") {} }).textStrings == ["Device"])
    }

    @Test("navigationTitle and ignoresSafeArea leave the view as it is")
    func navigationTitleAndSafeAreaChangeNothing() {
        let plain = AppViewProbe.node(Text(verbatim: "x").padding(2))
        #expect(AppViewProbe.node(Text(verbatim: "x").padding(2).navigationTitle("Settings")) == plain)
        #expect(AppViewProbe.node(Text(verbatim: "x").padding(2).navigationTitle(Text(verbatim: "T"))) == plain)
        #expect(AppViewProbe.node(Text(verbatim: "x").padding(2).ignoresSafeArea()) == plain)
        #expect(AppViewProbe.node(Text(verbatim: "x").padding(2).ignoresSafeArea(.keyboard, edges: .bottom)) == plain)
        #expect(SafeAreaRegions.all == [.container, .keyboard])
    }

    @Test("zIndex puts a ZStack child in front of later siblings; equal values keep the written order")
    func zIndexOrdersAZStack() {
        func picture<V: View>(@ViewBuilder _ content: () -> V) -> [String] {
            AppViewProbe.picture(ZStack { content() }, width: 12, height: 1)
        }
        let written = picture {
            Text(verbatim: "aaaaaaa")
            Text(verbatim: "bb")
        }
        let swapped = picture {
            Text(verbatim: "bb")
            Text(verbatim: "aaaaaaa")
        }
        #expect(written != swapped)
        #expect(written.joined().contains("bb"))
        // A NaN z-index counts as 0: the written order stands.
        #expect(
            picture {
                Text(verbatim: "aaaaaaa").zIndex(.nan)
                Text(verbatim: "bb")
            } == written)
        let raised = picture {
            Text(verbatim: "aaaaaaa").zIndex(1)
            Text(verbatim: "bb")
        }
        #expect(raised == swapped)
        let lowered = picture {
            Text(verbatim: "aaaaaaa")
            Text(verbatim: "bb").zIndex(-1)
        }
        #expect(lowered == swapped)
        let equalUnderPadding = picture {
            Text(verbatim: "aaaaaaa").zIndex(2).padding(0)
            Text(verbatim: "bb").zIndex(2)
        }
        #expect(equalUnderPadding == written)
        #expect(AppViewProbe.node(Text(verbatim: "x").zIndex(3)).zIndex == 3)
    }

    @Test("A Toggle over a binding shows the binding's value and has no tap target")
    func bindingToggleIsDrawnInert() {
        let on = AppViewProbe.node(Toggle("Show 2 devices", isOn: .constant(true)))
        let off = AppViewProbe.node(Toggle(isOn: .constant(false)) { Text(verbatim: "Show 2 devices") })
        #expect(on.textStrings == ["Show 2 devices", "◉"])
        #expect(off.textStrings == ["Show 2 devices", "○"])
        if case .modified(_, .tapTarget) = on { Issue.record("a binding toggle must not be a tap target") }
        _ = AnyTransition.scale.combined(with: .opacity).animation(.smooth)
    }

    @Test("@AppStorage reads the declared default until a value is stored, and writes through to UserDefaults")
    func appStorageReadsAndWritesUserDefaults() throws {
        let suite = "widgetterm-app-view-shim-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }

        let flag = AppStorage(wrappedValue: false, "2widgetMode", store: defaults)
        #expect(flag.wrappedValue == false)
        defaults.set(true, forKey: "2widgetMode")
        #expect(flag.wrappedValue == true)
        flag.projectedValue.wrappedValue = false
        #expect(defaults.object(forKey: "2widgetMode") != nil && defaults.bool(forKey: "2widgetMode") == false)

        // A web URL comes back as written (`url(forKey:)` would read the string as a file path).
        let link = AppStorage(wrappedValue: try #require(URL(string: "https://example.com/start")), "link", store: defaults)
        link.wrappedValue = try #require(URL(string: "https://example.com/a?b=1"))
        #expect(defaults.string(forKey: "link") == "https://example.com/a?b=1")
        #expect(link.wrappedValue.absoluteString == "https://example.com/a?b=1")

        let count = AppStorage(wrappedValue: 3, "count", store: defaults)
        #expect(count.wrappedValue == 3)
        count.wrappedValue = 7
        #expect(defaults.integer(forKey: "count") == 7 && count.wrappedValue == 7)

        defaults.set("not a number", forKey: "ratio")
        #expect(AppStorage(wrappedValue: 0.5, "ratio", store: defaults).wrappedValue == 0.5)

        let speed = AppStorage(wrappedValue: Speed.slow, "speed", store: defaults)
        speed.wrappedValue = .fast
        #expect(defaults.string(forKey: "speed") == "fast" && speed.wrappedValue == .fast)
        defaults.set("warp", forKey: "speed")
        #expect(speed.wrappedValue == .slow)

        let name = AppStorage<String?>("name", store: defaults)
        #expect(name.wrappedValue == nil)
        name.wrappedValue = "Desk"
        #expect(defaults.string(forKey: "name") == "Desk")
        name.wrappedValue = nil
        #expect(defaults.object(forKey: "name") == nil)
    }

    @Test("defaultAppStorage(_:) is the store of @AppStorage properties below that name none")
    func defaultAppStorageIsUsedBelow() throws {
        let suite = "widgetterm-app-view-shim-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("compact", forKey: "widgetterm-app-view-shim-mode")
        #expect(AppViewProbe.node(DefaultStoreProbe().defaultAppStorage(defaults)).textStrings == ["compact"])
    }
}
