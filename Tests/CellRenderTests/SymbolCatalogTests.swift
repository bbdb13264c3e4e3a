import Foundation
import Testing
import CellLayout
import CellRender
import WidgetKitUI

@Suite("SF Symbol names: only real names draw, with the release that added them")
struct SymbolCatalogTests {
    /// 50 real names and the iOS release the public list gives for each.
    static let real: [(String, String)] = [
        ("drop.fill", "14.0"), ("book.fill", "13.0"), ("heart.fill", "13.0"), ("star.fill", "13.0"),
        ("cloud.sun.rain.fill", "13.0"), ("calendar", "13.0"), ("clock.fill", "13.0"), ("person.crop.circle.fill", "13.0"),
        ("arrow.right", "13.0"), ("chevron.right", "13.0"), ("bell.badge.fill", "14.0"), ("house.fill", "13.0"),
        ("gearshape.fill", "14.0"), ("trash.fill", "13.0"), ("magnifyingglass", "13.0"), ("checkmark.circle.fill", "13.0"),
        ("xmark.circle", "13.0"), ("plus.circle", "13.0"), ("battery.100percent", "17.0"), ("bolt.fill", "13.0"),
        ("flame.fill", "13.0"), ("leaf.fill", "14.0"), ("moon.stars.fill", "13.0"), ("sun.max.fill", "13.0"),
        ("figure.walk", "14.0"), ("figure.run.circle.fill", "16.0"), ("car.fill", "13.0"), ("bus.fill", "14.0"),
        ("tram.fill", "13.0"), ("airplane.circle.fill", "14.0"), ("cart.fill", "13.0"), ("bag.fill", "13.0"),
        ("creditcard.fill", "13.0"), ("envelope.fill", "13.0"), ("phone.fill", "13.0"), ("message.fill", "13.0"),
        ("map.fill", "13.0"), ("location.fill", "13.0"), ("timer", "13.0"), ("hourglass", "13.0"), ("gift.fill", "13.0"),
        ("pills.fill", "14.0"), ("zzz", "13.0"), ("microphone", "18.0"), ("cup.and.saucer.fill", "15.0"),
        ("figure.walk.motion", "16.0"), ("truck.box.fill", "17.0"), ("text.document", "18.0"), ("hydrogen", "18.4"),
        ("suitcase.rolling.and.suitcase", "26.0"),
    ]

    /// 50 misspelt names and the real name each suggests (nil: nothing near).
    static let misspelt: [(String, String?)] = [
        ("drop.filll", "drop.fill"), ("book.filled", "book.fill"), ("zzz.nope", "zzz"), ("heart.fil", "heart.fill"),
        ("star.fll", "star.fill"), ("cloud.sun.rian", "cloud.sun.rain"), ("calender", "calendar"),
        ("clock.fill.circle", "clock.circle.fill"), ("person.crop.circle.filled", "person.crop.circle.fill"),
        ("arrow.rigth", "arrow.right"), ("chevron.rigth", "chevron.right"), ("bell.badge.filled", "bell.badge.fill"),
        ("house.filled", "house.fill"), ("gearshape.fil", "gearshape.fill"), ("trash.fil", "trash.fill"),
        ("magnifyingglas", "magnifyingglass"), ("checkmark.circle.filled", "checkmark.circle.fill"),
        ("xmark.circel", "xmark.circle"), ("plus.circel", "plus.circle"), ("minus.cirlce", "minus.circle"),
        ("battery.100percents", "battery.100percent"), ("bolt.fil", "bolt.fill"), ("flame.filled", "flame.fill"),
        ("leaf.filled", "leaf.fill"), ("moon.stars.filled", "moon.stars.fill"), ("sun.max.filled", "sun.max.fill"),
        ("cloud.rain.filled", "cloud.rain.fill"), ("figure.walking", "figure.walk"),
        ("figure.run.circle.filled", "figure.run.circle.fill"), ("car.filled", "car.fill"), ("bus.filled", "bus.fill"),
        ("tram.filled", "tram.fill"), ("airplane.circle.filled", "airplane.circle.fill"), ("cart.filled", "cart.fill"),
        ("bag.filled", "bag.fill"), ("creditcard.filled", "creditcard.fill"), ("envelope.filled", "envelope.fill"),
        ("phone.filled", "phone.fill"), ("message.filled", "message.fill"), ("map.filled", "map.fill"),
        ("location.filled", "location.fill"), ("hourglas", "hourglass"), ("gift.filled", "gift.fill"),
        ("pills.filled", "pills.fill"), ("calendar.badge.pluss", "calendar.badge.plus"), ("wifi.slashed", "wifi.slash"),
        ("heart.text.square.filled", "heart.text.square.fill"), ("checkmarks", "checkmark"),
        ("qwerty.uiop", nil), ("no.such.symbol", nil),
    ]

    @Test("50 real names are found, each with the iOS release that added it, and each has a glyph")
    func realNames() throws {
        #expect(Self.real.count == 50)
        for (name, release) in Self.real {
            #expect(SymbolCatalog.introduction(ofSystemName: name)?.description == release, "\(name)")
            // Two names too new or too rare for the hand-made glyph table draw ⍰ and say so (symbol-without-glyph).
            let hasGlyph = !["hydrogen", "suitcase.rolling.and.suitcase"].contains(name)
            #expect((SymbolTable.glyph(forSystemName: name) != nil) == hasGlyph, "\(name)")
            #expect(SymbolAvailabilityCheck.problem(withSystemName: name, osVersion: 26) == nil, "\(name)")
        }
        #expect(SymbolCatalog.currentNames.count == 8302)
    }

    @Test("50 misspelt names draw no glyph and suggest the nearest real name")
    func misspeltNames() throws {
        #expect(Self.misspelt.count == 50)
        for (name, suggestion) in Self.misspelt {
            #expect(!SymbolCatalog.contains(systemName: name), "\(name) is real")
            #expect(SymbolTable.glyph(forSystemName: name) == nil, "\(name) found a glyph")
            #expect(SymbolCatalog.suggestion(forUnknownName: name) == suggestion, "\(name)")
            let problem = try #require(SymbolAvailabilityCheck.problem(withSystemName: name, osVersion: 26))
            #expect(problem.code == "unknown-symbol")
            if let suggestion { #expect(problem.message.hasSuffix("Did you mean \"\(suggestion)\"?"), "\(problem.message)") }
        }
        #expect(
            SymbolAvailabilityCheck.problem(withSystemName: "drop.filll", osVersion: 26)?.message
                == "SF Symbol \"drop.filll\" does not exist: iOS draws nothing, WidgetTerm draws ⍰. Did you mean \"drop.fill\"?")
    }

    @Test("a symbol newer than --os is reported with its release; older and legacy names are not")
    func newerThanOS() throws {
        let newer = try #require(SymbolAvailabilityCheck.problem(withSystemName: "microphone", osVersion: 17))
        #expect(newer.code == "symbol-newer-than-os")
        #expect(
            newer.message
                == "SF Symbol \"microphone\" arrived in iOS 18.0; on iOS 17 it draws nothing (WidgetTerm draws ⍰). "
                + "Pick an older symbol under if #available(iOS 18, *).")
        #expect(SymbolAvailabilityCheck.problem(withSystemName: "microphone", osVersion: 18) == nil)
        #expect(SymbolAvailabilityCheck.problem(withSystemName: "mic", osVersion: 16) == nil)
        #expect(SymbolAvailabilityCheck.problem(withSystemName: "drop.fill", osVersion: 14) == nil)
        #expect(SymbolAvailabilityCheck.problem(withSystemName: "drop.fill", osVersion: 13)?.code == "symbol-newer-than-os")
        #expect(SymbolCatalog.currentName(forLegacyName: "mic") == "microphone")
    }

    @Test("every name of the glyph table is a real name, current or legacy; every legacy name's current name is real")
    func glyphTableNamesAreReal() {
        for name in SymbolTable.names { #expect(SymbolCatalog.contains(systemName: name), "\(name)") }
        for (legacy, current) in SymbolCatalog.legacyNamePairs {
            #expect(SymbolCatalog.introduction(ofSystemName: current) != nil, "\(legacy) → \(current)")
            #expect(SymbolCatalog.introduction(ofSystemName: legacy) == SymbolCatalog.oldestRelease)
        }
    }

    @Test("the compiled legacy names are exactly legacy.tsv (run generate_names.py after editing it)")
    func legacyNamesMatchData() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/CellRender/SymbolGlyphs/legacy.tsv").standardized
        let rows = try String(contentsOf: data, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.map { $0[0] }.sorted() == SymbolCatalog.legacyNamePairs.map(\.legacy))
        for row in rows { #expect(SymbolCatalog.currentName(forLegacyName: row[0]) == row[1], "\(row)") }
    }

    @Test("a widget rendered for iOS 17 draws ⍰ for a misspelt and for an iOS 18 symbol, and reports both")
    func renderReports() throws {
        func symbol(_ name: String) -> ViewNode {
            .image(ImageNode(source: .systemSymbol(name), isResizable: false, font: .body, foreground: .hierarchical(level: 0, base: nil)))
        }
        let tree = ViewNode.stack(
            StackNode(
                axis: .horizontal, alignment: .center, spacing: 0,
                children: [
                    symbol("drop.filll"), symbol("microphone"), symbol("drop.fill"),
                ]))
        let options = WidgetRenderOptions(
            family: .systemSmall, osVersion: 17, style: PaintStyle(colorScheme: .dark), date: Date(timeIntervalSince1970: 0))
        let frame = WidgetRenderer.render(
            content: tree, containerBackground: .shape(ShapeNode(kind: .rectangle, fill: .color(.black))), diagnostics: [],
            options: options)
        #expect(frame.diagnostics.map(\.code) == ["unknown-symbol", "symbol-newer-than-os"])
        let text = FrameEncoder.text(frame.buffer)
        #expect(text.filter { $0 == "⍰" }.count == 2, "\(text)")
        #expect(text.contains("💧"), "\(text)")
    }
}

@Suite("Monochrome fallbacks still look like the symbol")
struct SymbolFallbackTests {
    /// The emoji rows whose fallback is ASCII: each is the symbol's own sign or shape.
    static let asciiFallbacks: [String: Character] = [
        "moon.zzz": "z", "tornado": "@", "hurricane": "@", "tropicalstorm": "@", "exclamationmark.circle": "!",
        "exclamationmark.triangle": "!", "exclamationmark.triangle.fill": "!", "questionmark.circle": "?", "plus.circle": "+",
        "minus.circle": "-", "divide": "/", "creditcard": "$", "banknote": "$", "dollarsign.circle": "$", "eurosign": "E",
        "eurosign.circle": "E", "airplane": "+", "airplane.departure": "+", "airplane.arrival": "+", "trophy": "Y",
        "envelope": "@", "envelope.fill": "@", "ruler": "=", "wrench": "/", "wrench.adjustable": "/", "screwdriver": "/",
        "wrench.and.screwdriver": "X", "hand.thumbsup": "+", "hand.thumbsdown": "-", "hand.wave": "~", "hands.clap": "*",
        "hand.point.right": ">", "ear": "(", "wineglass": "Y", "carrot": "v", "bed.double": "z", "zzz": "z", "brain": "@",
        "brain.head.profile": "@", "lungs": "W", "hare": ">", "ant": "*", "ladybug": "*", "fish": "<", "bird": "v", "cat": "&",
        "dog": "&", "textformat": "A", "textformat.abc": "a", "textformat.characters": "a", "textformat.123": "#",
        "textformat.numbers": "#",
    ]

    @Test("the whole table: a narrow glyph is its own fallback; an emoji falls back to a narrow symbol, ASCII only where listed")
    func wholeTable() throws {
        var ascii: [String: Character] = [:]
        for name in SymbolTable.names {
            let symbol = try #require(SymbolTable.glyph(forSystemName: name))
            #expect(DisplayWidth.of(symbol.fallback) == 1, "\(name)")
            #expect(!symbol.fallback.unicodeScalars.contains { $0.properties.isEmoji && $0.value > 0x7F }, "\(name)")
            if DisplayWidth.of(symbol.glyph) == 1 {
                #expect(symbol.fallback == symbol.glyph, "\(name): \(symbol.glyph) falls back to \(symbol.fallback)")
            } else if symbol.fallback.isASCII {
                ascii[name] = symbol.fallback
            }
        }
        #expect(ascii == Self.asciiFallbacks)
    }

    @Test("the examples of the issue, and the commonest widget symbols, by exact fallback")
    func examples() {
        let expected: [String: Character] = [
            "checkmark.circle.fill": "✓", "location.fill": "⌖", "cloud.sun": "☼", "drop.fill": "⬨", "flame.fill": "⍋",
            "bell": "⍾", "bolt.fill": "ϟ", "house": "⌂", "calendar": "⊞", "lock": "⊓", "key": "⚷", "link": "⚯",
            "figure.walk": "♙", "bicycle": "⚮", "magnifyingglass": "⌕", "phone": "✆", "book": "◫", "globe": "♁",
            "hourglass": "⧗", "moon": "☾", "sparkles": "✧", "xmark.circle": "✗",
        ]
        for (name, fallback) in expected {
            #expect(SymbolTable.glyph(forSystemName: name)?.fallback == fallback, "\(name)")
        }
    }
}
