import Foundation

/// The shape of an activity document's `ContentState`, read from its `contentStates`: which keys every state has (a
/// Swift `ContentState`'s non-optional properties) and which JSON kinds each key holds. A pushed `content-state` is
/// checked against it as `JSONDecoder` checks one against a Swift `ContentState`: a missing required key or a value of
/// another kind is refused, and keys the states never use are ignored, as the decoder ignores unknown keys.
struct ContentStateShape {
    /// A key the push cannot decode, and why, in the decoder's words.
    struct Mismatch: Equatable {
        /// The top-level key (`stage`).
        let key: String
        /// What was expected there (`no value for the key`, `a number, found a string`).
        let reason: String
    }

    /// Keys present in every state.
    private let required: [String]
    /// The JSON kinds each key holds across the states, as `DocumentValue.typeName` names them (null left out).
    private let kinds: [String: Set<String>]
    /// Keys whose string values are dates (ISO 8601 or relative): a push may give them as seconds since 2001, the way
    /// `JSONDecoder` reads a `Date`.
    private let dateKeys: Set<String>

    /// The shape of `states` (each the `state` object of one of the document's `contentStates`).
    init(states: [DocumentValue]) {
        let objects = states.compactMap { state -> [String: DocumentValue]? in
            if case .object(let members) = state { return members }
            return nil
        }
        var kinds: [String: Set<String>] = [:]
        var dateKeys: Set<String> = []
        for object in objects {
            for (key, value) in object {
                guard value != .null else { continue }
                kinds[key, default: []].insert(value.typeName)
                if case .string(let text) = value, DocumentDates.date(text, anchor: Date(timeIntervalSinceReferenceDate: 0)) != nil {
                    dateKeys.insert(key)
                }
            }
        }
        let keysWithValues = objects.map { Set($0.filter { $0.value != .null }.keys) }
        required = keysWithValues.dropFirst().reduce(keysWithValues.first ?? []) { $0.intersection($1) }.sorted()
        self.kinds = kinds
        self.dateKeys = dateKeys
    }

    /// The first key of `state` that does not decode into this shape, or nil when it does.
    func mismatch(in state: DocumentValue) -> Mismatch? {
        guard case .object(let members) = state else {
            return Mismatch(key: "", reason: "expected an object (the encoded ContentState)")
        }
        for key in required where members[key] == nil || members[key] == .null {
            return Mismatch(key: key, reason: "no value for the key")
        }
        for key in members.keys.sorted() {
            guard let value = members[key], value != .null, let expected = kinds[key], !expected.contains(value.typeName) else {
                continue
            }
            if case .number = value, dateKeys.contains(key) { continue }
            return Mismatch(key: key, reason: "expected \(expected.sorted().joined(separator: " or ")), found \(value.typeName)")
        }
        return nil
    }
}
