import Foundation
import Testing

@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// AsyncImage never loads in a widget: its placeholder is drawn and a diagnostic says why. UIImage() compiles.

@Suite struct AsyncImageTests {
    @Test func anAsyncImageDrawsItsPlaceholderAndSaysItNeverLoads() {
        let image = AsyncImage(url: URL(string: "https://example.com/a.png")) { image in
            image.resizable()
        } placeholder: {
            Text("…")
        }
        let (node, sink) = ViewResolver.resolve(image, environment: EnvironmentValues())
        #expect(node.textStrings == ["…"])
        #expect(sink.diagnostics.map(\.code) == ["async-image-never-loads"])
        let plain = ViewResolver.resolve(AsyncImage(url: nil).frame(width: 16, height: 17), environment: EnvironmentValues())
        #expect(plain.1.diagnostics.map(\.code) == ["async-image-never-loads"])
    }

    @Test func anEmptyUIImageHasNoSize() {
        let image = UIImage(named: "missing") ?? UIImage()
        #expect(UIImage().size == .zero)
        #expect(UIImage().name == "UIImage()")
        #expect(image.name == "missing")
    }
}
