import Foundation
import Testing
import CellLayout
import CellRender

@Suite("SF Symbol table")
struct SymbolTableTests {
    @Test("at least the 150 names widgets use most, among them every family the issue lists")
    func coverage() {
        #expect(SymbolTable.names.count >= 150)
        let required = [
            "arrow.right", "arrow.up", "chevron.right", "chevron.left", "cloud.sun", "cloud.rain", "sun.max", "drop",
            "flame", "heart", "star", "bolt", "battery.100", "bell", "calendar", "clock", "timer", "checkmark", "xmark",
            "plus", "minus", "figure.walk", "house", "cart", "box.truck", "airplane", "car", "bus", "tram", "music.note",
            "play", "pause", "mic", "location", "map", "person", "message", "envelope", "phone", "gear",
        ]
        for name in required { #expect(SymbolTable.glyph(forSystemName: name) != nil, "\(name)") }
    }

    @Test("every glyph is one or two columns (two only as an emoji-presentation emoji); every fallback one column")
    func widths() {
        for name in SymbolTable.names {
            guard let symbol = SymbolTable.glyph(forSystemName: name) else {
                Issue.record("\(name) is listed but not found")
                continue
            }
            let width = DisplayWidth.of(symbol.glyph)
            #expect(width == 1 || width == 2, "\(name): \(symbol.glyph) is \(width) columns")
            if width == 2 {
                #expect(
                    symbol.glyph.unicodeScalars.count == 1 && symbol.glyph.unicodeScalars.first!.properties.isEmojiPresentation,
                    "\(name): a wide glyph must be one emoji-presentation scalar")
            } else {
                #expect(!symbol.glyph.unicodeScalars.contains { $0.properties.isEmojiPresentation }, "\(name): narrow but an emoji")
            }
            #expect(DisplayWidth.of(symbol.fallback) == 1, "\(name): fallback \(symbol.fallback)")
            #expect(!symbol.fallback.unicodeScalars.contains { $0.properties.isEmoji && $0.value > 0x7F }, "\(name): fallback is an emoji")
        }
    }

    @Test("variants: badge cut, trailing variants stripped, then shorter prefixes; unknown names give nil, every time")
    func variants() {
        func glyph(_ name: String) -> Character? { SymbolTable.glyph(forSystemName: name)?.glyph }
        #expect(glyph("heart.circle.fill") == glyph("heart"))
        #expect(glyph("bell.badge") == glyph("bell"))
        #expect(glyph("sun.max.trianglebadge.exclamationmark") == glyph("sun.max"))
        #expect(glyph("figure.walk.motion") == glyph("figure.walk"))
        #expect(glyph("person.fill.checkmark") == glyph("person"))
        #expect(glyph("no.such.symbol") == nil)
        // Asked again (answers are kept after the first search), the same results.
        #expect(glyph("heart.circle.fill") == glyph("heart") && glyph("heart") != nil)
        #expect(glyph("no.such.symbol") == nil)
        #expect(glyph("drop") == "💧")
    }

    /// Accented and vibrant modes draw the fallbacks: every bus, tram, metro and train symbol was `⊡` there (the
    /// ticket's glyph), so a departures board could not tell a bus from a tram, as full colour (🚌 🚋 🚇 🚆) can.
    @Test("bus, tram, metro and train keep distinct one-column fallbacks, as their emoji are distinct")
    func transportFallbacksAreDistinct() throws {
        let names = ["bus", "tram", "tram.fill.tunnel", "train.side.front.car"]
        let symbols = try names.map { try #require(SymbolTable.glyph(forSystemName: $0), "\($0)") }
        #expect(symbols.map(\.glyph) == ["🚌", "🚋", "🚇", "🚆"])
        #expect(symbols.map(\.fallback) == ["⍠", "⍍", "⋒", "⍈"])
        #expect(Set(symbols.map(\.fallback)).count == names.count)
        #expect(!symbols.map(\.fallback).contains("⊡"))
        // Their variants follow their base names.
        #expect(SymbolTable.glyph(forSystemName: "bus.fill")?.fallback == "⍠")
        #expect(SymbolTable.glyph(forSystemName: "bus.doubledecker")?.fallback == "⍠")
        #expect(SymbolTable.glyph(forSystemName: "tram.fill")?.fallback == "⍍")
    }

    @Test("the compiled table is exactly symbols.tsv: no name, glyph or fallback drifted after an edit of either")
    func tableMatchesData() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/CellRender/SymbolGlyphs/symbols.tsv").standardized
        let text = try String(contentsOf: data, encoding: .utf8)
        var rows: [String: SymbolGlyph] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            try #require(fields.count == 3, "symbols.tsv: \(line)")
            let glyph = try #require(fields[1].first), fallback = try #require(fields[2].first)
            rows[String(fields[0])] = SymbolGlyph(glyph, fallback)
        }
        #expect(rows.count == SymbolTable.names.count)
        for (name, expected) in rows {
            #expect(SymbolTable.glyph(forSystemName: name) == expected, "\(name): run Sources/CellRender/SymbolGlyphs/generate.py")
        }
    }
}
