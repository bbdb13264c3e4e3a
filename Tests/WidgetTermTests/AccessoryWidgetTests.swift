import Testing
import CellRender
import WidgetHost
import WidgetKitUI

@Suite("Lock Screen accessory views")
struct AccessoryWidgetTests {
    /// A date widget as Apple's AccessoryWidgetBackground example writes it.
    static let calendar = ModeFixtures.widget("accessory-calendar", families: [.accessoryCircular, .accessoryRectangular, .systemSmall]) {
        ZStack {
            AccessoryWidgetBackground()
            VStack(spacing: 0) {
                Text("MON").font(.caption).widgetAccentable()
                Text("6").font(.title)
            }
        }
        .widgetLabel("Calendar")
        .id("calendar")
        .containerBackground(Color.clear, for: .widget)
    }

    @Test("the backdrop is a circle in accessoryCircular, the container shape in accessoryRectangular, nothing elsewhere")
    func resolution() {
        func resolved(_ family: WidgetFamily) -> ViewNode {
            var environment = EnvironmentValues()
            environment.widgetFamily = family
            return ViewResolver.resolve(AccessoryWidgetBackground(), environment: environment).0
        }
        #expect(resolved(.accessoryCircular) == .shape(ShapeNode(kind: .circle, fill: .color(AccessoryWidgetBackground.backdrop))))
        #expect(
            resolved(.accessoryRectangular) == .shape(ShapeNode(kind: .containerRelative, fill: .color(AccessoryWidgetBackground.backdrop)))
        )
        for family: WidgetFamily in [.accessoryInline, .systemSmall, .systemMedium] { #expect(resolved(family) == .empty, "\(family)") }
        #expect(EnvironmentValues().showsWidgetLabel == false)
    }

    @Test("on the Lock Screen the backdrop lightens the cells inside the circle and leaves the corners as the wallpaper")
    func painted() throws {
        let frame = try ModeFixtures.render(Self.calendar, family: .accessoryCircular, theme: "lockscreen")
        let buffer = frame.buffer
        let corner = try #require(buffer[0, 0].background)
        let center = try #require(buffer[buffer.width / 2, buffer.height / 2].background)
        #expect(center != corner)
        #expect(FrameEncoder.text(buffer).contains("MON"))
        #expect(FrameEncoder.text(buffer).contains("6"))
        #expect(!FrameEncoder.text(buffer).contains("Calendar"), "widget labels are not shown on iPhone")
        let small = try ModeFixtures.render(Self.calendar, family: .systemSmall, theme: "light")
        #expect(frame.shapes.contains { $0.kind == .circle })
        #expect(!small.shapes.contains { $0.kind == .circle }, "no backdrop on the Home Screen")
    }
}

@Suite("Xcode's widget template compiles and renders as written")
struct TemplateStyleTests {
    /// The background line of Xcode's widget template, and a UIKit colour bridged the way ported code does it.
    static let templated = ModeFixtures.widget("templated", families: [.systemSmall]) {
        Text("Time:").foregroundStyle(Color(UIColor.secondaryLabel))
            .containerBackground(.fill.tertiary, for: .widget)
    }

    @Test("`#colorLiteral` is a UIColor, as in Xcode: `Color(#colorLiteral(...))` is that sRGB colour")
    func colorLiteral() {
        // swift-format-ignore: NoPlaygroundLiterals
        let literal = #colorLiteral(red: 0.5, green: 0.25, blue: 1, alpha: 0.75)
        #expect(Color(literal) == Color(red: 0.5, green: 0.25, blue: 1, opacity: 0.75))
        // swift-format-ignore: NoPlaygroundLiterals
        let typed: UIColor = #colorLiteral(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(Color(typed) == Color(red: 1, green: 0, blue: 0))
    }

    @Test("`.fill.tertiary` is tertiarySystemFill: grey (120, 120, 128) at 12 %")
    func fillTertiary() throws {
        let frame = try ModeFixtures.render(Self.templated, family: .systemSmall, theme: "light")
        #expect(FrameEncoder.text(frame.buffer).contains("Time:"))
        let edge = try #require(frame.buffer[frame.buffer.width / 2, frame.buffer.height - 1].background)
        #expect(
            FillShapeStyle().tertiary.resolvePaint(inheriting: .primary)
                == .color(Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: 0.12)))
        // The container background is drawn in full colour over what is behind the widget: the light theme's
        // wallpaper #A7C4E5 with 12 % of (120, 120, 128) is #A1BBD9.
        #expect(edge == RGB(0xA1, 0xBB, 0xD9))
    }
}
