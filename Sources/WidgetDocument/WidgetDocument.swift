import Foundation
import WidgetKitUI
import SpellingSuggestions

// MARK: - Widget documents

/// A widget (or a Live Activity) described by a JSON file instead of Swift code, so designers and CI can preview it
/// without compiling: kind, display name, families, timeline entries, reload policy, routes, intents, and a view
/// tree that uses the Swift API's view and modifier names with `{{field}}` placeholders filled from each entry's
/// data. The format is documented in `docs/widget-document.md`, with a JSON Schema beside it.
///
/// Loading compiles the view tree into the same `View` values Swift code builds (`Text`, `VStack`, modifiers...),
/// so a document renders through the one renderer, exactly as its Swift twin would; then it resolves every entry
/// in every family once, so a placeholder naming a missing field is reported now, with its position.
public struct WidgetDocument: @unchecked Sendable {
    /// The file it was read from, as given.
    public let file: String
    /// The widget, ready for the host (`WidgetSession`, the preview, every command).
    public let descriptor: WidgetDescriptor

    /// True when a command-line argument names a widget document rather than a widget kind: it ends in `.json`,
    /// or it names an existing file (DESIGN.md, "Command line").
    public static func isDocumentArgument(_ argument: String) -> Bool {
        if argument.hasSuffix(".json") { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Reads and compiles the document at `path`.
    ///
    /// - Parameters:
    ///   - path: the file, as the person named it (errors show it this way).
    ///   - limits: size and nesting limits.
    /// - Throws: `DocumentError` (file, line, column, JSON path, what was expected and found, the nearest valid name).
    public init(contentsOf path: String, limits: DocumentLimits = .standard) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw DocumentError(
                file: path, position: DocumentPosition(line: 1, column: 1, offset: 0), path: .root,
                expected: "a readable widget document file",
                found: !exists
                    ? "no such file" : isDirectory.boolValue ? "a directory" : "a file that cannot be read (check its permissions)",
                kind: .file)
        }
        try self.init(bytes: Array(data), file: path, limits: limits)
    }

    /// Compiles a document from its bytes.
    ///
    /// - Throws: `DocumentError`.
    public init(bytes: [UInt8], file: String, limits: DocumentLimits = .standard) throws {
        self.file = file
        do {
            let root = try JSONScanner.parse(bytes, file: file, limits: limits)
            let compiled = try DocumentLoader(file: file).load(Located(node: root, path: .root))
            try compiled.validate()
            descriptor = compiled.descriptor
        } catch var error as DocumentError {
            error.file = file
            throw error
        }
    }

    /// Compiles a document from a string (tests and tools).
    public init(text: String, file: String = "<input>", limits: DocumentLimits = .standard) throws {
        try self.init(bytes: Array(text.utf8), file: file, limits: limits)
    }
}

// MARK: - Entries

/// One timeline entry of a document: its date and its data (relative dates already resolved).
public struct DocumentEntry: TimelineEntry, @unchecked Sendable {
    public let date: Date
    public let relevance: TimelineEntryRelevance?
    /// The data fields the views read, plus `entry` (`entry.date`) and `store` when the document has one.
    public let values: [String: DocumentValue]
    /// The moment the timeline was made: relative dates written in the views count from it.
    public let anchor: Date
}

/// A document's timeline provider: entries from the document, dated from the host clock when the timeline is
/// made (`"+15m"` is fifteen minutes after that moment), App Group values read at the same moment.
struct DocumentProvider: TimelineProvider {
    let timeline: TimelineSpec
    let store: StoreSpec?

    func placeholder(in context: Context) -> DocumentEntry { timeline.placeholder.entry(anchor: Date(), store: store, at: Date()) }

    func getSnapshot(in context: Context, completion: @escaping (DocumentEntry) -> Void) {
        let now = Date()
        completion((timeline.snapshot ?? timeline.entries[0]).entry(anchor: now, store: store, at: now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DocumentEntry>) -> Void) {
        completion(makeTimeline(at: Date()))
    }

    func makeTimeline(at now: Date) -> Timeline<DocumentEntry> {
        let entries = timeline.entries.map { $0.entry(anchor: now, store: store, at: nil) }
        let policy: TimelineReloadPolicy
        switch timeline.policy {
        case .atEnd: policy = .atEnd
        case .never: policy = .never
        case .after(let text): policy = .after(DocumentDates.date(text, anchor: now) ?? now)
        }
        return Timeline(entries: entries, policy: policy)
    }
}

/// The `timeline` section.
struct TimelineSpec {
    enum Policy {
        case atEnd, never
        case after(String)
    }
    var entries: [EntrySpec]
    var policy: Policy
    var placeholder: EntrySpec
    var snapshot: EntrySpec?
}

/// One entry as written: its date (text, resolved when the timeline is made) and data.
struct EntrySpec {
    var date: String
    var data: DocumentValue
    var relevance: TimelineEntryRelevance?

    func entry(anchor: Date, store: StoreSpec?, at fixedDate: Date?) -> DocumentEntry {
        let date = fixedDate ?? DocumentDates.date(self.date, anchor: anchor) ?? anchor
        var values: [String: DocumentValue] = [:]
        if case .object(let members) = data.resolvingRelativeDates(from: anchor) { values = members }
        values["entry"] = .object(["date": .string(DocumentDates.string(date))])
        if let store { values["store"] = store.read() }
        return DocumentEntry(date: date, relevance: relevance, values: values, anchor: anchor)
    }
}

// MARK: - App Group store and intents

/// The `store` section: an App Group `UserDefaults` suite and the keys the document reads, with their values
/// before anything was stored. Views read them as `{{store.KEY}}`; intents change them.
struct StoreSpec {
    var suite: String
    var defaults: [String: DocumentValue]

    /// The current values: each key from the suite, or its default.
    func read() -> DocumentValue {
        let userDefaults = UserDefaults(suiteName: suite)
        var values: [String: DocumentValue] = [:]
        for (key, fallback) in defaults {
            guard let userDefaults, userDefaults.object(forKey: key) != nil else {
                values[key] = fallback
                continue
            }
            switch fallback {
            case .bool: values[key] = .bool(userDefaults.bool(forKey: key))
            case .number: values[key] = .number(userDefaults.double(forKey: key))
            default: values[key] = userDefaults.string(forKey: key).map(DocumentValue.string) ?? fallback
            }
        }
        return .object(values)
    }
}

/// An intent a document declares: it sets, increments or toggles one App Group key.
struct DocumentIntentDefinition {
    enum Operation: String { case set, increment, toggle }
    var name: String
    var title: String
    var suite: String
    var key: String
    var operation: Operation
    /// The value to set, or the amount to add.
    var value: DocumentValue
    /// The key's value before anything was stored.
    var defaultValue: DocumentValue

    func makeIntent() -> DocumentIntent {
        let intent = DocumentIntent()
        intent.name = name
        intent.title = title
        intent.suite = suite
        intent.key = key
        intent.operation = operation.rawValue
        intent.value = value.text
        intent.defaultValue = defaultValue.text
        return intent
    }
}

/// The App Intent a document's `Button` or `Toggle` runs: it changes one key of an App Group `UserDefaults`
/// suite (set a value, add an amount, or flip a boolean), as a widget's own intent would. The host's intent
/// runner performs it off the render path, saves the suite and reloads the widget, which reads the new value.
public struct DocumentIntent: AppIntent {
    public static var title: LocalizedStringResource { "Widget document intent" }
    public static var description: IntentDescription { "Sets, increments or toggles an App Group key, as a widget document declares." }

    /// The intent's name in the document.
    @Parameter(title: "Name") public var name: String
    /// The document's title for the intent.
    @Parameter(title: "Title") public var title: String
    /// The App Group suite (`UserDefaults(suiteName:)`).
    @Parameter(title: "Suite") public var suite: String
    /// The key changed.
    @Parameter(title: "Key") public var key: String
    /// `set`, `increment` or `toggle`.
    @Parameter(title: "Operation") public var operation: String
    /// The value set, or the amount added, as text.
    @Parameter(title: "Value") public var value: String
    /// The key's value before anything was stored, as text.
    @Parameter(title: "Default value") public var defaultValue: String

    public init() {}

    /// Changes the key.
    /// - Throws: `DocumentIntentError` when the suite cannot be opened or the stored value is not a number to add to.
    public func perform() async throws -> some IntentResult {
        guard let defaults = UserDefaults(suiteName: suite) else {
            throw DocumentIntentError(message: "cannot open the App Group suite \(suite)")
        }
        switch operation {
        case "increment":
            let current: Double
            if defaults.object(forKey: key) != nil {
                current = defaults.double(forKey: key)
            } else {
                guard let fallback = Double(defaultValue) else {
                    throw DocumentIntentError(message: "\(key) has no number to add to (default \"\(defaultValue)\")")
                }
                current = fallback
            }
            let total = current + (Double(value) ?? 0)
            if total.rounded() == total, abs(total) < 1e15 {
                defaults.set(Int(total), forKey: key)
            } else {
                defaults.set(total, forKey: key)
            }
        case "toggle":
            let current = defaults.object(forKey: key) != nil ? defaults.bool(forKey: key) : defaultValue == "true"
            defaults.set(!current, forKey: key)
        default:
            if let number = Double(value), !value.isEmpty, Double(defaultValue) != nil || defaultValue.isEmpty {
                if number.rounded() == number, abs(number) < 1e15 {
                    defaults.set(Int(number), forKey: key)
                } else {
                    defaults.set(number, forKey: key)
                }
            } else if value == "true" || value == "false", defaultValue == "true" || defaultValue == "false" {
                defaults.set(value == "true", forKey: key)
            } else {
                defaults.set(value, forKey: key)
            }
        }
        return .result()
    }
}

/// Why a document intent failed.
public struct DocumentIntentError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

// MARK: - Live Activities

/// The attributes of a document's Live Activity: its `attributes` data. Encoded as that JSON, so the 4 KB limit is
/// measured on what a Swift `ActivityAttributes` with the same fields would encode.
public struct DocumentActivityAttributes: ActivityAttributes {
    /// A content state: the document's `state` data.
    public struct ContentState: Codable, Hashable {
        public var values: DocumentValue
        public init(values: DocumentValue) { self.values = values }
        public init(from decoder: Decoder) throws { values = try DocumentValue(from: decoder) }
        public func encode(to encoder: Encoder) throws { try values.encode(to: encoder) }
    }

    public var values: DocumentValue
    public init(values: DocumentValue) { self.values = values }
    public init(from decoder: Decoder) throws { values = try DocumentValue(from: decoder) }
    public func encode(to encoder: Encoder) throws { try values.encode(to: encoder) }
}

/// The `activity` section.
struct ActivitySpec {
    struct State {
        var state: DocumentValue
        var staleDate: String?
        var relevanceScore: Double
    }
    struct Region {
        var position: DynamicIslandExpandedRegionPosition
        var priority: Double
        var content: [ViewRecipe]
    }
    struct Margins {
        var edges: Edge.Set
        var length: Double?
        var mode: DynamicIslandMode
    }

    var attributes: DocumentValue
    var states: [State]
    var lockScreen: [ViewRecipe]
    var regions: [Region]
    var compactLeading: [ViewRecipe]
    var compactTrailing: [ViewRecipe]
    var minimal: [ViewRecipe]
    var keylineTint: Expr<Color?>?
    var widgetURL: Expr<URL?>?
    var margins: [Margins]
}

// MARK: - Loading

/// A compiled document and how to check it against its own data.
struct CompiledDocument {
    var descriptor: WidgetDescriptor
    var validate: () throws -> Void
}

/// Reads the top level of a document and builds its `WidgetDescriptor`.
struct DocumentLoader {
    let file: String

    static let widgetKeys = [
        "$schema", "version", "kind", "displayName", "description", "families", "contentMarginsDisabled",
        "containerBackgroundRemovable", "routes", "store", "intents", "timeline", "placeholder", "snapshot", "view",
    ]
    static let activityKeys = ["$schema", "version", "kind", "displayName", "description", "routes", "store", "intents", "activity"]
    /// Names the views read that data may not use.
    static let reservedNames: Set<String> = ["env", "entry", "store"]

    func load(_ root: Located) throws -> CompiledDocument {
        guard let members = root.members else {
            throw DocumentError(at: root, expected: "a widget document: an object with \"kind\" and \"view\" (or \"activity\")")
        }
        let isActivity = members.contains { $0.key == "activity" }
        var top = try Arguments(
            owner: isActivity ? "a Live Activity document" : "a widget document", primary: nil, labeled: members,
            valid: isActivity ? Self.activityKeys : Self.widgetKeys)
        _ = top.take("$schema")
        if let version = top.take("version"), version.value != .number(1, isInteger: true) {
            throw DocumentError(at: version, expected: "version 1 (the only version of the format)")
        }
        guard let kindNode = top.take("kind") else {
            throw DocumentError(at: root, expected: "a \"kind\": the widget's kind, such as \"water\"")
        }
        guard case .string(let kind) = kindNode.value, !kind.isEmpty,
            kind.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        else {
            throw DocumentError(at: kindNode, expected: "a kind of letters, digits, dots, dashes and underscores, such as \"water\"")
        }
        let displayName = try top.take("displayName").map(Self.literalString) ?? kind
        let description = try top.take("description").map(Self.literalString) ?? ""
        let routes =
            try top.take("routes").map { node -> [String] in
                guard let items = node.items else {
                    throw DocumentError(at: node, expected: "an array of route patterns such as \"myapp://orders/{id}\"")
                }
                return try items.map(Self.literalString)
            } ?? []
        let store = try top.take("store").map(Self.store)
        let intents = try top.take("intents").map { try Self.intents($0, store: store) } ?? [:]
        let compiler = ViewCompiler(intents: intents, isActivity: isActivity)

        if isActivity {
            let activity = try self.activity(top.take("activity")!, compiler: compiler)
            try top.finish()
            return try activityDocument(
                kind: kind, displayName: displayName, description: description, routes: routes, store: store,
                activity: activity)
        }

        let families =
            try top.take("families").map { node -> [WidgetFamily] in
                guard let items = node.items, !items.isEmpty else {
                    throw DocumentError(at: node, expected: "a non-empty array of widget families")
                }
                var families: [WidgetFamily] = []
                for item in items {
                    let family = try Decode.choice(item, Decode.families, what: "a widget family").evaluate(Self.emptyEvaluation)
                    if families.contains(family) {
                        throw DocumentError(at: item, expected: "each family once", found: "\(family.rawValue) again")
                    }
                    families.append(family)
                }
                return families
            } ?? WidgetFamily.defaultFamilies
        let marginsDisabled =
            try top.take("contentMarginsDisabled").map { node -> Bool in
                guard case .bool(let value) = node.value else { throw DocumentError(at: node, expected: "true or false") }
                return value
            } ?? false
        let backgroundRemovable = try top.take("containerBackgroundRemovable").map { node -> Bool in
            guard case .bool(let value) = node.value else { throw DocumentError(at: node, expected: "true or false") }
            return value
        }
        guard let viewNode = top.take("view") else {
            throw DocumentError(at: root, expected: "a \"view\": the widget's view tree, such as {\"Text\": \"{{title}}\"}")
        }
        let view = try compiler.view(viewNode)
        var timeline =
            try top.take("timeline").map(Self.timeline)
            ?? TimelineSpec(
                entries: [EntrySpec(date: "now", data: .object([:]))], policy: .never,
                placeholder: EntrySpec(date: "now", data: .object([:])))
        if let placeholder = top.take("placeholder") { timeline.placeholder = try Self.entry(placeholder, needsDate: false) }
        if let snapshot = top.take("snapshot") { timeline.snapshot = try Self.entry(snapshot, needsDate: false) }
        try top.finish()

        let provider = DocumentProvider(timeline: timeline, store: store)
        let file = self.file
        var configuration = StaticConfiguration(kind: kind, provider: provider) { entry in
            DocumentNodeView(
                recipe: view,
                evaluation: DocumentEvaluation(
                    values: entry.values, anchor: entry.anchor,
                    environment: EnvironmentValues(), file: file))
        }
        .configurationDisplayName(displayName)
        .description(description)
        .supportedFamilies(families)
        .widgetTermRoutes(routes)
        if marginsDisabled { configuration = configuration.contentMarginsDisabled() }
        if let backgroundRemovable { configuration = configuration.containerBackgroundRemovable(backgroundRemovable) }
        let descriptor = configuration.descriptor

        let validate = {
            // Resolve every entry (and the placeholder and snapshot) in every family once: a placeholder that names a
            // field an entry lacks is an error now, with its position, rather than an error state later.
            let now = Date()
            let made =
                provider.makeTimeline(at: now).entries
                + [timeline.placeholder.entry(anchor: now, store: store, at: now)]
                + (timeline.snapshot.map { [$0.entry(anchor: now, store: store, at: now)] } ?? [])
            for family in families {
                for entry in made {
                    var environment = EnvironmentValues()
                    environment.widgetFamily = family
                    let context = ResolveContext(environment: environment)
                    try Self.collectingErrors {
                        _ = ResolveSink.$current.withValue(context.sink) { descriptor.content(AnyTimelineEntry(entry), context) }
                    }
                }
            }
        }
        return CompiledDocument(descriptor: descriptor, validate: validate)
    }

    static let emptyEvaluation = DocumentEvaluation(
        values: [:], anchor: Date(timeIntervalSince1970: 0), environment: EnvironmentValues(), file: "")

    /// Runs `body` and throws the first document error its views reported.
    static func collectingErrors(_ body: () -> Void) throws {
        let collector = DocumentDiagnostics.Collector()
        DocumentDiagnostics.$collector.withValue(collector) { body() }
        if let first = collector.errors.first { throw first }
    }

    static func literalString(_ located: Located) throws -> String {
        guard case .string(let text) = located.value else { throw DocumentError(at: located, expected: "a string") }
        return text
    }

    // MARK: Sections

    static func timeline(_ located: Located) throws -> TimelineSpec {
        guard let members = located.members else {
            throw DocumentError(at: located, expected: "a timeline: {\"entries\": [...], \"policy\": \"atEnd\"}")
        }
        var arguments = try Arguments(owner: "the timeline", primary: nil, labeled: members, valid: ["entries", "policy"])
        guard let entriesNode = arguments.take("entries") else {
            throw DocumentError(at: located, expected: "\"entries\": an array of entries")
        }
        guard let items = entriesNode.items, !items.isEmpty else {
            throw DocumentError(at: entriesNode, expected: "a non-empty array of entries (iOS shows the placeholder for an empty timeline)")
        }
        let entries = try items.map { try entry($0, needsDate: false) }
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
        try arguments.finish()
        return TimelineSpec(entries: entries, policy: policy, placeholder: entries[0], snapshot: nil)
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
                    expected: "a data field name other than env, entry and store (the views read those from the host)",
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

    static func intents(_ located: Located, store: StoreSpec?) throws -> [String: DocumentIntentDefinition] {
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

    // MARK: Live Activities

    func activity(_ located: Located, compiler: ViewCompiler) throws -> ActivitySpec {
        guard let members = located.members else {
            throw DocumentError(
                at: located, expected: "an activity: {\"attributes\", \"contentStates\", \"lockScreen\", \"dynamicIsland\"}")
        }
        var arguments = try Arguments(
            owner: "the activity", primary: nil, labeled: members,
            valid: ["attributes", "contentStates", "lockScreen", "dynamicIsland"])
        let attributes =
            try arguments.take("attributes").map { node -> DocumentValue in
                guard node.members != nil else { throw DocumentError(at: node, expected: "an object of static data") }
                return DocumentValue(node.node)
            } ?? .object([:])
        guard let statesNode = arguments.take("contentStates"), let stateItems = statesNode.items, !stateItems.isEmpty else {
            throw DocumentError(at: located, expected: "\"contentStates\": a non-empty array of {\"state\": {...}, \"staleDate\": DATE}")
        }
        let states = try stateItems.map { item -> ActivitySpec.State in
            guard let fields = item.members else {
                throw DocumentError(at: item, expected: "{\"state\": {...}, \"staleDate\": DATE, \"relevanceScore\": N}")
            }
            var state = try Arguments(
                owner: "a content state", primary: nil, labeled: fields, valid: ["state", "staleDate", "relevanceScore"])
            guard let data = state.take("state"), data.members != nil else {
                throw DocumentError(at: item, expected: "\"state\": an object of dynamic data")
            }
            let stale = try state.take("staleDate").map { node -> String in
                guard case .string(let text) = node.value, DocumentDates.date(text, anchor: Date()) != nil else {
                    throw DocumentError(at: node, expected: DocumentDates.expectedForm)
                }
                return text
            }
            let score = try state.take("relevanceScore").map { try Decode.number($0).evaluate(Self.emptyEvaluation) } ?? 0
            try state.finish()
            return ActivitySpec.State(state: DocumentValue(data.node), staleDate: stale, relevanceScore: score)
        }
        guard let lockNode = arguments.take("lockScreen") else {
            throw DocumentError(at: located, expected: "\"lockScreen\": the Lock Screen view")
        }
        let lockScreen = try compiler.content(lockNode)
        var spec = ActivitySpec(
            attributes: attributes, states: states, lockScreen: lockScreen, regions: [], compactLeading: [], compactTrailing: [],
            minimal: [], keylineTint: nil, widgetURL: nil, margins: [])
        if let island = arguments.take("dynamicIsland") {
            guard let fields = island.members else {
                throw DocumentError(at: island, expected: "the Dynamic Island: {\"expanded\", \"compactLeading\", ...}")
            }
            var parts = try Arguments(
                owner: "the Dynamic Island", primary: nil, labeled: fields,
                valid: ["expanded", "compactLeading", "compactTrailing", "minimal", "keylineTint", "widgetURL", "contentMargins"])
            if let expanded = parts.take("expanded") { spec.regions = try regions(expanded, compiler: compiler) }
            spec.compactLeading = try parts.take("compactLeading").map(compiler.content) ?? []
            spec.compactTrailing = try parts.take("compactTrailing").map(compiler.content) ?? []
            spec.minimal = try parts.take("minimal").map(compiler.content) ?? []
            spec.keylineTint = try parts.take("keylineTint").map(Decode.optionalColor)
            spec.widgetURL = try parts.take("widgetURL").map { node -> Expr<URL?> in
                node.value == .null ? .constant(nil) : try Decode.url(node).map { Optional($0) }
            }
            if let margins = parts.take("contentMargins") {
                guard let items = margins.items else {
                    throw DocumentError(at: margins, expected: "an array of {\"edges\", \"length\", \"for\"}")
                }
                spec.margins = try items.map { item in
                    guard let fields = item.members else {
                        throw DocumentError(at: item, expected: "{\"edges\": \"all\", \"length\": 8, \"for\": \"expanded\"}")
                    }
                    var margin = try Arguments(owner: "content margins", primary: nil, labeled: fields, valid: ["edges", "length", "for"])
                    let edges = try margin.take("edges").map { try Decode.edges($0).evaluate(Self.emptyEvaluation) } ?? .all
                    let length =
                        try margin.take("length").map { node -> Double? in
                            node.value == .null ? nil : try Decode.number(node).evaluate(Self.emptyEvaluation)
                        } ?? nil
                    guard let modeNode = margin.take("for") else {
                        throw DocumentError(at: item, expected: "\"for\": compact, expanded or minimal")
                    }
                    let mode = try Decode.choice(
                        modeNode, ["compact": DynamicIslandMode.compact, "expanded": .expanded, "minimal": .minimal],
                        what: "a Dynamic Island mode"
                    ).evaluate(Self.emptyEvaluation)
                    try margin.finish()
                    return ActivitySpec.Margins(edges: edges, length: length, mode: mode)
                }
            }
            try parts.finish()
        }
        try arguments.finish()
        return spec
    }

    private func regions(_ located: Located, compiler: ViewCompiler) throws -> [ActivitySpec.Region] {
        let positions: KeyValuePairs<String, DynamicIslandExpandedRegionPosition> = [
            "leading": .leading, "trailing": .trailing, "center": .center, "bottom": .bottom,
        ]
        if let items = located.items {
            return try items.map { item in
                guard let fields = item.members else {
                    throw DocumentError(at: item, expected: "{\"region\": \"leading\", \"priority\": 0, \"content\": VIEW}")
                }
                var region = try Arguments(
                    owner: "an expanded region", primary: nil, labeled: fields, valid: ["region", "priority", "content"])
                guard let positionNode = region.take("region"), let content = region.take("content") else {
                    throw DocumentError(at: item, expected: "{\"region\": \"leading\", \"priority\": 0, \"content\": VIEW}")
                }
                let position = try Decode.choice(positionNode, positions, what: "an expanded region").evaluate(Self.emptyEvaluation)
                let priority = try region.take("priority").map { try Decode.number($0).evaluate(Self.emptyEvaluation) } ?? 0
                try region.finish()
                return ActivitySpec.Region(position: position, priority: priority, content: try compiler.content(content))
            }
        }
        guard let members = located.members else {
            throw DocumentError(
                at: located, expected: "the expanded regions: {\"leading\": VIEW, \"trailing\": VIEW, \"center\": VIEW, \"bottom\": VIEW}")
        }
        let names = positions.map(\.key)
        return try members.map { member in
            guard let position = positions.first(where: { $0.key == member.key })?.value else {
                throw DocumentError(
                    file: "", position: member.keyPosition, path: member.value.path,
                    expected: "an expanded region (\(names.joined(separator: ", ")))",
                    found: "\"\(member.key)\"", suggestion: NearestName.suggestion(for: member.key, among: names))
            }
            return ActivitySpec.Region(position: position, priority: 0, content: try compiler.content(member.value))
        }
    }

    private func activityDocument(
        kind: String, displayName: String, description: String, routes: [String], store: StoreSpec?,
        activity: ActivitySpec
    ) throws -> CompiledDocument {
        let file = self.file
        func evaluation(_ context: ActivityViewContext<DocumentActivityAttributes>) -> DocumentEvaluation {
            var values: [String: DocumentValue] = [
                "attributes": context.attributes.values, "state": context.state.values,
                "isStale": .bool(context.isStale), "activityID": .string(context.activityID),
            ]
            if let store { values["store"] = store.read() }
            return DocumentEvaluation(values: values, anchor: Date(), environment: EnvironmentValues(), file: file)
        }
        func island(_ context: ActivityViewContext<DocumentActivityAttributes>) -> DynamicIsland {
            let scope = evaluation(context)
            let regions = activity.regions.flatMap { region in
                DynamicIslandExpandedRegion(region.position, priority: region.priority) { ViewCompiler.contentView(region.content, scope) }
                    .expandedRegions
            }
            var result = DynamicIsland(
                expanded: { DynamicIslandExpandedRegionGroup(expandedRegions: regions) },
                compactLeading: { ViewCompiler.contentView(activity.compactLeading, scope) },
                compactTrailing: { ViewCompiler.contentView(activity.compactTrailing, scope) },
                minimal: { ViewCompiler.contentView(activity.minimal, scope) })
            do {
                if let tint = activity.keylineTint { result = result.keylineTint(try tint.evaluate(scope)) }
                if let url = activity.widgetURL { result = result.widgetURL(try url.evaluate(scope)) }
            } catch var error as DocumentError {
                error.file = file
                DocumentDiagnostics.report(error)
            } catch {}
            for margin in activity.margins { result = result.contentMargins(margin.edges, margin.length, for: margin.mode) }
            return result
        }
        let configuration = ActivityConfiguration(for: DocumentActivityAttributes.self) { context in
            ViewCompiler.contentView(activity.lockScreen, evaluation(context))
        } dynamicIsland: { context in
            island(context)
        }
        .widgetTermPreview(
            attributes: { start in DocumentActivityAttributes(values: activity.attributes.resolvingRelativeDates(from: start)) },
            contentStates: { start in
                activity.states.map { state in
                    ActivityContent(
                        state: DocumentActivityAttributes.ContentState(values: state.state.resolvingRelativeDates(from: start)),
                        staleDate: state.staleDate.flatMap { DocumentDates.date($0, anchor: start) },
                        relevanceScore: state.relevanceScore)
                }
            }
        )
        .configurationDisplayName(displayName)
        .description(description)
        .widgetTermRoutes(routes)
        var descriptor = configuration.descriptor
        descriptor.kind = kind
        if let facet = descriptor.activity {
            descriptor.activity = ActivityDescriptor(
                attributesType: "WidgetDocument(\(kind))", resolve: facet.resolve, preview: facet.preview)
        }
        let resolved = descriptor
        let validate = {
            // Resolve every scripted state, fresh and stale, once: placeholders naming missing fields are errors now.
            guard let facet = resolved.activity, let script = facet.preview else { return }
            let start = Date()
            let attributes = try script.attributes(start)
            for content in try script.contents(start) {
                for isStale in [false, true] {
                    try Self.collectingErrors {
                        _ = try? facet.resolve(ActivityResolveRequest(attributes: attributes, content: content, isStale: isStale))
                    }
                }
            }
        }
        return CompiledDocument(descriptor: resolved, validate: validate)
    }
}
