import Foundation
import Testing

@testable import WidgetKitUI

// `Shape.fill()`, `stroke(lineWidth:)` and `stroke(style:)` without a style paint with the foreground style, as in
// SwiftUI (widget code writes `Circle().fill()` and `Capsule().stroke(lineWidth: 2)`).

@Suite struct ShapeForegroundTests {
    /// The first shape in `node`'s tree.
    static func shape(in node: ViewNode) -> ShapeNode? {
        switch node {
        case .shape(let shape): return shape
        case .modified(let inner, _): return shape(in: inner)
        case .stack(let stack): return stack.children.lazy.compactMap(shape(in:)).first
        case .group(let children): return children.lazy.compactMap(shape(in:)).first
        default: return nil
        }
    }

    static func resolved<V: View>(_ view: V) -> ShapeNode? { shape(in: ViewResolver.resolve(view, environment: EnvironmentValues()).0) }

    @Test("fill() paints what the bare shape paints: the foreground style, red here, and the default one otherwise")
    func fillWithoutAStyle() throws {
        let filled = try #require(Self.resolved(Circle().fill().foregroundStyle(.red)))
        let bare = try #require(Self.resolved(Circle().foregroundStyle(.red)))
        #expect(filled.fill == bare.fill)
        #expect(filled.fill != nil)
        #expect(filled.stroke == nil)
        #expect(filled.fill != Self.resolved(Circle().fill())?.fill, "another foreground, another paint")
        #expect(Self.resolved(Circle().fill())?.fill == Self.resolved(Circle())?.fill)
        #expect(Self.resolved(Circle().fill(.foreground).foregroundStyle(.red))?.fill == bare.fill)
    }

    @Test("stroke(lineWidth:) and stroke(style:) outline in the foreground style, the width in points")
    func strokeWithoutAStyle() throws {
        let bare = try #require(Self.resolved(Capsule().foregroundStyle(.blue)))
        let stroked = try #require(Self.resolved(Capsule().stroke(lineWidth: 3).foregroundStyle(.blue)))
        #expect(stroked.fill == nil)
        #expect(stroked.stroke == bare.fill)
        #expect(stroked.lineWidth == 3)
        let styled = try #require(Self.resolved(Capsule().stroke(style: StrokeStyle(lineWidth: 2)).foregroundStyle(.blue)))
        #expect(styled.stroke == bare.fill)
        #expect(styled.lineWidth == 2)
    }
}
