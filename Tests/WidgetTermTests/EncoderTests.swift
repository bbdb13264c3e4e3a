import Foundation
import Testing
import CellLayout
import CellRender
import TerminalUI
import WidgetKitUI
@testable import WidgetTermCLI

// MARK: - ANSI encoding

@Suite("ANSI encoder")
struct ANSIEncoderTests {
    /// Two rows: a bold red "Hi" on blue, a blank that keeps the run, a wide glyph, then a default cell.
    static let buffer: CellBuffer = {
        var buffer = CellBuffer(width: 5, height: 2)
        let red = RGB(255, 0, 0), blue = RGB(0, 0, 255)
        buffer[0, 0] = Cell(glyph: "H", foreground: red, background: blue, attributes: .bold)
        buffer[1, 0] = Cell(glyph: "i", foreground: red, background: blue, attributes: .bold)
        buffer[2, 0] = Cell(glyph: "x", foreground: red, background: blue)
        buffer[3, 0] = Cell(background: blue)
        buffer[0, 1] = Cell(glyph: "💧", foreground: RGB(255, 255, 255))
        buffer[1, 1] = Cell(isContinuation: true)
        return buffer
    }()

    @Test("truecolour: one SGR per change of style; a blank keeps the foreground before it; rows end in a reset")
    func trueColor() {
        // The blank on blue stays in the run; the default-background blank only changes the background (its
        // foreground is kept so no foreground change is written); the blanks after the drop need no SGR at all.
        let expected =
            "\u{1B}[0;1;38;2;255;0;0;48;2;0;0;255mHi\u{1B}[0;38;2;255;0;0;48;2;0;0;255mx \u{1B}[0;38;2;255;0;0m \u{1B}[0m\n"
            + "\u{1B}[0;38;2;255;255;255m💧   \u{1B}[0m\n"
        #expect(FrameEncoder.ansi(Self.buffer, depth: .trueColor) == expected)
    }

    @Test func twoHundredFiftySixAndSixteenColours() {
        #expect(FrameEncoder.ansi(Self.buffer, depth: .ansi256).hasPrefix("\u{1B}[0;1;38;5;196;48;5;21mHi"))
        #expect(FrameEncoder.ansi(Self.buffer, depth: .ansi16).hasPrefix("\u{1B}[0;1;91;44mHi"))
        #expect(FrameEncoder.ansi(Self.buffer, depth: .none) == "Hix  \n💧   \n")
    }

    @Test("a cell styled as the one before writes no SGR, whether blank or not; a blank keeps the run's foreground")
    func repeatedStylesWriteNoSGR() {
        let red = RGB(255, 0, 0)
        var buffer = CellBuffer(width: 7, height: 1)
        buffer[0, 0] = Cell(glyph: "a", foreground: red)
        buffer[3, 0] = Cell(glyph: "b", foreground: red)
        buffer[4, 0] = Cell(foreground: RGB(0, 255, 0))
        buffer[5, 0] = Cell(glyph: "c", foreground: red, attributes: .bold)
        buffer[6, 0] = Cell(glyph: "d", foreground: red, attributes: .bold)
        let expected = "\u{1B}[0;38;2;255;0;0ma  b \u{1B}[0;1;38;2;255;0;0mcd\u{1B}[0m\n"
        #expect(FrameEncoder.ansiBytes(buffer, depth: .trueColor) == Array(expected.utf8))
    }

    @Test("a cell equal to the one before it writes its glyph only; the next different style still writes its SGR")
    func equalNeighboursWriteGlyphsOnly() {
        let red = RGB(255, 0, 0), green = RGB(0, 255, 0)
        var buffer = CellBuffer(width: 6, height: 2)
        buffer[0, 0] = Cell(glyph: "a", foreground: red)
        // Two equal blanks with another foreground: both stay in the red run.
        buffer[1, 0] = Cell(foreground: green)
        buffer[2, 0] = Cell(foreground: green)
        buffer[3, 0] = Cell(glyph: "g", foreground: green)
        buffer[4, 0] = Cell(glyph: "─", foreground: green)
        buffer[5, 0] = Cell(glyph: "─", foreground: green)
        // A row that starts with the cell the row above ends with writes its SGR again.
        for column in 0..<6 { buffer[column, 1] = Cell(glyph: "─", foreground: green) }
        let expected =
            "\u{1B}[0;38;2;255;0;0ma  \u{1B}[0;38;2;0;255;0mg──\u{1B}[0m\n" + "\u{1B}[0;38;2;0;255;0m──────\u{1B}[0m\n"
        #expect(FrameEncoder.ansiBytes(buffer, depth: .trueColor) == Array(expected.utf8))
    }

    @Test("graphemes of 1 to 8, 9 to 15 and over 15 UTF-8 bytes are written whole, in order")
    func graphemesOfEveryLength() {
        // é 2 bytes, ❤️ 6, 1️⃣ 7, 🇵🇹 8, 👍🏽 8, 🏳️‍🌈 14, 👩‍👩‍👧 18 (kept outside the cell), x 1.
        let graphemes: [Character] = ["é", "❤️", "1️⃣", "🇵🇹", "👍🏽", "🏳️‍🌈", "👩‍👩‍👧", "x"]
        #expect(graphemes.map(\.utf8.count) == [2, 6, 7, 8, 8, 14, 18, 1])
        let white = RGB(255, 255, 255)
        var buffer = CellBuffer(width: graphemes.count, height: 2)
        for (column, grapheme) in graphemes.enumerated() {
            buffer[column, 0] = Cell(glyph: Glyph(grapheme), foreground: white)
            buffer[graphemes.count - 1 - column, 1] = Cell(glyph: Glyph(grapheme), foreground: white)
        }
        let sgr = "\u{1B}[0;38;2;255;255;255m"
        let expected = sgr + String(graphemes) + "\u{1B}[0m\n" + sgr + String(graphemes.reversed()) + "\u{1B}[0m\n"
        #expect(FrameEncoder.ansiBytes(buffer, depth: .trueColor) == Array(expected.utf8))
    }

    @Test("the bytes and the string are the same text", arguments: [ColorDepth.none, .ansi16, .ansi256, .trueColor])
    func bytesMatchTheString(depth: ColorDepth) {
        #expect(FrameEncoder.ansiBytes(Self.buffer, depth: depth) == Array(FrameEncoder.ansi(Self.buffer, depth: depth).utf8))
    }
}

// MARK: - The shared benchmark frame

/// One cell of an ANSI picture, as bench-frame.md compares them: glyph, colours, bold.
private struct PictureCell: Equatable {
    var glyph: String
    var foreground: RGB?
    var background: RGB?
    var isBold: Bool
}

/// Reads truecolour SGR text back into cells (wide glyphs take two cells, the second empty).
private func picture(of text: String) -> [[PictureCell]] {
    var rows: [[PictureCell]] = [[]]
    var foreground: RGB?, background: RGB?, isBold = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
        if character == "\u{1B}", characters.first == "[" {
            characters.removeFirst()
            var parameters = ""
            while let next = characters.popFirst(), next != "m" { parameters.append(next) }
            var codes = parameters.split(separator: ";").compactMap { Int($0) }[...]
            while let code = codes.popFirst() {
                switch code {
                case 0: (foreground, background, isBold) = (nil, nil, false)
                case 1: isBold = true
                case 38, 48:
                    _ = codes.popFirst() // 2: truecolour
                    let color = RGB(UInt8(codes.popFirst() ?? 0), UInt8(codes.popFirst() ?? 0), UInt8(codes.popFirst() ?? 0))
                    if code == 38 { foreground = color } else { background = color }
                default: break
                }
            }
        } else if character == "\n" {
            rows.append([])
        } else {
            rows[rows.count - 1].append(
                PictureCell(glyph: String(character), foreground: foreground, background: background, isBold: isBold))
            if DisplayWidth.of(character) == 2 {
                rows[rows.count - 1].append(PictureCell(glyph: "", foreground: foreground, background: background, isBold: isBold))
            }
        }
    }
    return rows.filter { !$0.isEmpty }
}

@Suite("bench frame (docs/bench-frame.md)")
struct BenchFrameTests {
    static let surface = RGB(0x1C, 0x1C, 0x1E), border = RGB(0x3A, 0x3A, 0x3C), white = RGB(0xFF, 0xFF, 0xFF)
    static let blue = RGB(0x0A, 0x84, 0xFF), grey = RGB(0x8E, 0x8E, 0x93)

    /// The frame's text as `bench frame --once` writes it.
    static func frame() -> String {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(arguments: ["bench", "frame", "--once"], widgets: [], environment: [:], output: output, errors: errors)
        }
        #expect(status == 0)
        return output.text
    }

    @Test("46 × 11 cells, 11 lines ending in a newline, truecolour SGR")
    func shape() {
        let text = Self.frame()
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 12)
        #expect(text.hasSuffix("\n"))
        let rows = picture(of: text)
        #expect(rows.count == 11)
        #expect(rows.allSatisfy { $0.count == 46 })
    }

    @Test("matches the picture cell for cell")
    func matchesThePicture() throws {
        let rows = picture(of: Self.frame())
        try #require(rows.count == 11 && rows.allSatisfy { $0.count == 46 })
        /// The text of `row` from `start` for `count` cells.
        func text(_ row: Int, _ start: Int, _ count: Int) -> String { rows[row][start..<start + count].map(\.glyph).joined() }
        func expectInk(
            _ row: Int, _ start: Int, _ expected: String, _ foreground: RGB, bold: Bool = false,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let width = DisplayWidth.of(expected)
            #expect(text(row, start, width) == expected, sourceLocation: sourceLocation)
            for cell in rows[row][start..<start + width] where !cell.glyph.isEmpty && cell.glyph != " " {
                #expect(cell.foreground == foreground && cell.isBold == bold, "\(cell) in \(expected)", sourceLocation: sourceLocation)
            }
        }

        // Border rows and columns.
        expectInk(0, 0, "╭" + String(repeating: "─", count: 44) + "╮", Self.border)
        expectInk(10, 0, "╰" + String(repeating: "─", count: 44) + "╯", Self.border)
        for row in 1...9 {
            expectInk(row, 0, "│", Self.border)
            expectInk(row, 45, "│", Self.border)
            #expect(rows[row][1].glyph == " " && rows[row][44].glyph == " ", "one blank cell of padding on row \(row)")
        }
        // Content.
        expectInk(1, 2, "💧 ", Self.white)
        expectInk(1, 5, "Water", Self.blue, bold: true)
        expectInk(2, 2, "1250 ml", Self.white, bold: true)
        expectInk(3, 2, "Goal 2000 ml", Self.grey)
        for (row, label, value) in [(5, "Coffee", "2 cups"), (6, "Tea", "1 cup"), (7, "Water", "5 glasses")] {
            expectInk(row, 2, label, Self.white)
            expectInk(row, 44 - value.count, value, Self.grey)
            #expect(text(row, 2 + label.count, 42 - label.count - value.count).allSatisfy { $0 == " " })
        }
        #expect(text(8, 1, 44).allSatisfy { $0 == " " } && text(9, 1, 44).allSatisfy { $0 == " " })
        // The bar: 26 full cells of the fill, a quarter block, 15 cells of track.
        for column in 2..<28 {
            let cell = rows[4][column]
            #expect(
                cell.glyph == " " && cell.background == Self.blue || cell.glyph == "█" && cell.foreground == Self.blue, "bar cell \(column)"
            )
        }
        #expect(rows[4][28] == PictureCell(glyph: "▎", foreground: Self.blue, background: Self.border, isBold: false))
        for column in 29..<44 { #expect(rows[4][column].glyph == " " && rows[4][column].background == Self.border, "track cell \(column)") }
        // Every other cell shows the surface.
        for (row, cells) in rows.enumerated() {
            for (column, cell) in cells.enumerated() where !(row == 4 && (2..<44).contains(column)) {
                #expect(cell.background == Self.surface, "background at \(column), \(row)")
            }
        }
    }

    @Test("--one-cell: the two amounts differ in one cell, written as a cursor move and that cell")
    func oneCellFrames() throws {
        let setup = FrameBenchmark.Setup(date: Date(timeIntervalSince1970: 1_773_478_800))
        func frame(_ amount: LocalizedStringKey) -> CellBuffer {
            FrameBenchmark.paint(FrameBenchmark.layOut(FrameBenchmark.resolve(BenchFrameView(amount: amount), setup: setup), setup), setup)
        }
        let runs = ScreenDiff.runs(from: frame("1250 ml"), to: frame("1251 ml"))
        try #require(runs.count == 1)
        // Row 2 reads "│ 1250 ml": the "0" at column 5 becomes "1", bold white on the surface.
        #expect(runs[0].row == 2 && runs[0].column == 5 && runs[0].cells.count == 1)
        let cell = Cell(glyph: "1", foreground: Self.white, background: Self.surface, attributes: .bold)
        #expect(runs[0].cells == [cell])
        let bytes = String(decoding: FrameBenchmark.ansiBytes(runs), as: UTF8.self)
        #expect(bytes == "\u{1B}[3;6H\u{1B}[0;1;38;2;255;255;255;48;2;28;28;30m1\u{1B}[0m\n")
    }

    @Test("the renderer that keeps its painter and encoder writes, frame after frame, the bytes of a frame painted anew")
    func reusedRendererMatchesNewFrame() {
        let setup = FrameBenchmark.Setup(date: Date(timeIntervalSince1970: 1_773_478_800))
        let painted = FrameBenchmark.paint(FrameBenchmark.layOut(FrameBenchmark.resolve(setup: setup), setup), setup)
        let expected = FrameEncoder.ansiBytes(painted, depth: .trueColor)
        var renderer = FrameBenchmark.Renderer(setup: setup)
        for frame in 0..<3 { #expect(renderer.frameBytes() == expected, "frame \(frame)") }
    }

    @Test("--one-cell prints both timings and one changed cell per frame")
    func oneCellOutput() {
        let output = StringStream(), errors = StringStream()
        let status = WidgetTermCommand.run(
            arguments: ["bench", "frame", "--one-cell", "--iterations", "3"], widgets: [], environment: [:], output: output,
            errors: errors)
        #expect(status == 0)
        let lines = output.text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0.first ?? "" } == ["frame", "one-cell-frame", "one-cell-write"])
        #expect(lines.dropFirst().allSatisfy { $0.count == 5 && $0[3] == "3" && $0[4] == "1.0" })
    }
}
