import Foundation
import Testing
import TestSupport
@testable import WidgetDocument

/// The keywords of JSON Schema 2020-12 that docs/control-document.schema.json uses, checked against a document:
/// `type`, `const`, `pattern`, `required`, `properties`, `additionalProperties`, `anyOf`, `oneOf`, `not` and
/// local `$ref`s. Returns the JSON paths that fail; empty when the document is valid.
struct SchemaSubsetValidator {
    let root: JSONNode

    func errors(_ value: JSONNode, _ schema: JSONNode, path: String = "$") -> [String] {
        guard schema.members != nil else { return [] }
        if case .string(let reference) = schema["$ref"]?.value {
            guard reference.hasPrefix("#/$defs/"), let target = root["$defs"]?[String(reference.dropFirst(8))] else {
                return ["\(path): unknown $ref \(reference)"]
            }
            return errors(value, target, path: path)
        }
        var found: [String] = []
        if let type = schema["type"] {
            let names: [String]
            switch type.value {
            case .string(let name): names = [name]
            case .array(let items): names = items.compactMap { if case .string(let name) = $0.value { return name } else { return nil } }
            default: names = []
            }
            if !names.contains(where: { Self.matches(value.value, type: $0) }) {
                found.append("\(path): not \(names.joined(separator: " or "))")
            }
        }
        if let constant = schema["const"], !Self.equal(constant.value, value.value) { found.append("\(path): not the constant") }
        if case .string(let pattern) = schema["pattern"]?.value, case .string(let text) = value.value,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            found.append("\(path): does not match \(pattern)")
        }
        if let members = value.members {
            let keys = members.map(\.key)
            if case .array(let required) = schema["required"]?.value {
                for item in required {
                    if case .string(let key) = item.value, !keys.contains(key) { found.append("\(path): misses \(key)") }
                }
            }
            let properties = schema["properties"]?.members ?? []
            for member in members {
                let memberPath = "\(path).\(member.key)"
                if let property = properties.first(where: { $0.key == member.key }) {
                    found += errors(member.value, property.value, path: memberPath)
                } else if let additional = schema["additionalProperties"] {
                    if additional.value == .bool(false) {
                        found.append("\(memberPath): not allowed")
                    } else {
                        found += errors(member.value, additional, path: memberPath)
                    }
                }
            }
        }
        if case .array(let options) = schema["anyOf"]?.value, !options.contains(where: { errors(value, $0, path: path).isEmpty }) {
            found.append("\(path): matches no anyOf")
        }
        if case .array(let options) = schema["oneOf"]?.value {
            let matching = options.filter { errors(value, $0, path: path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of oneOf") }
        }
        if let not = schema["not"], errors(value, not, path: path).isEmpty { found.append("\(path): matches not") }
        return found
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (value, type) {
        case (.object, "object"), (.array, "array"), (.string, "string"), (.bool, "boolean"), (.null, "null"), (.number, "number"):
            return true
        case (.number(_, let isInteger), "integer"): return isInteger
        default: return false
        }
    }

    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a, _), .number(let b, _)): return a == b
        default: return lhs == rhs
        }
    }
}

@Suite("The control document JSON Schema")
struct ControlDocumentSchemaTests {
    static let package = PackagePaths.root

    static func parse(_ relativePath: String) throws -> JSONNode {
        let text = try String(contentsOf: package.appendingPathComponent(relativePath), encoding: .utf8)
        return try JSONScanner.parse(text, file: relativePath)
    }

    static func validator() throws -> SchemaSubsetValidator { SchemaSubsetValidator(root: try parse("docs/control-document.schema.json")) }

    @Test(
        "the control samples' twins are valid",
        arguments: ["examples/twins/focus.json", "examples/twins/add-water.json", "examples/twins/lights.json"])
    func samplesAreValid(path: String) throws {
        let validator = try Self.validator()
        let document = try Self.parse(path)
        #expect(validator.errors(document, validator.root) == [])
        // And the loader takes them: the schema describes documents WidgetTerm reads.
        let loaded = try ControlDocument(contentsOf: Self.package.appendingPathComponent(path).path)
        #expect(loaded.descriptor.kind == URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    }

    @Test("the schema's members are exactly the loader's")
    func membersMatchTheLoader() throws {
        let schema = try Self.validator().root
        let top = try #require(schema["properties"]?.members).map(\.key)
        #expect(Set(top) == Set(ControlDocumentLoader.topKeys))
        let control = try #require(schema["$defs"]?["control"]?["properties"]?.members).map(\.key)
        #expect(Set(control) == Set(ControlDocumentLoader.controlKeys))
    }

    @Test("broken controls are refused at the right path")
    func brokenDocumentsAreRefused() throws {
        let validator = try Self.validator()
        func errors(_ text: String) throws -> [String] { validator.errors(try JSONScanner.parse(text), validator.root) }
        #expect(
            try errors(#"{"kind": "a", "control": {"toggle": {"title": "A"}, "button": {}, "action": "x"}}"#) == [
                "$.control: matches 0 of oneOf"
            ])
        #expect(try errors(#"{"kind": "a", "control": {"button": {"title": "A"}}}"#) == ["$.control: misses action"])
        #expect(
            try errors(#"{"kind": "a b", "control": {"button": {"title": "A"}, "action": "x"}}"#) == [
                "$.kind: does not match ^[A-Za-z0-9._-]+$"
            ])
        #expect(
            try errors(#"{"kind": "a", "view": "Spacer", "control": {"button": {"label": "A"}, "action": {"set": "k"}}}"#)
                == ["$.view: not allowed", "$.control.button.label: not allowed", "$.control.action: matches no anyOf"])
        #expect(
            try errors(#"{"kind": "a", "version": 2, "control": {"button": {}, "action": "x", "tint": 3}}"#) == [
                "$.version: not the constant", "$.control.tint: matches no anyOf",
            ])
    }
}
