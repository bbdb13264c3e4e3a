import Foundation
import WidgetKitUI
import SpellingSuggestions

extension DocumentLoader {
    // MARK: Sections

    /// Reads the `timeline` section. With `parameters`, each entry's data may read `{{configuration.NAME}}`; the
    /// `filter` conditions are checked with the store's defaults and the parameters' default values, which the
    /// entries hold when the widget is first shown.
    static func timeline(_ located: Located, store: StoreSpec?, parameters: ParametersSpec?) throws -> TimelineSpec {
        guard let members = located.members else {
            throw DocumentError(at: located, expected: "a timeline: {\"entries\": [...], \"policy\": \"atEnd\"}")
        }
        var arguments = try Arguments(
            owner: "the timeline", primary: nil, labeled: members, valid: ["entries", "policy", "filter", "dropPastEntries"])
        guard let entriesNode = arguments.take("entries") else {
            throw DocumentError(at: located, expected: "\"entries\": an array of entries")
        }
        guard let items = entriesNode.items, !items.isEmpty else {
            throw DocumentError(at: entriesNode, expected: "a non-empty array of entries (iOS shows the placeholder for an empty timeline)")
        }
        var entries = try items.map { try entry($0, needsDate: false) }
        if parameters != nil {
            // Entry data may read the configuration, as a provider copies its intent's values into its entries.
            for (index, node) in items.enumerated() {
                entries[index].configured = try node["data"].flatMap(Self.configuredData)
            }
        }
        var policy = TimelineSpec.Policy.atEnd
        if let policyNode = arguments.take("policy") {
            switch policyNode.value {
            case .string:
                let choice = try Decode.choice(
                    policyNode, ["atEnd": 0, "never": 1], what: "a reload policy (atEnd, never, or {\"after\": DATE})")
                policy = try choice.evaluate(emptyEvaluation) == 0 ? .atEnd : .never
            case .object:
                var after = try Arguments(owner: "the reload policy", primary: nil, labeled: policyNode.members!, valid: ["after"])
                guard let date = after.take("after") else { throw DocumentError(at: policyNode, expected: "{\"after\": DATE}") }
                try after.finish()
                guard case .string(let text) = date.value, DocumentDates.date(text, anchor: Date()) != nil else {
                    throw DocumentError(at: date, expected: DocumentDates.expectedForm)
                }
                policy = .after(text)
            default:
                throw DocumentError(at: policyNode, expected: "a reload policy: \"atEnd\", \"never\" or {\"after\": DATE}")
            }
        }
        let filters =
            try arguments.take("filter").map {
                try self.filters($0, entries: entries, entryNodes: items, store: store, configuration: parameters?.currentValue())
            } ?? []
        let dropsPast = try arguments.take("dropPastEntries").map { try Decode.bool($0).evaluate(emptyEvaluation) } ?? false
        try arguments.finish()
        return TimelineSpec(
            entries: entries, policy: policy, placeholder: entries[0], snapshot: nil, filters: filters, dropsPastEntries: dropsPast)
    }

    /// The timeline's `filter`: `{"FIELD": "CONDITION"}`, each field an array in every entry's data, each condition
    /// reading the item as `item`. Every condition is evaluated on every item of every entry now (with the clock as
    /// it is, `store` holding its defaults and `configuration` the parameters' values), so a fault is reported when
    /// the document loads.
    static func filters(
        _ located: Located, entries: [EntrySpec], entryNodes: [Located], store: StoreSpec?, configuration: DocumentValue?
    ) throws -> [EntryFilter] {
        guard let members = located.members, !members.isEmpty else {
            throw DocumentError(
                at: located,
                expected: "an object from array fields to conditions on item, such as {\"events\": \"item.end > {{entry.date}}\"}")
        }
        var filters: [EntryFilter] = []
        for member in members {
            guard case .string(let text) = member.value.value else {
                throw DocumentError(at: member.value, expected: "a condition on item, such as \"item.end > {{entry.date}}\"")
            }
            let filter = EntryFilter(
                field: member.key, condition: try Condition.parse(text, at: member.value), position: member.value.position,
                path: member.value.path)
            let now = Date()
            for (index, spec) in entries.enumerated() {
                var entry = spec.entry(anchor: now, store: nil, at: nil, configuration: configuration)
                if let store {
                    var values = entry.values
                    values["store"] = .object(store.defaults)
                    entry = DocumentEntry(date: entry.date, relevance: entry.relevance, values: values, anchor: entry.anchor)
                }
                guard case .array(let items) = entry.values[member.key] else {
                    let fields = entry.values.keys.filter { $0 != "entry" }.sorted()
                    throw DocumentError(
                        file: "", position: member.keyPosition, path: member.value.path,
                        expected:
                            "an array field \(member.key) in the data of every entry (entry \(index) at \(entryNodes[index].path) has "
                            + (entry.values[member.key].map { $0.typeName } ?? "no such field") + ")",
                        found: "\"\(member.key)\"", suggestion: NearestName.suggestion(for: member.key, among: fields))
                }
                for item in items { _ = try filter.keeps(item, in: entry) }
            }
            filters.append(filter)
        }
        return filters
    }

    static func entry(_ located: Located, needsDate: Bool) throws -> EntrySpec {
        guard let members = located.members else {
            throw DocumentError(at: located, expected: "an entry: {\"date\": \"+0m\", \"data\": {...}}")
        }
        var arguments = try Arguments(owner: "an entry", primary: nil, labeled: members, valid: ["date", "data", "relevance"])
        var date = "now"
        if let dateNode = arguments.take("date") {
            guard case .string(let text) = dateNode.value, DocumentDates.date(text, anchor: Date()) != nil else {
                throw DocumentError(at: dateNode, expected: DocumentDates.expectedForm)
            }
            date = text
        }
        var data = DocumentValue.object([:])
        if let dataNode = arguments.take("data") {
            guard let fields = dataNode.members else { throw DocumentError(at: dataNode, expected: "an object of data fields") }
            for field in fields where reservedNames.contains(field.key) {
                throw DocumentError(
                    file: "", position: field.keyPosition, path: field.value.path,
                    expected: "a data field name other than env, entry, store and configuration (the views read those from the host)",
                    found: "\"\(field.key)\"")
            }
            data = DocumentValue(dataNode.node)
        }
        let relevance = try arguments.take("relevance").map { node -> TimelineEntryRelevance in
            guard let members = node.members else { throw DocumentError(at: node, expected: "{\"score\": N, \"duration\": SECONDS}") }
            var relevance = try Arguments(owner: "relevance", primary: nil, labeled: members, valid: ["score", "duration"])
            let score = try relevance.take("score").map { try Decode.number($0).evaluate(emptyEvaluation) } ?? 0
            let duration = try relevance.take("duration").map { try Decode.number($0).evaluate(emptyEvaluation) } ?? 0
            try relevance.finish()
            return TimelineEntryRelevance(score: Float(score), duration: duration)
        }
        try arguments.finish()
        return EntrySpec(date: date, data: data, relevance: relevance)
    }

    static func store(_ located: Located) throws -> StoreSpec {
        guard let members = located.members else {
            throw DocumentError(at: located, expected: "a store: {\"suite\": \"group.example.app\", \"defaults\": {\"KEY\": VALUE}}")
        }
        var arguments = try Arguments(owner: "the store", primary: nil, labeled: members, valid: ["suite", "defaults"])
        guard let suiteNode = arguments.take("suite"), case .string(let suite) = suiteNode.value, !suite.isEmpty, !suite.contains("/")
        else {
            throw DocumentError(at: located, expected: "\"suite\": an App Group identifier such as \"group.example.app\"")
        }
        guard let defaultsNode = arguments.take("defaults"), let defaults = defaultsNode.members else {
            throw DocumentError(
                at: located, expected: "\"defaults\": an object from each key the views read to its value before anything is stored")
        }
        var values: [String: DocumentValue] = [:]
        for member in defaults {
            switch member.value.value {
            case .bool, .number, .string: values[member.key] = DocumentValue(member.value.node)
            default: throw DocumentError(at: member.value, expected: "a number, string or boolean (what UserDefaults keeps for a widget)")
            }
        }
        try arguments.finish()
        return StoreSpec(suite: suite, defaults: values)
    }

    /// The document's `intents`: store intents (`set`, `increment`, `toggle`) and, in a Live Activity document (`activity`
    /// given: the document's kind), intents that update or end the document's activities (`updateActivity`,
    /// `endActivity`).
    static func intents(_ located: Located, store: StoreSpec?, activity kind: String? = nil) throws -> [String: DocumentIntentDefinition] {
        guard let members = located.members else {
            throw DocumentError(at: located, expected: "an object of intents: {\"addGlass\": {\"increment\": \"glasses\", \"by\": 1}}")
        }
        var intents: [String: DocumentIntentDefinition] = [:]
        for member in members {
            let node = member.value
            guard let fields = node.members else {
                throw DocumentError(
                    at: node, expected: "an intent: {\"set\": KEY, \"to\": VALUE}, {\"increment\": KEY, \"by\": N} or {\"toggle\": KEY}")
            }
            if let activityKey = fields.first(where: { $0.key == "updateActivity" || $0.key == "endActivity" }) {
                guard let kind else {
                    throw DocumentError(
                        file: "", position: activityKey.keyPosition, path: activityKey.value.path,
                        expected: "updateActivity and endActivity only in a Live Activity document (one with \"activity\")",
                        found: "\"\(activityKey.key)\" in a widget or control document")
                }
                intents[member.key] = try activityIntent(name: member.key, node, kind: kind)
                continue
            }
            guard let store else {
                throw DocumentError(
                    at: node, expected: "a \"store\" section naming the App Group suite the intent changes", found: "no store")
            }
            var arguments = try Arguments(
                owner: "an intent", primary: nil, labeled: fields, valid: ["title", "set", "to", "increment", "by", "toggle"])
            let title = try arguments.take("title").map(literalString) ?? member.key
            let operations: [(DocumentIntentDefinition.Operation, Located)] = [
                arguments.take("set").map { (.set, $0) }, arguments.take("increment").map { (.increment, $0) },
                arguments.take("toggle").map { (.toggle, $0) },
            ].compactMap { $0 }
            guard operations.count == 1, let (operation, keyNode) = operations.first else {
                throw DocumentError(
                    at: node, expected: "one operation: \"set\", \"increment\" or \"toggle\"",
                    found: operations.isEmpty ? "none" : "several")
            }
            guard case .string(let key) = keyNode.value else { throw DocumentError(at: keyNode, expected: "a store key") }
            guard let defaultValue = store.defaults[key] else {
                let keys = store.defaults.keys.sorted()
                throw DocumentError(
                    at: keyNode, expected: "a key declared in the store's defaults (\(keys.joined(separator: ", ")))", found: "\"\(key)\"",
                    suggestion: NearestName.suggestion(for: key, among: keys))
            }
            var value = DocumentValue.null
            switch operation {
            case .set:
                guard let to = arguments.take("to") else { throw DocumentError(at: node, expected: "\"to\": the value to set") }
                value = DocumentValue(to.node)
            case .increment:
                guard case .number = defaultValue else {
                    throw DocumentError(at: keyNode, expected: "a key whose default is a number, to increment")
                }
                value =
                    try arguments.take("by").map { by -> DocumentValue in
                        guard case .number = by.value else { throw DocumentError(at: by, expected: "a number to add") }
                        return DocumentValue(by.node)
                    } ?? .number(1)
            case .toggle:
                guard case .bool = defaultValue else {
                    throw DocumentError(at: keyNode, expected: "a key whose default is true or false, to toggle")
                }
            }
            try arguments.finish()
            intents[member.key] = DocumentIntentDefinition(
                name: member.key, title: title, suite: store.suite, key: key, operation: operation,
                value: value, defaultValue: defaultValue)
        }
        return intents
    }

    /// An intent that updates or ends the document's activities, as a Swift `LiveActivityIntent` whose `perform()` runs
    /// `for activity in Activity<Attributes>.activities where CONDITION { ... activity.update(...) }`:
    /// `{"title": "Pause workout", "updateActivity": {"pausedElapsed": "{{= now - state.startDate}}"},
    /// "where": "state.pausedElapsed == null"}`, or `"endActivity": {...}` with `"dismissalPolicy"`.
    /// - Throws: `DocumentError` at the member for a state that is not an object, a condition that does not parse, an
    ///   unknown dismissal policy or member, or both operations at once.
    static func activityIntent(name: String, _ node: Located, kind: String) throws -> DocumentIntentDefinition {
        var arguments = try Arguments(
            owner: "an activity intent", primary: nil, labeled: node.members ?? [],
            valid: ["title", "updateActivity", "endActivity", "where", "dismissalPolicy"])
        let title = try arguments.take("title").map(literalString) ?? name
        let update = arguments.take("updateActivity")
        let end = arguments.take("endActivity")
        guard (update == nil) != (end == nil), let changesNode = update ?? end else {
            throw DocumentError(at: node, expected: "one of \"updateActivity\" and \"endActivity\"", found: "both")
        }
        let form =
            "an object of the content-state keys to change, such as {\"pausedElapsed\": \"{{= now - state.startDate}}\"} (null removes a key)"
        guard let members = changesNode.members else { throw DocumentError(at: changesNode, expected: form) }
        let changes = try members.map { (key: $0.key, value: try Decode.dataValue($0.value)) }
        let condition = try arguments.take("where").map { node -> Condition in
            guard case .string(let text) = node.value else {
                throw DocumentError(at: node, expected: "a condition on the activity, such as \"state.pausedElapsed == null\"")
            }
            return try Condition.parse(text, at: node)
        }
        var policy = ActivityUIDismissalPolicy.default
        if let policyNode = arguments.take("dismissalPolicy") {
            guard end != nil else {
                throw DocumentError(at: policyNode, expected: "\"dismissalPolicy\" only with \"endActivity\"", found: "updateActivity")
            }
            policy = try Decode.choice(
                policyNode, ["default": ActivityUIDismissalPolicy.default, "immediate": .immediate], what: "a dismissal policy"
            ).evaluate(emptyEvaluation)
        }
        try arguments.finish()
        let operation = DocumentActivityOperation(
            attributesType: "WidgetDocument(\(kind))", ends: end != nil, dismissalPolicy: policy, changes: changes,
            changeKeys: members.map { ($0.key, $0.keyPosition, $0.value.path) }, condition: condition)
        return DocumentIntentDefinition(
            name: name, title: title, suite: "", key: "", operation: .set, value: .null, defaultValue: .null, activity: operation)
    }
}
