import Foundation
import Testing
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

@Suite("Layout fidelity: inline accessories, tinted groups, clipped content")
struct LayoutFidelityTests {
    static let inline = ModeFixtures.widget("inline", families: [.accessoryInline]) {
        VStack {
            Gauge(value: 0.5) { Text("Level") }
            Image(systemName: "drop.fill")
            Text("Drink water")
            Text("Second line")
            Image(systemName: "flame")
        }
        .containerBackground(.clear, for: .widget)
    }

    @Test("accessoryInline draws the first image and the first text on one line, and names what iOS ignores")
    func inlineDrawsOneLine() throws {
        let frame = try ModeFixtures.render(Self.inline, family: .accessoryInline, theme: "lockscreen")
        #expect(frame.size.height == 1)
        #expect(FrameEncoder.text(frame.buffer) == "         ⬨ Drink water\n")
        let ignored = frame.diagnostics.filter { $0.code == "inline-views-ignored" }
        #expect(
            ignored.map(\.message) == [
                "accessoryInline shows one line: the first Image and the first Text. iOS ignores the rest here: "
                    + "a Gauge or ProgressView, Text \"Second line\", a second Image (flame). "
                    + "Give this family its own body (@Environment(\\.widgetFamily))."
            ])
    }

    @Test("an accessoryInline body of one Label is drawn whole and reports nothing")
    func inlineLabelIsQuiet() throws {
        let label = ModeFixtures.widget("label", families: [.accessoryInline]) {
            Label("Rain at 4 PM", systemImage: "cloud.rain").containerBackground(.clear, for: .widget)
        }
        let frame = try ModeFixtures.render(label, family: .accessoryInline, theme: "lockscreen")
        #expect(frame.diagnostics.isEmpty, "\(frame.diagnostics)")
        #expect(FrameEncoder.text(frame.buffer).contains("Rain at 4 PM"))
    }

    static let accentable = ModeFixtures.widget("accent", families: [.systemSmall]) {
        VStack {
            Text("Default")
            Text("Accent").widgetAccentable()
        }
        .containerBackground(.blue, for: .widget)
    }

    @Test(
        "tinted and clear Home Screens draw the accent group and the default group in different colours",
        arguments: [
            ("tinted", RGB(0xF9, 0xEB, 0xCF), RGB(0xE8, 0xA3, 0x3D)), ("clear", RGB(0xE0, 0xE3, 0xE6), RGB(0xFF, 0xFF, 0xFF)),
        ])
    func accentGroupDiffers(theme: String, defaultTint: RGB, accentTint: RGB) throws {
        let frame = try ModeFixtures.render(Self.accentable, family: .systemSmall, theme: theme)
        #expect(frame.textRuns.first { $0.text == "Default" }?.foreground == defaultTint)
        #expect(frame.textRuns.first { $0.text == "Accent" }?.foreground == accentTint)
    }

    static let tall = ModeFixtures.widget("tall", families: [.systemSmall, .systemExtraLarge]) {
        VStack(spacing: 0) {
            ForEach(1...60, id: \.self) { Text("Row \($0)") }
        }
        .containerBackground(.black, for: .widget)
    }

    @Test("content taller than an iPad systemExtraLarge is marked ▴ ▾ at the cut edges and reported")
    func clippedContentIsMarkedAndReported() throws {
        let frame = try ModeFixtures.render(Self.tall, family: .systemExtraLarge, theme: "dark", device: .iPad834)
        let size = frame.size
        #expect(size == CellSize(width: 79, height: 18))
        #expect(frame.buffer[size.width - 2, 0].glyph == "▴")
        #expect(frame.buffer[size.width - 2, size.height - 1].glyph == "▾")
        let clipped = frame.diagnostics.filter { $0.code == "content-clipped" }
        #expect(
            clipped.map(\.message) == [
                "Content does not fit the systemExtraLarge widget (79×18 cells): 21 rows above the top (▴), 21 rows below the "
                    + "bottom (▾) are cut off, and iOS shows no sign of it. Show less, or let it shrink (.minimumScaleFactor, a smaller font)."
            ])
    }

    @Test("content that fits reports nothing and draws no marker")
    func fittingContentIsQuiet() throws {
        let short = ModeFixtures.widget("short", families: [.systemSmall]) {
            VStack {
                Text("One")
                Text("Two")
            }
            .containerBackground(.black, for: .widget)
        }
        let frame = try ModeFixtures.render(short, family: .systemSmall, theme: "dark")
        #expect(frame.diagnostics.isEmpty, "\(frame.diagnostics)")
        #expect(!FrameEncoder.text(frame.buffer).contains("▾"))
    }
}

@Suite("Round things read as round")
struct RoundShapeTests {
    @Test("a stroked Circle is a braille ring, not a box, and a capacity gauge fills its ring clockwise from the top")
    func circlesAreRound() throws {
        let ring = ModeFixtures.widget("ring", families: [.accessoryCircular]) {
            ZStack {
                Circle().stroke(.white, lineWidth: 2)
                Gauge(value: 0.25) { Text("") }.gaugeStyle(.accessoryCircularCapacity).opacity(0)
            }
            .containerBackground(.clear, for: .widget)
        }
        let frame = try ModeFixtures.render(ring, family: .accessoryCircular, theme: "dark")
        #expect(
            FrameEncoder.text(frame.buffer, trimming: false)
                == " ⢀⡴⠚⠛⠛⠓⢦⡀ \n ⡟      ⢻ \n ⣧      ⣼ \n ⠈⠳⢤⣤⣤⡤⠞⠁ \n")
        let text = FrameEncoder.text(frame.buffer)
        for box in ["╭", "╮", "╰", "╯", "━", "┃", "│", "─"] { #expect(!text.contains(box), "\(box)") }
    }

    @Test("a quarter-full capacity ring: the top-right quarter in the tint, the rest in the track")
    func capacityRingFillsClockwise() throws {
        let gauge = ModeFixtures.widget("gauge", families: [.accessoryCircular]) {
            Gauge(value: 0.25) { Text("") }.gaugeStyle(.accessoryCircularCapacity).tint(.white)
                .containerBackground(.clear, for: .widget)
        }
        let frame = try ModeFixtures.render(gauge, family: .accessoryCircular, theme: "dark")
        let tinted = (0..<frame.size.height).map { row in
            String(
                (0..<frame.size.width).map { column in
                    let cell = frame.buffer[column, row]
                    guard (0x2800...0x28FF).contains(cell.glyph.character.unicodeScalars.first!.value) else { return Character(" ") }
                    return cell.foreground == RGB(255, 255, 255) ? "t" : "k"
                })
        }
        #expect(tinted == [" kkkktttt ", " k      t ", " k      k ", " kkkkkkkk "])
    }
}
