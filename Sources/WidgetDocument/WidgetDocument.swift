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
    /// or it names an existing file (ARCHITECTURE.md "Command line").
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
            throw DocumentError.unreadableFile(path, what: "widget document")
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
    /// As WidgetKit's `TimelineEntry.date`: when the entry is shown, resolved from the document's `date` text.
    public let date: Date
    /// As WidgetKit's `TimelineEntry.relevance`: the entry's `relevance` (`score`, `duration` in seconds) for
    /// Smart Stack ordering; nil when the document gives none.
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
    /// The `parameters` section, when the widget is configurable: entries see the values set now.
    var parameters: ParametersSpec?
    /// The document's file as named when it was loaded, for the diagnostics of a timeline filter.
    var file = ""

    func placeholder(in context: Context) -> DocumentEntry {
        timeline.placeholder.entry(anchor: Date(), store: store, at: Date(), configuration: parameters?.currentValue())
    }

    func getSnapshot(in context: Context, completion: @escaping (DocumentEntry) -> Void) {
        let now = Date()
        completion(
            (timeline.snapshot ?? timeline.entries[0]).entry(anchor: now, store: store, at: now, configuration: parameters?.currentValue()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DocumentEntry>) -> Void) {
        completion(makeTimeline(at: Date()))
    }

    func makeTimeline(at now: Date) -> Timeline<DocumentEntry> {
        let configuration = parameters?.currentValue()
        var entries = timeline.entries.map {
            timeline.filtered($0.entry(anchor: now, store: store, at: nil, configuration: configuration), file: file)
        }
        if timeline.dropsPastEntries {
            // Sorted by date (entries on the same date keep their order in the file), then everything before the
            // entry that is current at `now`: that one is what the widget shows now, so it stays.
            let sorted = entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
            let current = sorted.lastIndex { $0.date <= now } ?? 0
            entries = Array(sorted[current...])
        }
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
    /// `filter`: array fields of each timeline entry's data kept only where a condition holds (the placeholder and
    /// snapshot are left whole, as a provider filters only in `getTimeline`).
    var filters: [EntryFilter] = []
    /// `dropPastEntries`: the entries sorted by date, and those before the one current when the timeline is made
    /// (the latest dated at or before that moment) left out, as a provider that adds only `where end > now` does; the
    /// current entry stays, since it is what the widget shows now.
    var dropsPastEntries = false

    /// `entry` with each filtered field holding only the items whose condition holds.
    ///
    /// The conditions were evaluated when the document loaded, with the store's defaults and the parameters' default
    /// values; one that cannot be evaluated now (a value stored since has another shape) keeps the item and is
    /// reported once per filter and entry as a document diagnostic (the widget's error state), with `file` and the
    /// filter's JSON path.
    func filtered(_ entry: DocumentEntry, file: String) -> DocumentEntry {
        guard !filters.isEmpty else { return entry }
        var values = entry.values
        for filter in filters {
            // Checked when the document loaded: every entry has the field as an array.
            guard case .array(let items) = values[filter.field] else { continue }
            var reported = false
            values[filter.field] = .array(
                items.filter { item in
                    do {
                        return try filter.keeps(item, in: entry, file: file)
                    } catch {
                        if !reported {
                            reported = true
                            DocumentDiagnostics.report(filter.runTimeError(error, file: file))
                        }
                        return true
                    }
                })
        }
        return DocumentEntry(date: entry.date, relevance: entry.relevance, values: values, anchor: entry.anchor)
    }
}

/// One member of a timeline's `filter`: `"events": "item.end > {{entry.date}}"` keeps the events whose end is after
/// the entry's date, as `events.filter { $0.end > date }` in a provider.
struct EntryFilter {
    /// The data field filtered (an array in every entry).
    var field: String
    /// The condition each item must meet; it reads the item as `item`, beside the entry's fields.
    var condition: Condition

    /// Where the condition is written: the position and JSON path of the filter's value (`$.timeline.filter.events`).
    var position: DocumentPosition
    var path: JSONPath

    /// Whether `item` stays in `entry`'s field.
    /// - Parameter file: The document's file, for errors.
    /// - Throws: `DocumentError` when the condition cannot be evaluated (a `{{path}}` the entry lacks).
    func keeps(_ item: DocumentValue, in entry: DocumentEntry, file: String = "") throws -> Bool {
        var values = entry.values
        values["item"] = item
        return try condition.evaluate(
            DocumentEvaluation(values: values, anchor: entry.anchor, environment: EnvironmentValues(), file: file))
    }

    /// `error`, thrown by `keeps` while a timeline is made, as a document error at the filter in `file`.
    func runTimeError(_ error: any Error, file: String) -> DocumentError {
        guard var documentError = error as? DocumentError else {
            return DocumentError(
                file: file, position: position, path: path, expected: "a condition that can be evaluated", found: "\(error)")
        }
        documentError.file = file
        return documentError
    }
}

/// One entry as written: its date (text, resolved when the timeline is made) and data.
struct EntrySpec {
    var date: String
    var data: DocumentValue
    var relevance: TimelineEntryRelevance?
    /// The data compiled, when it reads the configuration (`"{{configuration.count}}"`); nil when it does not.
    var configured: Expr<DocumentValue>?

    /// The entry at `anchor`; `configuration` is the `configuration` object of a configurable document (its
    /// values fill the data's placeholders and the views read it).
    func entry(anchor: Date, store: StoreSpec?, at fixedDate: Date?, configuration: DocumentValue? = nil) -> DocumentEntry {
        let date = fixedDate ?? DocumentDates.date(self.date, anchor: anchor) ?? anchor
        var values: [String: DocumentValue] = [:]
        var data = self.data
        if let configured, let configuration {
            // Checked when the document loaded with the defaults; every value set later has the same shape.
            let evaluation = DocumentEvaluation(
                values: ["configuration": configuration], anchor: anchor, environment: EnvironmentValues(), file: "")
            data = (try? configured.evaluate(evaluation)) ?? data
        }
        if case .object(let members) = data.resolvingRelativeDates(from: anchor, day: date) { values = members }
        values["entry"] = .object(["date": .string(DocumentDates.string(date))])
        if let store { values["store"] = store.read() }
        if let configuration { values["configuration"] = configuration }
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
    /// For an intent that updates or ends the document's activities: what it does (the store fields are unused).
    var activity: DocumentActivityOperation?

    /// The intent a `Button` or `Toggle` runs: a `DocumentActivityIntent` for an activity intent, else a `DocumentIntent`.
    func makeIntent() -> any AppIntent {
        if let activity {
            var intent = DocumentActivityIntent()
            intent.name = name
            intent.title = title
            intent.operation = activity
            return intent
        }
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
    /// As AppIntents' `AppIntent.title`: the name the host shows for the intent.
    public static var title: LocalizedStringResource { "Widget document intent" }
    /// As AppIntents' `AppIntent.description`: what the intent does, in one sentence.
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

    /// Creates an intent with empty parameters; the document's action fills them in before it runs.
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
    /// What failed, naming the suite or key.
    public let message: String
    /// The message, as logged.
    public var description: String { message }
}

// MARK: - Intents that update Live Activities

/// What a document's activity intent does to each of the document's activities: the content-state keys it changes
/// (values may read `attributes`, `state`, `isStale`, `activityID` and, in expressions, `now`), the condition an activity
/// must meet, and whether it ends the activity.
struct DocumentActivityOperation: @unchecked Sendable {
    /// `WidgetDocument(KIND)`: the activities of this document.
    var attributesType: String
    /// True for `endActivity`.
    var ends: Bool
    var dismissalPolicy: ActivityUIDismissalPolicy
    /// The keys set, in the document's order, with their values (null removes the key, as `JSONEncoder` leaves out a nil
    /// optional).
    var changes: [(key: String, value: Expr<DocumentValue>)]
    /// The keys as written, for errors at load.
    var changeKeys: [(key: String, position: DocumentPosition, path: JSONPath)]
    /// `where`: the activities it applies to; nil for all.
    var condition: Condition?
    /// The document's file, named by an error the intent meets when it runs.
    var file = ""

    /// The scope an activity's values are read in.
    static func evaluation(attributes: DocumentValue, state: DocumentValue, isStale: Bool, id: String, now: Date, file: String)
        -> DocumentEvaluation
    {
        DocumentEvaluation(
            values: ["attributes": attributes, "state": state, "isStale": .bool(isStale), "activityID": .string(id)],
            anchor: now, environment: EnvironmentValues(), file: file)
    }

    /// The content state after the change, or nil when the activity does not meet the condition.
    /// - Throws: `DocumentError` from a value (a missing field, a division by zero) or the condition.
    func changed(_ evaluation: DocumentEvaluation) throws -> DocumentValue? {
        if let condition, try !condition.evaluate(evaluation) { return nil }
        guard case .object(var members)? = evaluation.values["state"] else { return nil }
        for change in changes {
            let value = try change.value.evaluate(evaluation)
            if value == .null { members[change.key] = nil } else { members[change.key] = value }
        }
        return .object(members)
    }

    /// Runs the operation on every activity of the document, oldest first, as the Swift intent's loop over
    /// `Activity<Attributes>.activities` does; an update the host refuses (over 4 KB, ended) is dropped, as
    /// `Activity.update(_:)` drops it.
    /// - Throws: `DocumentError` from a value, naming the document's file.
    func perform(now: Date) throws {
        // Without a host, `Activity<Attributes>.activities` is empty and the Swift loop does nothing.
        guard let host = HostContext.current.activities else { return }
        for record in host.activityRecords(attributesType: attributesType) {
            guard let attributes = try? JSONDecoder().decode(DocumentValue.self, from: record.attributes),
                let state = try? JSONDecoder().decode(DocumentValue.self, from: record.content.state)
            else { continue }
            let isStale = record.content.staleDate.map { $0 <= now } ?? false
            let scope = Self.evaluation(attributes: attributes, state: state, isStale: isStale, id: record.id, now: now, file: file)
            let changedState: DocumentValue?
            do {
                changedState = try changed(scope)
            } catch var error as DocumentError {
                error.file = file
                throw error
            }
            guard let newState = changedState else { continue }
            // `ActivityContent(state:staleDate: nil)`, as the Swift intents write it.
            let content = EncodedActivityContent(state: try ActivityCoding.encode(newState), staleDate: nil)
            if ends {
                try? host.endActivity(id: record.id, content: content, dismissalPolicy: dismissalPolicy)
            } else {
                try? host.updateActivity(id: record.id, content: content, alertConfiguration: nil)
            }
        }
    }
}

/// The `LiveActivityIntent` a Live Activity document's `Button` runs for an intent with `updateActivity` or
/// `endActivity`: it changes the content state of each of the document's activities that meets its `where` condition
/// and updates or ends it, as a Swift intent calling `Activity.update(_:)` or `Activity.end(_:dismissalPolicy:)` does. The
/// host runs it off the render path, in the app's process.
public struct DocumentActivityIntent: LiveActivityIntent {
    /// As AppIntents' `AppIntent.title`: the name the host shows for the intent.
    public static var title: LocalizedStringResource { "Widget document activity intent" }
    /// As AppIntents' `AppIntent.description`.
    public static var description: IntentDescription { "Updates or ends a widget document's Live Activities, as the document declares." }

    /// The intent's name in the document.
    @Parameter(title: "Name") public var name: String
    /// The document's title for the intent.
    @Parameter(title: "Title") public var title: String
    /// What the intent does; set by the document's button.
    var operation: DocumentActivityOperation?

    /// Creates an intent that does nothing; the document's button fills it in before it runs.
    public init() {}

    /// Updates or ends the activities, reading `now` from the clock (`Date()`, which the host's simulated clock sets).
    /// - Throws: a `DocumentError` when a value cannot be computed.
    public func perform() async throws -> some IntentResult {
        try operation?.perform(now: Date())
        return .result()
    }
}

// MARK: - Live Activities

/// The attributes of a document's Live Activity: its `attributes` data. Encoded as that JSON, so the 4 KB limit is
/// measured on what a Swift `ActivityAttributes` with the same fields would encode.
public struct DocumentActivityAttributes: ActivityAttributes {
    /// A content state: the document's `state` data.
    public struct ContentState: Codable, Hashable {
        /// The `state` object of the document, as JSON data.
        public var values: DocumentValue
        /// Creates a content state holding `values`.
        public init(values: DocumentValue) { self.values = values }
        /// Decodes the state from plain JSON (no wrapping key), as ActivityKit decodes a pushed content state.
        public init(from decoder: Decoder) throws { values = try DocumentValue(from: decoder) }
        /// Encodes the state as the plain JSON of `values`, so its size is measured as ActivityKit would.
        public func encode(to encoder: Encoder) throws { try values.encode(to: encoder) }
    }

    /// The `attributes` object of the document, as JSON data.
    public var values: DocumentValue
    /// Creates attributes holding `values`.
    public init(values: DocumentValue) { self.values = values }
    /// Decodes the attributes from plain JSON (no wrapping key).
    public init(from decoder: Decoder) throws { values = try DocumentValue(from: decoder) }
    /// Encodes the attributes as the plain JSON of `values`, so the 4 KB limit is measured on that.
    public func encode(to encoder: Encoder) throws { try values.encode(to: encoder) }
}

/// The `activity` section.
struct ActivitySpec {
    struct State {
        var state: DocumentValue
        var staleDate: String?
        var relevanceScore: Double
        /// The alert the update to this state shows (`Activity.update(_:alertConfiguration:)`); nil for none.
        var alert: AlertConfiguration? = nil
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
    /// `supplementalActivityFamilies`: the families besides `.medium`.
    var supplementalFamilies: [ActivityFamily] = []
}
