import Foundation
import WidgetKitUI
import SpellingSuggestions

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
        "containerBackgroundRemovable", "routes", "store", "intents", "parameters", "timeline", "placeholder", "snapshot", "view",
    ]
    static let activityKeys = ["$schema", "version", "kind", "displayName", "description", "routes", "store", "intents", "activity"]
    /// Names the views read that data may not use.
    static let reservedNames: Set<String> = ["env", "entry", "store", "configuration"]

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
        var intents = try top.take("intents").map { try Self.intents($0, store: store, activity: isActivity ? kind : nil) } ?? [:]
        for name in intents.keys { intents[name]?.activity?.file = file }
        let compiler = ViewCompiler(intents: intents, isActivity: isActivity)

        if isActivity {
            let activity = try self.activity(top.take("activity")!, compiler: compiler)
            try top.finish()
            return try activityDocument(
                kind: kind, displayName: displayName, description: description, routes: routes, store: store,
                activity: activity, intents: intents)
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
        let parameters = try top.take("parameters").map(Self.parameters)
        let timelineNode = top.take("timeline")
        var timeline =
            try timelineNode.map { try Self.timeline($0, store: store, parameters: parameters) }
            ?? TimelineSpec(
                entries: [EntrySpec(date: "now", data: .object([:]))], policy: .never,
                placeholder: EntrySpec(date: "now", data: .object([:])))
        let placeholderNode = top.take("placeholder")
        let snapshotNode = top.take("snapshot")
        if let placeholderNode { timeline.placeholder = try Self.entry(placeholderNode, needsDate: false) }
        if let snapshotNode { timeline.snapshot = try Self.entry(snapshotNode, needsDate: false) }
        if parameters != nil {
            // The entries' data reading the configuration is read with the timeline; the placeholder and snapshot here.
            if let placeholderNode {
                timeline.placeholder.configured = try placeholderNode["data"].flatMap(Self.configuredData)
            } else if let first = timeline.entries.first {
                timeline.placeholder.configured = first.configured
            }
            timeline.snapshot?.configured = try snapshotNode?["data"].flatMap(Self.configuredData)
        }
        try top.finish()

        let file = self.file
        let provider = DocumentProvider(timeline: timeline, store: store, parameters: parameters, file: file)
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
        var descriptor = configuration.descriptor
        // A document with parameters is an AppIntentConfiguration: `--param` and the Edit Widget sheet set them.
        descriptor.configuration = parameters?.settings

        let validate = {
            // Resolve every entry (and the placeholder and snapshot) in every family once: a placeholder that names a
            // field an entry lacks is an error now, with its position, rather than an error state later.
            let now = Date()
            let configuration = parameters?.currentValue()
            try Self.checkConfiguredData(timeline, configuration: configuration)
            let made =
                provider.makeTimeline(at: now).entries
                + [timeline.placeholder.entry(anchor: now, store: store, at: now, configuration: configuration)]
                + (timeline.snapshot.map { [$0.entry(anchor: now, store: store, at: now, configuration: configuration)] } ?? [])
            for family in families {
                for entry in made {
                    var environment = EnvironmentValues()
                    environment.widgetFamily = family
                    let context = ResolveContext(environment: environment)
                    try Self.collectingErrors {
                        _ = HostContext.current.resolving(into: context.sink) { descriptor.content(AnyTimelineEntry(entry), context) }
                    }
                }
            }
        }
        return CompiledDocument(descriptor: descriptor, validate: validate)
    }

    /// Evaluates the entry data that reads the configuration once, so a placeholder naming a parameter that does
    /// not exist is an error when the document loads, with its position.
    static func checkConfiguredData(_ timeline: TimelineSpec, configuration: DocumentValue?) throws {
        guard let configuration else { return }
        let evaluation = DocumentEvaluation(
            values: ["configuration": configuration], anchor: Date(), environment: EnvironmentValues(), file: "")
        for spec in timeline.entries + [timeline.placeholder] + (timeline.snapshot.map { [$0] } ?? []) {
            _ = try spec.configured?.evaluate(evaluation)
        }
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
}
