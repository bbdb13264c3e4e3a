import Foundation
import WidgetKitUI
import SpellingSuggestions

extension ViewCompiler {
    // MARK: Control flow

    /// `{"if": "CONDITION", "then": VIEWS, "else": VIEWS}`: the branch is chosen each time the body is evaluated,
    /// as an `if` in a SwiftUI body.
    func conditional(_ located: Located, condition: Located) throws -> ViewRecipe {
        var arguments = try Arguments(
            owner: "if", primary: nil, labeled: located.members!.filter { $0.key != "if" && $0.key != "modifiers" },
            valid: ["then", "else"])
        guard case .string(let text) = condition.value else {
            throw DocumentError(
                at: condition, expected: "a condition string such as \"isStale\", \"count > 0\" or \"env.widgetFamily == systemSmall\"")
        }
        let predicate = try Condition.parse(text, at: condition)
        guard let thenNode = arguments.take("then") else {
            throw DocumentError(at: located, expected: "\"then\": the view shown when the condition holds")
        }
        let thenViews = try content(thenNode)
        let elseViews = try arguments.take("else").map(content)
        try arguments.finish()
        return ViewRecipe { evaluation in
            if try predicate.evaluate(evaluation) { return .view(Self.contentView(thenViews, evaluation)) }
            return .view(elseViews.map { Self.contentView($0, evaluation) } ?? AnyView(EmptyView()))
        }
    }

    /// `{"switch": "env.widgetFamily", "cases": {"accessoryCircular": VIEWS, "systemSmall, systemMedium": VIEWS},
    /// "default": VIEWS}`: the first case whose name (comma-separated alternatives) equals the value's text.
    func switchView(_ located: Located, subject: Located) throws -> ViewRecipe {
        var arguments = try Arguments(
            owner: "switch", primary: nil, labeled: located.members!.filter { $0.key != "switch" && $0.key != "modifiers" },
            valid: ["cases", "default"])
        guard case .string(let text) = subject.value else {
            throw DocumentError(at: subject, expected: "the path switched on, such as \"env.widgetFamily\"")
        }
        let raw = text.hasPrefix("{{") && text.hasSuffix("}}") ? String(text.dropFirst(2).dropLast(2)) : text
        guard case .success(let path) = DataPath.parse(raw) else {
            throw DocumentError(at: subject, expected: "a data path such as \"env.widgetFamily\" or \"stage\"")
        }
        guard let casesNode = arguments.take("cases"), let caseMembers = casesNode.members else {
            throw DocumentError(at: located, expected: "\"cases\": an object from case names to views")
        }
        let validNames: [String]? = {
            switch path.text {
            case "env.widgetFamily": return Decode.families.map(\.key)
            case "env.widgetRenderingMode": return WidgetRenderingMode.allCases.map(\.rawValue)
            case "env.colorScheme": return ColorScheme.allCases.map(\.rawValue)
            default: return nil
            }
        }()
        var cases: [(names: [String], views: [ViewRecipe])] = []
        for member in caseMembers {
            let names = member.key.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let validNames {
                for name in names where !validNames.contains(name) {
                    throw DocumentError(
                        file: "", position: member.keyPosition, path: member.value.path,
                        expected: "a value of \(path.text) (\(validNames.joined(separator: ", ")))", found: "\"\(name)\"",
                        suggestion: NearestName.suggestion(for: name, among: validNames))
                }
            }
            cases.append((names, try content(member.value)))
        }
        let defaultViews = try arguments.take("default").map(content)
        try arguments.finish()
        return ViewRecipe { evaluation in
            let value: String
            switch evaluation.lookup(path) {
            case .success(let found): value = found.text
            case .failure:
                value = ""
                if defaultViews == nil { _ = try Decode.value(of: path, at: subject, in: evaluation) }
            }
            if let match = cases.first(where: { $0.names.contains(value) }) { return .view(Self.contentView(match.views, evaluation)) }
            return .view(defaultViews.map { Self.contentView($0, evaluation) } ?? AnyView(EmptyView()))
        }
    }
}

// MARK: - Conditions

/// A condition of `if`: `path` (true unless missing, null, false, 0, "" or empty), `!path`, comparisons
/// `path == value`, `!=`, `<`, `<=`, `>`, `>=` (the right side is a literal: a number, true, false, null, a
/// word or a quoted string; or a `{{path}}`), joined with `&&` and `||`, grouped with parentheses. Two ISO 8601
/// dates compare as moments (`item.end > {{entry.date}}`).
///
/// A missing field is not an error here (it reads as null), so optional data works as `if let` does in Swift.
struct Condition {
    let evaluate: (DocumentEvaluation) throws -> Bool

    static func parse(_ text: String, at located: Located) throws -> Condition {
        var parser = Parser(characters: Array(text), located: located)
        let condition = try parser.parseOr()
        parser.skipSpaces()
        if parser.index < parser.characters.count {
            if "+-*/%".contains(parser.characters[parser.index]) {
                // `a * 2 > 5`: the path ended at the operator.
                throw parser.errorHere(expected: "a comparison of \(Parser.arithmeticAdvice)")
            }
            throw parser.error(expected: "&&, || or the end of the condition")
        }
        return condition
    }

    private struct Parser {
        let characters: [Character]
        let located: Located
        var index = 0

        func error(expected: String) -> DocumentError {
            let rest = index < characters.count ? "\"" + String(characters[index...]).prefix(20) + "\"" : "the end of the condition"
            return DocumentError(at: located, expected: expected + " in the condition", found: rest)
        }

        mutating func skipSpaces() { while index < characters.count, characters[index] == " " { index += 1 } }

        /// Why arithmetic cannot be in a condition, and what to do instead.
        static let arithmeticAdvice =
            "a data path or a literal: conditions compare data paths, and {{= }} is for text and numbers; "
            + "compute the value in a data field, or compare with a literal"

        /// An error at the cursor's column inside the condition's string, showing what is there.
        func errorHere(expected: String) -> DocumentError {
            let rest = index < characters.count ? "\"" + String(characters[index...]).prefix(20) + "\"" : "the end of the condition"
            return DocumentError(
                at: located, insideStringAt: String(characters[..<index]).unicodeScalars.count, expected: expected, found: rest)
        }

        mutating func consume(_ token: String) -> Bool {
            skipSpaces()
            let tokenCharacters = Array(token)
            guard index + tokenCharacters.count <= characters.count,
                Array(characters[index..<(index + tokenCharacters.count)]) == tokenCharacters
            else { return false }
            index += tokenCharacters.count
            return true
        }

        mutating func parseOr() throws -> Condition {
            var result = try parseAnd()
            while consume("||") {
                let left = result, right = try parseAnd()
                result = Condition { try left.evaluate($0) || right.evaluate($0) }
            }
            return result
        }

        mutating func parseAnd() throws -> Condition {
            var result = try parseNot()
            while consume("&&") {
                let left = result, right = try parseNot()
                result = Condition { try left.evaluate($0) && right.evaluate($0) }
            }
            return result
        }

        mutating func parseNot() throws -> Condition {
            skipSpaces()
            if index < characters.count, characters[index] == "!", index + 1 >= characters.count || characters[index + 1] != "=" {
                index += 1
                let inner = try parseNot()
                return Condition { try !inner.evaluate($0) }
            }
            if consume("(") {
                let inner = try parseOr()
                guard consume(")") else { throw error(expected: "a closing )") }
                return inner
            }
            return try parseComparison()
        }

        mutating func parseComparison() throws -> Condition {
            let path = try parsePath()
            func read(_ evaluation: DocumentEvaluation) -> DocumentValue? {
                if case .success(let value) = evaluation.lookup(path) { return value }
                return nil
            }
            for op in ["==", "!=", "<=", ">=", "<", ">"] where consume(op) {
                let literal = try parseLiteral()
                return Condition { evaluation in
                    let left = read(evaluation) ?? .null
                    let right = try literal(evaluation)
                    return Self.compare(left, op, right)
                }
            }
            return Condition { read($0)?.isTruthy ?? false }
        }

        mutating func parsePath() throws -> DataPath {
            skipSpaces()
            var text = ""
            if consume("{{") {
                while index < characters.count, !(characters[index] == "}" && index + 1 < characters.count && characters[index + 1] == "}")
                {
                    text.append(characters[index])
                    index += 1
                }
                guard consume("}}") else { throw error(expected: "}} to close the placeholder") }
            } else {
                while index < characters.count,
                    characters[index].isLetter || characters[index].isNumber || "_.[]\"'$-".contains(characters[index])
                {
                    text.append(characters[index])
                    index += 1
                }
            }
            guard case .success(let path) = DataPath.parse(text) else {
                throw error(expected: "a data path such as isStale or order.count")
            }
            return path
        }

        mutating func parseLiteral() throws -> (DocumentEvaluation) throws -> DocumentValue {
            skipSpaces()
            guard index < characters.count else { throw error(expected: "a value to compare with") }
            if characters[index] == "{" {
                if String(characters[index...]).dropFirst(2).drop(while: { $0 == " " }).hasPrefix("=") {
                    // `a > {{= 2}}`
                    throw errorHere(expected: Self.arithmeticAdvice)
                }
                let path = try parsePath()
                let located = self.located
                return { try Decode.value(of: path, at: located, in: $0) }
            }
            if characters[index] == "\"" || characters[index] == "'" {
                let quote = characters[index]
                index += 1
                var text = ""
                while index < characters.count, characters[index] != quote {
                    text.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw error(expected: "a closing quote") }
                index += 1
                return { _ in .string(text) }
            }
            var word = ""
            while index < characters.count, !" )&|".contains(characters[index]) {
                word.append(characters[index])
                index += 1
            }
            switch word {
            case "true": return { _ in .bool(true) }
            case "false": return { _ in .bool(false) }
            case "null", "nil": return { _ in .null }
            default:
                if let number = Double(word) { return { _ in .number(number) } }
                let name = word.hasPrefix(".") ? String(word.dropFirst()) : word
                return { _ in .string(name) }
            }
        }

        /// The date an ISO 8601 string names (`2026-03-14T09:45:00Z`, with or without milliseconds), so two dates compare
        /// as moments whatever their forms; nil for anything else (relative forms such as `now` stay words).
        static func isoDate(_ value: DocumentValue) -> Date? {
            guard case .string(let text) = value, text.count >= 10, text.first?.isASCII == true, text.first?.isNumber == true,
                text.contains("T")
            else { return nil }
            return DocumentDates.date(text, anchor: Date(timeIntervalSinceReferenceDate: 0))
        }

        static func compare(_ left: DocumentValue, _ op: String, _ right: DocumentValue) -> Bool {
            switch right {
            case .null:
                let isNull = left == .null
                return op == "==" ? isNull : op == "!=" ? !isNull : false
            case .bool(let flag):
                return op == "==" ? left.isTruthy == flag : op == "!=" ? left.isTruthy != flag : false
            default: break
            }
            if case .number(let rhs) = right, let lhs = left.number { return order(lhs, op, rhs) }
            if let lhs = Self.isoDate(left), let rhs = Self.isoDate(right) { return order(lhs, op, rhs) }
            return order(left.text, op, right.text)
        }

        /// `lhs op rhs` for one of `==`, `!=`, `<`, `<=`, `>` and `>=` (the parser accepts no other).
        static func order<T: Comparable>(_ lhs: T, _ op: String, _ rhs: T) -> Bool {
            switch op {
            case "==": return lhs == rhs
            case "!=": return lhs != rhs
            case "<": return lhs < rhs
            case "<=": return lhs <= rhs
            case ">": return lhs > rhs
            default: return lhs >= rhs
            }
        }
    }
}
