import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
import WidgetHost
@testable import WidgetTermCLI
@testable import WidgetKitUI
@testable import WidgetDocument

/// Widget documents that declare configuration parameters (issue 13, item 6, documents): the twin of
/// `station-board`, `--param` on documents, and bad `parameters` sections.
@Suite("Widget documents: configuration parameters")
struct DocumentParameterTests {
    /// A fresh Swift `station-board` (its parameter values belong to this descriptor only).
    static func swiftSample() throws -> WidgetDescriptor {
        try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "station-board" })
    }

    static func twin() throws -> WidgetDescriptor { try DocumentFixtures.example("twins/station-board.json") }

    /// The lines of text a small widget shows, trimmed, without its corner rows and blank rows.
    static func lines(_ descriptor: WidgetDescriptor) throws -> [String] {
        let rows = DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall))
        return rows.dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static let chosen = [
        ("heading", "Hi"), ("count", "5"), ("showsPlatform", "false"), ("mode", "bus"), ("station", "belem"), ("line", "15E"),
    ]

    @Test(
        "the station-board twin draws the Swift sample's frames, cell for cell, in every family, appearance and provider call, with the defaults and with chosen values",
        arguments: [false, true])
    func twinRendersIdentically(choosing: Bool) throws {
        let sample = try Self.swiftSample()
        let twin = try Self.twin()
        #expect(twin.kind == "station-board-document")
        #expect(twin.displayName == sample.displayName)
        #expect(twin.supportedFamilies == sample.supportedFamilies)
        if choosing {
            for (name, value) in Self.chosen {
                try #require(sample.configuration).set(name, to: value)
                try #require(twin.configuration).set(name, to: value)
            }
        }
        var compared = 0
        for family in sample.supportedFamilies {
            for (name, style) in DocumentFixtures.styles {
                for context in [ProviderContext.timeline, .placeholder, .snapshot] {
                    let expected = try DocumentFixtures.render(sample, family: family, style: style, context: context)
                    let actual = try DocumentFixtures.render(twin, family: family, style: style, context: context)
                    #expect(FrameEncoder.golden(actual.buffer) == FrameEncoder.golden(expected.buffer), "\(family) \(name) \(context)")
                    #expect(actual.diagnostics.map(\.code) == expected.diagnostics.map(\.code), "\(family) \(name) \(context)")
                    compared += 1
                }
            }
        }
        #expect(compared == 2 * 4 * 3)
        let medium = DocumentFixtures.rows(try DocumentFixtures.render(twin, family: .systemMedium))
        if choosing {
            #expect(
                Array(medium[1...7]) == ["  Hi", "  🚌 Belém", "  15E 2 min", "  15E 9 min", "  15E 16 min", "  15E 23 min", "  15E 30 min"])
        } else {
            #expect(
                Array(medium[1...5]) == [
                    "  Next departures", "  🚋 Rossio", "  28E 2 min" + String(repeating: " ", count: 31) + "P2",
                    "  28E 9 min" + String(repeating: " ", count: 31) + "P2", "  28E 16 min" + String(repeating: " ", count: 30) + "P2",
                ])
        }
    }

    @Test("the twin declares the Swift intent's parameters: names, titles, kinds, lists and starting values")
    func parametersMatchTheSwiftIntent() throws {
        let swift = try #require(try Self.swiftSample().configuration)
        let document = try #require(try Self.twin().configuration)
        #expect(document.parameters.map(\.name) == swift.parameters.map(\.name))
        #expect(document.parameters.map(\.title) == ["Title", "Departures", "Show platform", "Mode", "Station", "Line"])
        #expect(document.parameters.map(\.title) == swift.parameters.map(\.title))
        #expect(document.parameters.map(\.kind) == [.text, .integer, .toggle, .enumeration, .entity, .text])
        #expect(document.parameters.map(\.kind) == swift.parameters.map(\.kind))
        #expect(document.parameters.map(\.hasChoices) == swift.parameters.map(\.hasChoices))
        for name in ["heading", "count", "showsPlatform", "mode", "station", "line"] {
            #expect(document.options(for: name) == swift.options(for: name), "\(name)")
            #expect(document.currentValue(of: name) == swift.currentValue(of: name), "\(name)")
        }
        #expect(document.options(for: "station")?.map(\.title) == ["Cais do Sodré", "Rossio", "Belém"])
        #expect(document.currentValue(of: "station") == IntentParameterOption(value: "rossio", title: "Rossio"))
        #expect(document.currentValue(of: "mode") == IntentParameterOption(value: "tram", title: "Tram"))
    }

    @Test("--param on a document refuses what the Swift sample refuses, with the same message")
    func refusedValuesMatch() throws {
        let swift = try #require(try Self.swiftSample().configuration)
        let document = try #require(try Self.twin().configuration)
        let cases = [("station", "porto"), ("mode", "boat"), ("line", "99"), ("count", "x"), ("showsPlatform", "yes"), ("nope", "1")]
        for (name, value) in cases {
            var swiftError: IntentParameterError?
            var documentError: IntentParameterError?
            do { try swift.set(name, to: value) } catch let error as IntentParameterError { swiftError = error }
            do { try document.set(name, to: value) } catch let error as IntentParameterError { documentError = error }
            #expect(documentError != nil, "\(name)=\(value)")
            #expect(documentError == swiftError, "\(name)=\(value)")
        }
        do {
            try document.set("station", to: "porto")
        } catch {
            #expect("\(error)" == "parameter station has no value porto; valid values: cais-do-sodre, rossio, belem")
        }
        #expect(document.values.isEmpty)
    }

    @Test("widgetterm render FILE --param sets a document's parameters; a bad value exits 2 naming the valid ones")
    func commandLine() throws {
        let file = DocumentFixtures.examples.appendingPathComponent("twins/station-board.json").path
        func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
            let output = StringStream(), errors = StringStream()
            let status = FixedClock.run {
                WidgetTermCommand.run(
                    arguments: arguments, widgets: [], environment: ["TERM": "dumb"], output: output, errors: errors)
            }
            return (status, output.text, errors.text)
        }
        let chosen = run([
            "render", file, "--family", "systemSmall", "--timezone", "UTC", "--param", "station=cais-do-sodre", "--param", "count=1",
        ])
        #expect(chosen.status == 0, "\(chosen.errors)")
        #expect(chosen.output.contains("🚋 Cais do Sod…"))
        #expect(chosen.output.components(separatedBy: " min").count == 2, "one departure")
        let refused = run(["render", file, "--param", "station=porto"])
        #expect(refused.status == 2)
        #expect(
            refused.errors
                == "widgetterm: station-board-document: parameter station has no value porto; valid values: cais-do-sodre, rossio, belem\n")
    }

    // MARK: Bad parameters sections

    static func document(parameters: String, data: String = "{}", view: String = "{\"Text\": \"x\"}") -> String {
        """
        {"kind": "probe", "families": ["systemSmall"],
         "parameters": \(parameters),
         "timeline": {"entries": [{"data": \(data)}]},
         "view": \(view)}
        """
    }

    @Test("views and entry data read {{configuration.NAME}}; an entity is {id, title, subtitle}")
    func viewsReadTheConfiguration() throws {
        let text = Self.document(
            parameters: """
                {"place": {"type": "entity", "entities": [{"id": "a", "title": "Alpha"}, {"id": "b", "title": "Beta", "subtitle": "2"}]},
                 "ratio": {"type": "double", "default": 0.5}}
                """,
            data: "{\"label\": \"{{configuration.place.title}} at {{configuration.ratio}}\"}",
            view: """
                {"VStack": [{"Text": "{{label}}"}, {"Text": "{{configuration.place.id}}/{{configuration.place.subtitle}}"},
                 {"if": "configuration.ratio > 0.7", "then": {"Text": "high"}, "else": {"Text": "low"}}],
                 "modifiers": [{"containerBackground": "background"}]}
                """)
        let descriptor = try WidgetDocument(text: text).descriptor
        #expect(try Self.lines(descriptor) == ["Alpha at 0.5", "a/", "low"])
        let configuration = try #require(descriptor.configuration)
        try configuration.set("place", to: "b")
        try configuration.set("ratio", to: "0.75")
        #expect(try Self.lines(descriptor) == ["Beta at 0.75", "b/2", "high"])
        #expect(configuration.parameters.map(\.title) == ["place", "ratio"], "the title defaults to the name")
        #expect(configuration.parameters.map(\.typeName) == ["entity", "Double"])
    }

    @Test("a parameters section's mistakes are errors at their JSON path, with the nearest valid name")
    func badSections() throws {
        let type = try #require(DocumentFixtures.error(Self.document(parameters: "{\"count\": {\"type\": \"itn\"}}")))
        #expect(type.path.description == "$.parameters.count.type")
        #expect(type.found == "\"itn\"")
        #expect(type.suggestion == "int")

        let label = try #require(DocumentFixtures.error(Self.document(parameters: "{\"count\": {\"type\": \"int\", \"defualt\": 3}}")))
        #expect(label.path.description == "$.parameters.count.defualt")
        #expect(label.suggestion == "default")

        let notAWholeNumber = try #require(
            DocumentFixtures.error(Self.document(parameters: "{\"count\": {\"type\": \"int\", \"default\": 2.5}}")))
        #expect(notAWholeNumber.path.description == "$.parameters.count.default")
        #expect(notAWholeNumber.expected == "a whole number")

        let notACase = try #require(
            DocumentFixtures.error(
                Self.document(parameters: "{\"mode\": {\"type\": \"enum\", \"cases\": [\"bus\", \"tram\"], \"default\": \"tarm\"}}")))
        #expect(notACase.path.description == "$.parameters.mode.default")
        #expect(notACase.expected == "one of the cases (bus, tram)")
        #expect(notACase.found == "\"tarm\"")
        #expect(notACase.suggestion == "tram")

        let noCases = try #require(DocumentFixtures.error(Self.document(parameters: "{\"mode\": {\"type\": \"enum\"}}")))
        #expect(noCases.path.description == "$.parameters.mode")
        #expect(noCases.found == "no cases")

        let twice = try #require(
            DocumentFixtures.error(
                Self.document(
                    parameters: "{\"s\": {\"type\": \"entity\", \"entities\": [{\"id\": \"a\"}, {\"id\": \"a\", \"title\": \"A\"}]}}")))
        #expect(twice.path.description == "$.parameters.s.entities[1].id")
        #expect(twice.expected == "each identifier once")

        let badName = try #require(DocumentFixtures.error(Self.document(parameters: "{\"my count\": {\"type\": \"int\"}}")))
        #expect(badName.path.description == "$.parameters[\"my count\"]")

        let missing = try #require(
            DocumentFixtures.error(
                Self.document(parameters: "{\"count\": {\"type\": \"int\"}}", data: "{\"n\": \"{{configuration.cuont}}\"}")))
        #expect(missing.path.description == "$.timeline.entries[0].data.n")
        #expect(missing.found == "no such field in {{configuration.cuont}}")
        #expect(missing.suggestion == "count")

        let otherRoot = try #require(
            DocumentFixtures.error(Self.document(parameters: "{\"count\": {\"type\": \"int\"}}", data: "{\"n\": \"{{entry.date}}\"}")))
        #expect(otherRoot.path.description == "$.timeline.entries[0].data.n")
        #expect(otherRoot.expected == "a placeholder in entry data that reads configuration.NAME (the parameters)")

        let reserved = try #require(
            DocumentFixtures.error(Self.document(parameters: "{\"count\": {\"type\": \"int\"}}", data: "{\"configuration\": 1}")))
        #expect(reserved.path.description == "$.timeline.entries[0].data.configuration")
    }

    @Test("without parameters, entry data is used as written: a {{ in data stays text")
    func dataWithoutParametersIsLiteral() throws {
        let text = DocumentFixtures.widget("{\"Text\": \"{{label}}\"}", data: "{\"label\": \"{{c.x}}\"}")
        let descriptor = try WidgetDocument(text: text).descriptor
        #expect(descriptor.configuration == nil)
        #expect(try Self.lines(descriptor) == ["{{c.x}}"])
    }
}
