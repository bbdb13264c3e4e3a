import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import WidgetDocument
@testable import WidgetKitUI

// Issue 11 item 6: the SwiftUI and WidgetKit API that real widget code uses, each resolved into the ViewNode
// tree or laid out and painted in cells as iOS draws it.

// MARK: - Harness

private typealias APIProbe = ViewProbe
private let apiTestDate = ViewProbe.date

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

/// A body that computes a value, then returns its view with an explicit `return` (the builder is not applied).
private struct ReturningBody: View {
    let count: Int
    var body: some View {
        let label = "\(count) steps"
        return VStack { Text(verbatim: label) }
    }
}

/// A view built in a `@ViewBuilder` closure whose one statement is an explicit `return`.
private func returningBuilder(_ flag: Bool) -> some View {
    VStack {
        return HStack {
            Text(verbatim: "a")
            if flag { Text(verbatim: "b") }
        }
    }
}

private struct EmptyOnOldSystems: Widget {
    var body: some WidgetConfiguration { EmptyWidgetConfiguration() }
}

private struct RealWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "real", provider: APIProvider()) { _ in Text("x") }
    }
}

private struct MixedBundle: WidgetBundle {
    var body: some Widget {
        EmptyOnOldSystems()
        RealWidget()
    }
}

/// Puts brackets around its content and names the family its `@Environment` reads.
private struct Bracketed: ViewModifier {
    @Environment(\.widgetFamily) var family
    func body(content: Content) -> some View {
        HStack(spacing: 0) {
            Text(verbatim: "[")
            content
            Text(verbatim: "]\(family == .systemSmall ? "s" : "?")")
        }
    }
}

/// Reads its `@State`'s initial value; `bumps` changes it while the body runs.
private struct Counter: View {
    @State private var count = 3
    let bumps: Bool
    var body: some View {
        if bumps { count += 1 }
        return Text(verbatim: "\(count)")
    }
}

/// Reads `\.layoutDirection` and calls `\.openURL` while its body runs.
private struct DirectionProbe: View {
    @Environment(\.layoutDirection) var direction
    @Environment(\.openURL) var openURL
    let opens: Bool
    var body: some View {
        if opens { openURL(URL(string: "steps://today")!) }
        return Text(verbatim: "\(direction)")
    }
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

    // MARK: View builders and styles

    @Test("an explicit return in a body or a @ViewBuilder function resolves its view")
    func explicitReturn() {
        #expect(APIProbe.strings(in: APIProbe.resolve(ReturningBody(count: 3)).0) == ["3 steps"])
        #expect(APIProbe.strings(in: APIProbe.resolve(returningBuilder(true)).0) == ["a", "b"])
        #expect(APIProbe.strings(in: APIProbe.resolve(returningBuilder(false)).0) == ["a"])
    }

    @Test(".hidden() keeps its space, draws nothing and does not react to taps")
    func hidden() {
        let view = HStack(spacing: 0) {
            Button(intent: NoteIntent()) { Text(verbatim: "ab") }.hidden()
            Text(verbatim: "cd")
        }
        #expect(APIProbe.picture(view, width: 4, height: 1) == ["  cd"])
        #expect(APIProbe.frame(view, width: 4, height: 1).tapRegions.isEmpty)
        let shown = HStack(spacing: 0) {
            Button(intent: NoteIntent()) { Text(verbatim: "ab") }
            Text(verbatim: "cd")
        }
        #expect(APIProbe.picture(shown, width: 4, height: 1) == ["abcd"])
        #expect(APIProbe.frame(shown, width: 4, height: 1).tapRegions.count == 1)
    }

    @Test("EmptyWidgetConfiguration declares no widget in a bundle")
    func emptyWidgetConfiguration() {
        #expect(MixedBundle().widgetDescriptors.map(\.kind) == ["real"])
        #expect(EmptyWidgetConfiguration().descriptor.supportedFamilies.isEmpty)
    }

    @Test("buttonStyle(.bordered / .borderedProminent) draws the label on a capsule of the tint")
    func borderedButtons() throws {
        func button() -> some View { Button(intent: NoteIntent()) { Text(verbatim: "Go") } }
        let plain = APIProbe.frame(button().buttonStyle(.plain), width: 8, height: 3)
        let bordered = APIProbe.frame(button().buttonStyle(.bordered), width: 8, height: 3)
        let prominent = APIProbe.frame(button().buttonStyle(.borderedProminent).tint(.red), width: 8, height: 3)
        // `Go` is 2 glyphs whose points need 3 cells, so the button is 3 columns centred in 8 (2–4), its glyphs
        // centred in them (3–4).
        #expect(frameRows(plain) == ["", "   Go", ""])
        #expect((0..<8).allSatisfy { plain.buffer[$0, 1].background == nil }, "a plain button draws no fill")
        // The capsule: the label's row from column 0 to 6 (12 pt of padding each side is two columns).
        #expect(frameRows(bordered) == ["", "   Go", ""])
        let filled = (0..<8).filter { bordered.buffer[$0, 1].background != nil }
        #expect(filled == Array(0...6))
        #expect(bordered.buffer[1, 1].background == RGB(0xD9, 0xEB, 0xFF), "the accent blue at 15 % over white")
        #expect(bordered.buffer[3, 1].foreground == RGB(0x00, 0x7A, 0xFF), "the label in the tint")
        #expect(bordered.buffer[3, 0].background == nil && bordered.buffer[3, 2].background == nil)
        #expect((0..<8).filter { prominent.buffer[$0, 1].background != nil } == Array(0...6))
        #expect(prominent.buffer[1, 1].background == RGB(0xFF, 0x3B, 0x30), "filled with the tint")
        #expect(prominent.buffer[3, 1].foreground == RGB(0xFF, 0xFF, 0xFF), "the label in white")
        #expect(bordered.tapRegions.count == 1 && prominent.tapRegions.count == 1)
    }

    @Test(".disabled(true): a button or toggle draws dimmed and a tap does nothing")
    func disabled() {
        let enabled = APIProbe.frame(Button(intent: NoteIntent()) { Text(verbatim: "Go") }, width: 4, height: 1)
        let disabled = APIProbe.frame(Button(intent: NoteIntent()) { Text(verbatim: "Go") }.disabled(true), width: 4, height: 1)
        #expect(enabled.tapRegions.count == 1)
        #expect(disabled.tapRegions.isEmpty)
        #expect(frameRows(disabled) == [" Go"])
        #expect(enabled.buffer[1, 0].foreground == RGB(0, 0, 0), "an enabled plain button draws its label in the primary colour")
        #expect(disabled.buffer[1, 0].foreground != enabled.buffer[1, 0].foreground, "a disabled one is dimmed")
        #expect(disabled.buffer[1, 0].foreground != nil)
        let reEnabled = APIProbe.frame(
            VStack { Button(intent: NoteIntent()) { Text(verbatim: "Go") }.disabled(false) }.disabled(true), width: 4, height: 1)
        #expect(reEnabled.tapRegions.isEmpty, "disabled(false) inside does not undo an enclosing disabled(true)")
        let toggle = Toggle(isOn: true, intent: NoteIntent()) { Text(verbatim: "On") }
        #expect(APIProbe.frame(toggle, width: 8, height: 1).tapRegions.count == 1)
        #expect(APIProbe.frame(toggle.disabled(true), width: 8, height: 1).tapRegions.isEmpty)
    }

    // MARK: Behaviour

    @Test("AnyTransition.move(edge:) and .combined(with:) are accepted and the view shows its final state")
    func transitions() {
        let moving = Text(verbatim: "hi").transition(.move(edge: .top).combined(with: .opacity))
        let asymmetric = Text(verbatim: "hi").transition(.asymmetric(insertion: .slide, removal: .offset(x: 4)))
        #expect(APIProbe.resolve(moving).0 == APIProbe.resolve(Text(verbatim: "hi")).0)
        #expect(APIProbe.picture(asymmetric, width: 2, height: 1) == ["hi"])
    }

    @Test(".modifier(_:) calls the modifier's body(content:) once, which places the content and reads the environment")
    func viewModifier() {
        let view = Text(verbatim: "hi").modifier(Bracketed())
        #expect(APIProbe.picture(view, width: 5, height: 1) == ["[hi]s"])
        let (_, sink) = APIProbe.resolve(view)
        #expect(sink.bodyEvaluations == 1)
        let inStack = VStack(spacing: 0) { Text(verbatim: "a").modifier(Bracketed()) }
        #expect(APIProbe.strings(in: APIProbe.resolve(inStack).0) == ["[", "a", "]s"])
    }

    @Test("@State: a widget body reads the initial value; a change is reported, as nothing redraws an archived widget")
    func state() {
        let (node, sink) = APIProbe.resolve(Counter(bumps: false))
        #expect(APIProbe.strings(in: node) == ["3"])
        #expect(sink.diagnostics.isEmpty)
        let (changed, changedSink) = APIProbe.resolve(Counter(bumps: true))
        #expect(APIProbe.strings(in: changed) == ["4"])
        #expect(changedSink.diagnostics.map(\.code) == ["state-never-redraws"])
        let binding = Binding.constant(2)
        binding.wrappedValue = 5
        #expect(binding.wrappedValue == 2)
    }

    // MARK: Text and symbol details

    @Test(".textCase(_:) upper- or lowercases the text below in the environment's locale; nil leaves it")
    func textCase() {
        let view = VStack(spacing: 0) {
            Text(verbatim: "Steps today")
            Text(verbatim: "MiXeD").textCase(.lowercase)
            Text(verbatim: "As written").textCase(nil)
        }.textCase(.uppercase)
        // `STEPS TODAY` is 105.5 pt in points, 13 cells: the text takes them, the stack fills the 13 columns, and each
        // text's glyphs are centred in it, as the stack centres its texts.
        #expect(APIProbe.picture(view, width: 13, height: 3) == [" STEPS TODAY", "    mixed", " As written"])
        var turkish = EnvironmentValues()
        turkish.locale = Locale(identifier: "tr_TR")
        let dotted = ViewResolver.resolve(Text(verbatim: "istanbul").textCase(.uppercase), environment: turkish).0
        #expect(APIProbe.strings(in: dotted) == ["İSTANBUL"])
    }

    @Test(".symbolVariant(.fill) picks the filled symbol name; the glyph table falls back to the plain one")
    func symbolVariant() {
        func name(_ node: ViewNode) -> String? {
            switch node {
            case .image(let image): if case .systemSymbol(let name) = image.source { return name }
            case .modified(let inner, _): return name(inner)
            default: break
            }
            return nil
        }
        #expect(name(APIProbe.resolve(Image(systemName: "heart").symbolVariant(.fill)).0) == "heart.fill")
        #expect(name(APIProbe.resolve(Image(systemName: "heart.fill").symbolVariant(.fill)).0) == "heart.fill")
        #expect(name(APIProbe.resolve(Image(systemName: "bell").symbolVariant(.slash.circle.fill)).0) == "bell.slash.circle.fill")
        #expect(name(APIProbe.resolve(Image(systemName: "heart").symbolVariant(.none)).0) == "heart")
        #expect(APIProbe.picture(Image(systemName: "star"), width: 1, height: 1) == ["✩"])
        #expect(APIProbe.picture(Image(systemName: "star").symbolVariant(.fill), width: 1, height: 1) == ["✭"])
        #expect(APIProbe.picture(HStack { Image(systemName: "circle") }.symbolVariant(.fill), width: 1, height: 1) == ["⬤"])
        // No glyph for `bell.slash.circle.fill`: the table falls back to the nearest name it has, `bell.slash`.
        #expect(APIProbe.picture(Image(systemName: "bell").symbolVariant(.slash.circle.fill), width: 2, height: 1) == ["🔕"])
        #expect(APIProbe.resolve(Image(systemName: "heart").imageScale(.large)).0 == APIProbe.resolve(Image(systemName: "heart")).0)
    }

    @Test(".shadow, .blur and .scaleEffect draw the view as it is and report effect-not-drawn; scaleEffect(0) draws nothing")
    func effects() {
        let (shadowed, shadowSink) = APIProbe.resolve(Text(verbatim: "hi").shadow(radius: 2))
        #expect(shadowed == APIProbe.resolve(Text(verbatim: "hi")).0)
        #expect(shadowSink.diagnostics.map(\.code) == ["effect-not-drawn"])
        #expect(APIProbe.resolve(Text(verbatim: "hi").blur(radius: 3)).1.diagnostics.map(\.code) == ["effect-not-drawn"])
        let (scaled, scaleSink) = APIProbe.resolve(Text(verbatim: "hi").scaleEffect(1.5))
        #expect(scaled == APIProbe.resolve(Text(verbatim: "hi")).0)
        #expect(scaleSink.diagnostics.map(\.code) == ["effect-not-drawn"])
        #expect(APIProbe.resolve(Text(verbatim: "hi").scaleEffect(1)).1.diagnostics.isEmpty)
        let gone = HStack(spacing: 0) {
            Text(verbatim: "ab").scaleEffect(0)
            Text(verbatim: "cd")
        }
        #expect(APIProbe.picture(gone, width: 4, height: 1) == ["  cd"])
    }

    @Test(".rotationEffect draws the view unrotated and reports it, except for whole turns; Angle converts units")
    func rotationEffect() {
        let (node, sink) = APIProbe.resolve(Text(verbatim: "hi").rotationEffect(.degrees(45)))
        #expect(node == APIProbe.resolve(Text(verbatim: "hi")).0)
        #expect(sink.diagnostics.map(\.code) == ["effect-not-drawn"])
        #expect(APIProbe.resolve(Text(verbatim: "hi").rotationEffect(.degrees(360))).1.diagnostics.isEmpty)
        #expect(APIProbe.resolve(Text(verbatim: "hi").rotationEffect(.zero)).1.diagnostics.isEmpty)
        #expect(abs(Angle(radians: .pi).degrees - 180) < 1e-9)
        #expect(Angle.degrees(90) < Angle.radians(2))
    }

    @Test("UIImage(systemName:) is failable, as in UIKit, and Image(uiImage:) draws it as the symbol")
    func uiImageSystemName() throws {
        let image = try #require(UIImage(systemName: "star.fill"))
        #expect(APIProbe.picture(Image(uiImage: image), width: 1, height: 1) == ["✭"])
        let bitmap = try #require(UIImage(named: "cover"))
        #expect(!bitmap.isSystemSymbol)
    }

    @Test("Text.allowsTightening is accepted and lays out as the text without it")
    func allowsTightening() {
        let view = Text(verbatim: "A long line of text").allowsTightening(true).lineLimit(1)
        #expect(
            APIProbe.picture(view, width: 8, height: 1)
                == APIProbe.picture(Text(verbatim: "A long line of text").lineLimit(1), width: 8, height: 1))
    }

    @Test("ProgressView(timerInterval:countsDown:label:currentValueLabel:) puts the label above the bar and the value under it")
    func progressViewWithLabels() {
        let interval = apiTestDate.addingTimeInterval(-30)...apiTestDate.addingTimeInterval(30)
        let view = ProgressView(timerInterval: interval, countsDown: false) {
            Text(verbatim: "Boiling")
        } currentValueLabel: {
            Text(verbatim: "eggs")
        }
        let (node, _) = APIProbe.resolve(view)
        guard case .stack(let stack) = node else {
            Issue.record("expected a stack, got \(node)")
            return
        }
        #expect(stack.axis == .vertical)
        #expect(stack.children.count == 3)
        #expect(APIProbe.strings(in: stack.children[0]) == ["Boiling"])
        if case .gauge(let gauge) = stack.children[1] {
            #expect(gauge.timerInterval?.countsDown == false)
        } else {
            Issue.record("the bar is the middle child")
        }
        #expect(APIProbe.strings(in: stack.children[2]) == ["eggs"])
        let labelOnly = APIProbe.resolve(ProgressView(timerInterval: interval) { Text(verbatim: "Boiling") }).0
        guard case .stack(let short) = labelOnly else {
            Issue.record("expected a stack")
            return
        }
        #expect(short.children.count == 2)
    }

    @Test("Text(AttributedString) shows its characters")
    func attributedText() {
        var attributed = AttributedString("Steps ")
        attributed += AttributedString("today")
        #expect(APIProbe.strings(in: APIProbe.resolve(Text(attributed)).0) == ["Steps today"])
        #expect(Text("Hello").runs.first?.localization != nil, "a literal stays a LocalizedStringKey, looked up in the string table")
    }

    @Test("\\.layoutDirection reads what the environment sets; calling \\.openURL is reported")
    func layoutDirectionAndOpenURL() {
        let (node, sink) = APIProbe.resolve(DirectionProbe(opens: false))
        #expect(APIProbe.strings(in: node) == ["leftToRight"])
        #expect(sink.diagnostics.isEmpty)
        let (rtlNode, rtlSink) = APIProbe.resolve(DirectionProbe(opens: false).environment(\.layoutDirection, .rightToLeft))
        #expect(APIProbe.strings(in: rtlNode) == ["rightToLeft"])
        #expect(rtlSink.diagnostics.isEmpty)
        let (_, openSink) = APIProbe.resolve(DirectionProbe(opens: true))
        #expect(openSink.diagnostics.map(\.code) == ["code-never-runs-in-widget"])
    }

    @Test("a widget document's textCase modifier cases its text")
    func documentTextCase() throws {
        let text = DocumentFixtures.widget(#"{"Text": "Steps today", "modifiers": [{"textCase": "uppercase"}]}"#)
        let descriptor = try WidgetDocument(text: text, file: "case.json").descriptor
        let frame = try DocumentFixtures.render(descriptor, family: .systemSmall)
        #expect(DocumentFixtures.rows(frame).contains { $0.contains("STEPS TODAY") })
        #expect(!DocumentFixtures.rows(frame).contains { $0.contains("Steps today") })
    }
}
