import Testing
import CellLayout
import CellRender

@Suite("Glyph: a cell's grapheme as plain data")
struct GlyphTests {
    @Test(
        "graphemes of 1 to 15 UTF-8 bytes stay inline; longer ones are interned; both give back the same grapheme",
        arguments: ["a", " ", "~", "é", "─", "╭", "💧", "☀️", "👍🏽", "🇫🇷", "1️⃣", "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "e\u{301}"])
    func roundTrip(text: String) throws {
        let character = try #require(text.first)
        let glyph = Glyph(character)
        #expect(glyph.character == character)
        #expect(glyph.description == text)
        var bytes: [UInt8] = []
        glyph.appendUTF8(to: &bytes)
        #expect(bytes == Array(text.utf8))
        #expect(glyph == Glyph(character), "building the same grapheme twice gives an equal glyph")
        // Laid-out text keeps graphemes as `GraphemeBytes`; painting copies them into glyphs.
        let grapheme = GraphemeBytes(character)
        #expect(grapheme.character == character)
        #expect(grapheme == GraphemeBytes(character))
        #expect(Glyph(grapheme) == glyph, "a laid-out grapheme paints the glyph of its character")
        #expect(grapheme.isInline == (text.utf8.count <= 15))
        #expect(grapheme.asciiValue == character.asciiValue)
    }

    @Test func equalityFollowsTheGraphemeNotItsLength() {
        #expect(Glyph("a") != Glyph("b"))
        #expect(Glyph("👨‍👩‍👧‍👦") != Glyph("👨‍👩‍👧"))
        #expect(Glyph("👨‍👩‍👧‍👦") == Glyph("👨‍👩‍👧‍👦"))
        #expect(Glyph(" ") == .space && Glyph(" ").isSpace && !Glyph("\u{A0}").isSpace)
        #expect(Set([Glyph("x"), Glyph("x"), Glyph("💧")]).count == 2)
        #expect(GraphemeBytes(" ").isSpace && !GraphemeBytes("\u{A0}").isSpace && !GraphemeBytes("\n").isSpace)
        #expect(GraphemeBytes("\n").isLineFeed && !GraphemeBytes("\r\n").isLineFeed && GraphemeBytes(ascii: 0x0A).isLineFeed)
    }

    @Test func asciiValueAndDisplayWidth() {
        #expect(Glyph("A").asciiValue == 65)
        #expect(Glyph("é").asciiValue == nil)
        #expect(Glyph("A").displayWidth == 1)
        #expect(Glyph("─").displayWidth == 1)
        #expect(Glyph("💧").displayWidth == 2)
        #expect(Glyph("\t").displayWidth == 0)
    }
}
