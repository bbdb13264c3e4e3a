import Foundation
import Testing
import TestSupport
import CellLayout
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI
@testable import WidgetDocument
@testable import WidgetTermCLI

/// Liquid Glass as a whole surface (issue 13, item 7): the sample `now-playing`, its document twin, goldens on
/// the full-colour, tinted and clear Home Screens, and the diagnostics of glass's pitfalls.
@Suite struct LiquidGlassSurfaceTests {
    static func sample() throws -> WidgetDescriptor {
        try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "now-playing" })
    }

    static func twin() throws -> WidgetDescriptor { try DocumentFixtures.example("twins/now-playing.json") }

    /// The Home Screen appearances glass is judged on: full colour (light, dark), tinted and clear (accented).
    static let themes = ["light", "dark", "tinted", "clear"]

    @Test("the now-playing twin draws the Swift sample's frames, cell for cell, in every family, appearance and provider call")
    func twinRendersIdentically() throws {
        let sample = try Self.sample()
        let twin = try Self.twin()
        #expect(twin.kind == "now-playing-document")
        #expect(twin.displayName == sample.displayName)
        #expect(twin.supportedFamilies == [.systemSmall, .systemMedium])
        var compared = 0
        for family in sample.supportedFamilies {
            for theme in Self.themes {
                for context in [ProviderContext.timeline, .placeholder, .snapshot] {
                    let resolved = try #require(Theme.builtIn(named: theme))
                    let expected = try DocumentFixtures.render(
                        sample, family: family, style: resolved.paintStyle(mode: nil), context: context)
                    let actual = try DocumentFixtures.render(twin, family: family, style: resolved.paintStyle(mode: nil), context: context)
                    #expect(FrameEncoder.golden(actual.buffer) == FrameEncoder.golden(expected.buffer), "\(family) \(theme) \(context)")
                    #expect(actual.diagnostics.map(\.code) == expected.diagnostics.map(\.code), "\(family) \(theme) \(context)")
                    #expect(actual.diagnostics.isEmpty, "\(family) \(theme) \(context): \(actual.diagnostics)")
                    compared += 1
                }
            }
        }
        #expect(compared == 2 * 4 * 3)
    }

    @Test("now-playing on the full-colour, tinted and clear Home Screens", arguments: ["light", "tinted", "clear"])
    func goldens(theme: String) throws {
        for family in [WidgetFamily.systemSmall, .systemMedium] {
            let frame = try ModeFixtures.render(try Self.sample(), family: family, theme: theme)
            #expect(frame.diagnostics.isEmpty, "\(frame.diagnostics)")
            Golden.check(FrameEncoder.golden(frame.buffer), named: "now-playing.glass.\(family).\(theme)")
        }
    }

    @Test("the glass is drawn: the title's glass is lighter than the wallpaper in full colour, the dimmed clear glass darker than it")
    func glassIsVisible() throws {
        let frame = try ModeFixtures.render(try Self.sample(), family: .systemMedium, theme: "light")
        let wallpaper = try #require(frame.buffer[1, 1].background)
        let title = try #require(try LiquidGlassTests.backgroundBeside("Tide", in: frame))
        #expect(ColorScience.relativeLuminance(title) > ColorScience.relativeLuminance(wallpaper))
        // The artist's clear glass sits on the dimming layer: darker than the title's regular glass.
        let artist = try #require(try LiquidGlassTests.backgroundBeside("The Lisbon", in: frame))
        #expect(ColorScience.relativeLuminance(artist) < ColorScience.relativeLuminance(title))
    }

    @Test("widgetterm check finds nothing to fix in now-playing or its twin on any surface (contrast included)")
    func checkIsClean() {
        for target in ["now-playing", DocumentFixtures.examples.appendingPathComponent("twins/now-playing.json").path] {
            let output = StringStream(), errors = StringStream()
            let status = FixedClock.run {
                WidgetTermCommand.run(
                    arguments: ["check", target], widgets: SampleWidgetBundle().widgetDescriptors, environment: [:], output: output,
                    errors: errors)
            }
            #expect(status == 0, "\(target)")
            #expect(errors.text.hasSuffix("0 errors, 0 warnings, 0 notes on 10 surfaces; 1 of 1 widget clean\n"), "\(errors.text)")
        }
    }

    // MARK: Diagnostics

    @Test("glass on a system older than iOS 26 (--os) is a warning naming that version; none on iOS 26, in Swift and in the twin")
    func olderSystem() throws {
        for widget in [try Self.sample(), try Self.twin()] {
            let old = try ModeFixtures.render(widget, family: .systemSmall, theme: "light", osVersion: 18)
            #expect(old.diagnostics.map(\.code) == ["liquid-glass-needs-ios-26"], "\(widget.kind)")
            #expect(
                old.diagnostics.first?.message
                    == "Liquid Glass (.glassEffect, Glass, GlassEffectContainer) arrived in iOS 26; on iOS 18 this code does not exist. "
                    + "Guard it with if #available(iOS 26, *) and give older systems another background.")
            let current = try ModeFixtures.render(widget, family: .systemSmall, theme: "light", osVersion: 26)
            #expect(current.diagnostics.isEmpty, "\(widget.kind): \(current.diagnostics)")
        }
    }

    @Test("glass inside glass warns outside a GlassEffectContainer, not inside one; identity glass is no glass")
    func nestedGlass() throws {
        let nested = ModeFixtures.widget("nested-glass", families: [.systemSmall]) {
            HStack { Text("A").padding(4).glassEffect() }.padding(4).glassEffect(.regular, in: Rectangle())
                .containerBackground(Color(red: 0.1, green: 0.3, blue: 0.6), for: .widget)
        }
        let frame = try ModeFixtures.render(nested, family: .systemSmall, theme: "light")
        #expect(frame.diagnostics.map(\.code) == ["glass-in-glass-outside-container"])
        #expect(
            frame.diagnostics.first?.message
                == "A .glassEffect inside another .glassEffect, outside a GlassEffectContainer: glass layered on glass renders separately "
                + "and cannot blend. Put the glass views side by side in a GlassEffectContainer { ... } instead of nesting them.")

        let contained = ModeFixtures.widget("contained-glass", families: [.systemSmall]) {
            GlassEffectContainer {
                HStack { Text("A").padding(4).glassEffect() }.padding(4).glassEffect(.regular, in: Rectangle())
            }
            .containerBackground(Color(red: 0.1, green: 0.3, blue: 0.6), for: .widget)
        }
        #expect(try ModeFixtures.render(contained, family: .systemSmall, theme: "light").diagnostics.isEmpty)

        // Identity glass is no glass: no layer around the inner glass, and nothing to report on an older system.
        let identity = ModeFixtures.widget("identity-glass", families: [.systemSmall]) {
            HStack { Text("A").padding(4).glassEffect() }.padding(4).glassEffect(.identity)
                .containerBackground(Color(red: 0.1, green: 0.3, blue: 0.6), for: .widget)
        }
        #expect(try ModeFixtures.render(identity, family: .systemSmall, theme: "light").diagnostics.isEmpty)
        let identityOnly = ModeFixtures.widget("identity-only", families: [.systemSmall]) {
            Text("A").padding(4).glassEffect(.identity).containerBackground(Color(red: 0.1, green: 0.3, blue: 0.6), for: .widget)
        }
        #expect(try ModeFixtures.render(identityOnly, family: .systemSmall, theme: "light", osVersion: 17).diagnostics.isEmpty)
    }

    @Test("white text on clear glass over a light wallpaper, without the dimming layer, is a low-contrast warning with its ratio")
    func clearGlassContrast() throws {
        func widget(dimming: Double) -> WidgetDescriptor {
            ModeFixtures.widget("clear-\(dimming)", families: [.systemSmall]) {
                Text("Artist").foregroundStyle(.white).padding(.horizontal, 6).glassEffect(.clear)
                    .background(Color.black.opacity(dimming), in: Capsule())
                    .containerBackground(Color(white: 0.8), for: .widget)
            }
        }
        let bare = try ModeFixtures.render(widget(dimming: 0), family: .systemSmall, theme: "light")
        #expect(bare.diagnostics.map(\.code) == ["clear-glass-low-contrast"])
        let row = try #require(DocumentFixtures.rows(bare).firstIndex { $0.contains("Artist") })
        let column = try #require(DocumentFixtures.rows(bare)[row].range(of: "Artist")).lowerBound.utf16Offset(
            in: DocumentFixtures.rows(bare)[row])
        let background = try #require(bare.buffer[column, row].background)
        let ratio = String(format: "%.2f", ColorScience.contrastRatio(RGB(255, 255, 255), background))
        #expect(
            bare.diagnostics.first?.message
                == "Text \"Artist\" on clear glass at row \(row), column \(column) has contrast \(ratio):1 (#FFFFFF on \(background.hex)); "
                + "normal text needs 4.5:1. Apple asks for a dimming layer beneath clear glass "
                + "(its example: .glassEffect(.clear).background(.black.opacity(0.3)); darker over light wallpapers), or use .regular glass."
        )
        #expect(ColorScience.contrastRatio(RGB(255, 255, 255), background) < 4.5)
        // Apple's example dims by 30 %: over this light wallpaper that is still too little; 60 % makes it legible.
        #expect(
            try ModeFixtures.render(widget(dimming: 0.3), family: .systemSmall, theme: "light").diagnostics.map(\.code) == [
                "clear-glass-low-contrast"
            ])
        #expect(try ModeFixtures.render(widget(dimming: 0.6), family: .systemSmall, theme: "light").diagnostics.isEmpty)
        // Regular glass is not clear glass: this check does not judge it.
        let regular = ModeFixtures.widget("regular-light", families: [.systemSmall]) {
            Text("Artist").foregroundStyle(.white).padding(.horizontal, 6).glassEffect(.regular)
                .containerBackground(Color(white: 0.8), for: .widget)
        }
        #expect(try ModeFixtures.render(regular, family: .systemSmall, theme: "light").diagnostics.isEmpty)
    }

    @Test("documents take glassEffect and GlassEffectContainer, and name a misspelt glass")
    func documentGlass() throws {
        let error = try #require(
            DocumentFixtures.error(DocumentFixtures.widget("{\"Text\": \"x\", \"modifiers\": [{\"glassEffect\": \"clera\"}]}")))
        #expect(error.path.description == "$.view.VStack[0].modifiers[0].glassEffect")
        #expect(error.suggestion == "clear")
        let label = try #require(
            DocumentFixtures.error(
                DocumentFixtures.widget("{\"Text\": \"x\", \"modifiers\": [{\"glassEffect\": \"clear\", \"tnit\": \"red\"}]}")))
        #expect(label.suggestion == "tint")
        let nested = try WidgetDocument(
            text: DocumentFixtures.widget(
                "{\"HStack\": [{\"Text\": \"A\", \"modifiers\": [\"glassEffect\"]}], \"modifiers\": [{\"glassEffect\": \"regular\", \"in\": \"Rectangle\"}]}"
            )
        ).descriptor
        #expect(try DocumentFixtures.render(nested, family: .systemSmall).diagnostics.map(\.code) == ["glass-in-glass-outside-container"])
    }
}
