import Foundation
import Testing
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI

/// Every sample in every family it supports, light and dark: glyphs and style kept as goldens.
@Suite struct SampleGoldenTests {
    static let widgets = SampleWidgetBundle().widgetDescriptors

    static var cases: [(String, WidgetFamily, ColorScheme)] {
        widgets.flatMap { widget in
            widget.supportedFamilies.flatMap { family in ColorScheme.allCases.map { (widget.kind, family, $0) } }
        }
    }

    @Test("sample golden", arguments: cases)
    func sampleGolden(kind: String, family: WidgetFamily, scheme: ColorScheme) throws {
        let widget = try #require(Self.widgets.first { $0.kind == kind })
        let device: DeviceProfile = family == .systemExtraLarge ? .iPad1024 : .default
        let frame = try renderWidget(widget, family: family, scheme: scheme, device: device)
        #expect(frame.size == device.cells(of: family))
        #expect(frame.diagnostics.isEmpty, "\(frame.diagnostics)")
        Golden.check(FrameEncoder.golden(frame.buffer), named: "\(kind).\(family).\(scheme)")
    }

    @Test func bundleCoversEveryFamily() {
        let families = Set(Self.widgets.flatMap(\.supportedFamilies))
        #expect(families == Set(WidgetFamily.allCases))
        #expect(Self.widgets.count >= 6)
    }
}
