import Testing
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
    }

    @Test func equalityFollowsTheGraphemeNotItsLength() {
        #expect(Glyph("a") != Glyph("b"))
        #expect(Glyph("👨‍👩‍👧‍👦") != Glyph("👨‍👩‍👧"))
        #expect(Glyph("👨‍👩‍👧‍👦") == Glyph("👨‍👩‍👧‍👦"))
        #expect(Glyph(" ") == .space && Glyph(" ").isSpace && !Glyph("\u{A0}").isSpace)
        #expect(Set([Glyph("x"), Glyph("x"), Glyph("💧")]).count == 2)
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
