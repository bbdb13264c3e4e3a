import Foundation
import Testing

@testable import CellLayout
@testable import WidgetKitUI

/// `PlacedNode.kind`, the byte the painter dispatches on, always says which case the node's content is.
@Suite("Placed node kinds")
struct PlacedNodeKindTests {
    /// Layout passes each node's kind as it places it: every node's kind is the one its content gives, over a tree with
    /// every kind layout makes in it.
    @Test func layoutGivesEveryNodeTheKindOfItsContent() {
        let view = VStack(spacing: 0) {
            Text("a").opacity(0.5)
            Divider()
            HStack {
                Image(systemName: "star")
                Spacer()
                Text("b").hidden()
            }
            Rectangle().fill(Color.blue).frame(height: 1)
        }
        .padding(1)
        .frame(width: 30)
        .background(Color.red)
        .overlay(Text("o"))
        .clipShape(RoundedRectangle(cornerRadius: 4))
        .widgetURL(URL(string: "widgetterm://kinds")!)
        let node = ViewResolver.resolve(view, environment: EnvironmentValues()).0
        let placed = CellLayout.layout(
            node, in: CellSize(width: 40, height: 12), environment: LayoutEnvironment(date: Date(timeIntervalSince1970: 0)))
        var kinds: [PlacedNode.ContentKind] = []
        func visit(_ node: PlacedNode) {
            #expect(node.kind == PlacedNode.ContentKind.of(node.content), "\(node.frame)")
            kinds.append(node.kind)
            for child in node.children { visit(child) }
        }
        visit(placed)
        let expected: Set<PlacedNode.ContentKind> = [
            .none, .text, .image, .shape, .divider, .background, .overlay, .opacity, .clipShape, .widgetURL, .hidden,
        ]
        #expect(expected.subtracting(kinds).isEmpty, "kinds met: \(kinds)")
    }

    /// A node made by hand gets its kind from its content, and a new content brings its own kind.
    @Test func settingTheContentUpdatesTheKind() {
        var node = PlacedNode(content: .modifier(.opacity(0.5)), frame: CellRect(x: 0, y: 0, width: 2, height: 1))
        #expect(node.kind == .opacity)
        node.content = .modifier(.tapTarget(.link(URL(string: "widgetterm://tap")!)))
        #expect(node.kind == .tapTarget)
        node.content = .none
        #expect(node.kind == .none)
    }

    /// Images, shapes and gauges are boxed in a placed node's content: a node stays under 192 bytes (with them inline,
    /// 360), while a boxed payload reads back whole.
    @Test func largePayloadsAreBoxed() {
        #expect(MemoryLayout<PlacedNode>.stride <= 192)
        let shape = ShapeNode(kind: .capsule, fill: nil)
        let node = PlacedNode(content: .shape(shape), frame: CellRect(x: 1, y: 2, width: 3, height: 4))
        guard case .shape(let read) = node.content else {
            Issue.record("a shape node's content is not a shape")
            return
        }
        #expect(read.kind == .capsule && node.kind == .shape)
    }
}
