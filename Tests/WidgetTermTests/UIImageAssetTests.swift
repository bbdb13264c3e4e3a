import Foundation
import Testing

@testable import AssetCatalog
@testable import CellLayout
@testable import CellRender
@testable import WidgetHost
@testable import WidgetKitUI

// Issue 11: UIImage(named:) has its image set's real size and scale, and Image(uiImage:) draws the set.

@Suite struct UIImageAssetTests {
    @Test func aNamedImageHasItsImageSetsSizeInPointsAndItsFilesScale() throws {
        let host = try ResourceFixtures.host()
        let (cover, photo, missing) = host.run { (UIImage(named: "cover"), UIImage(named: "photo"), UIImage(named: "nothing")) }
        // cover: 16 × 18 pt, the @3x file at the default display scale; photo: 16 × 34 px with no scale, so 1x.
        #expect(cover?.size == CGSize(width: 16, height: 18))
        #expect(cover?.scale == 3)
        #expect(photo?.size == CGSize(width: 16, height: 34))
        #expect(photo?.scale == 1)
        #expect(missing?.size == .zero)
        #expect(missing?.scale == 1)
    }

    @Test func withoutCatalogsTheSizeIsZeroAndTheImageIsNotNil() {
        let image = HostContext().run { UIImage(named: "cover") }
        #expect(image?.size == .zero)
    }

    @Test func imageFromANamedUIImageDrawsTheImageSetLikeImageByName() throws {
        let widget = ModeFixtures.widget("ui-cover", families: [.systemSmall]) {
            Image(uiImage: UIImage(named: "cover")!).containerBackground(Color.black, for: .widget)
        }
        let frame = try ResourceFixtures.render(widget)
        let expected = try ResourceFixtures.render(AssetRenderTests.cover)
        #expect(try ResourceFixtures.coverCells(frame).left == ResourceFixtures.coverCells(expected).left)
        #expect(try ResourceFixtures.coverCells(frame).rect == CellRect(x: 9, y: 4, width: 2, height: 1))
        #expect(frame.diagnostics.isEmpty, "\(frame.diagnostics)")
    }
}
