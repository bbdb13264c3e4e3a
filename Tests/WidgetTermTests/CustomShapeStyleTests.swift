import Foundation
import Testing
import TestSupport

@testable import CellRender
@testable import WidgetHost
@testable import WidgetKitUI

// Issue 11: a ShapeStyle of the developer's own with `resolve(in:)` (iOS 17), as widget code writes it, taken by
// foregroundStyle, fill and background, and given the environment where it stands.

/// Orange on dark, navy on light, white when the Home Screen is tinted.
private struct BoardStyle: ShapeStyle {
    func resolve(in environment: EnvironmentValues) -> some ShapeStyle {
        if environment.widgetRenderingMode == .accented { return Color.white }
        return environment.colorScheme == .dark ? Color(red: 1, green: 0.4, blue: 0) : Color(red: 0, green: 0.2, blue: 0.6)
    }
}

/// Apple's Backyard Birds sample's own extension, written the same way (its text is not copied): the base style
/// with a blend mode chosen by the colour scheme, erased.
private struct VibrantlyBlended<Base: ShapeStyle>: ShapeStyle {
    var base: Base
    func resolve(in environment: EnvironmentValues) -> some ShapeStyle {
        if environment.colorScheme == .dark {
            return AnyShapeStyle(base.blendMode(.plusLighter))
        }
        return AnyShapeStyle(base.blendMode(.plusDarker))
    }
}

extension ShapeStyle {
    fileprivate var vibrantlyBlended: VibrantlyBlended<Self> { VibrantlyBlended(base: self) }
}

private func environment(_ scheme: ColorScheme, _ mode: WidgetRenderingMode = .fullColor) -> EnvironmentValues {
    var values = EnvironmentValues()
    values.colorScheme = scheme
    values.widgetRenderingMode = mode
    return values
}

/// Every shape fill, background fill and text colour of a resolved tree, in tree order.
private func paints(_ node: ViewNode) -> [Paint] {
    switch node {
    case .shape(let shape): return [shape.fill, shape.stroke].compactMap { $0 }
    case .text(let text): return text.runs.map(\.foreground)
    case .group(let children): return children.flatMap(paints)
    case .stack(let stack): return stack.children.flatMap(paints)
    case .modified(let inner, let modifier):
        var found = paints(inner)
        switch modifier {
        case .background(let background, _), .overlay(let background, _): found += paints(background)
        default: break
        }
        return found
    default: return []
    }
}

private struct StyledBoard: View {
    var body: some View {
        VStack {
            Text("Rossio").foregroundStyle(BoardStyle())
            Rectangle().fill(BoardStyle())
            Text("Belém").background(BoardStyle())
        }
    }
}

@Suite struct CustomShapeStyleTests {
    static let navy = Color(red: 0, green: 0.2, blue: 0.6)
    static let orange = Color(red: 1, green: 0.4, blue: 0)

    @Test func foregroundFillAndBackgroundTakeTheStyleOfTheirEnvironment() {
        let light = paints(ViewResolver.resolve(StyledBoard(), environment: environment(.light)).0)
        #expect(light == [.color(Self.navy), .color(Self.navy), .primary, .color(Self.navy)])
        let dark = paints(ViewResolver.resolve(StyledBoard(), environment: environment(.dark)).0)
        #expect(dark == [.color(Self.orange), .color(Self.orange), .primary, .color(Self.orange)])
        let tinted = paints(ViewResolver.resolve(StyledBoard(), environment: environment(.dark, .accented)).0)
        #expect(tinted == [.color(.white), .color(.white), .primary, .color(.white)])
    }

    @Test func theStyleSeesTheEnvironmentWhereItStandsNotTheBodys() {
        let view = VStack {
            Rectangle().fill(BoardStyle()).environment(\.colorScheme, .dark)
            Rectangle().fill(BoardStyle())
        }
        #expect(paints(ViewResolver.resolve(view, environment: environment(.light)).0) == [.color(Self.orange), .color(Self.navy)])
    }

    @Test func anErasedBlendedStyleDrawsItsBase() {
        let view = Rectangle().fill(Color.blue.vibrantlyBlended)
        #expect(paints(ViewResolver.resolve(view, environment: environment(.dark)).0) == [.color(.blue)])
        #expect(paints(ViewResolver.resolve(view, environment: environment(.light)).0) == [.color(.blue)])
        #expect(Color.red.blendMode(.multiply).resolvePaint(inheriting: .primary) == .color(.red))
    }

    @Test func theCellsHaveTheStylesExactColours() throws {
        struct Board: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "Board", provider: FixedProvider()) { _ in
                    Rectangle().fill(BoardStyle()).containerBackground(.black, for: .widget)
                }
                .supportedFamilies([.systemSmall])
            }
        }
        for (scheme, expected) in [(ColorScheme.light, RGB(0, 51, 153)), (.dark, RGB(255, 102, 0))] {
            let frame = try renderWidget(Board().body.descriptor, family: .systemSmall, scheme: scheme)
            let centre = frame.buffer[frame.buffer.width / 2, frame.buffer.height / 2]
            #expect(centre.background == expected || centre.foreground == expected, "\(scheme): \(centre)")
        }
    }
}

private struct FixedEntry: TimelineEntry {
    let date: Date
}

private struct FixedProvider: TimelineProvider {
    func placeholder(in context: Context) -> FixedEntry { FixedEntry(date: Date(timeIntervalSince1970: 0)) }
    func getSnapshot(in context: Context, completion: @escaping (FixedEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<FixedEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
