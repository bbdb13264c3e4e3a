import Foundation
import WidgetKitUI
import SpellingSuggestions

extension DocumentLoader {
    // MARK: Live Activities

    /// A content state's `"alert"`: `{"title": TEXT, "body": TEXT, "sound": "default" | FILE}`, the
    /// `AlertConfiguration(title:body:sound:)` that `Activity.update(_:alertConfiguration:)` shows with the state
    /// (`sound` left out: `.default`; a file name: `.named(FILE)`).
    /// - Throws: `DocumentError` at the alert for a missing or non-string title or body, an empty sound, an unknown
    ///   member, or an alert on the first state, which starts the activity (`Activity.request` shows no alert).
    private func alertConfiguration(_ located: Located, isFirstState: Bool) throws -> AlertConfiguration {
        let form = "{\"title\": \"Goal!\", \"body\": \"Okafor scores\", \"sound\": \"default\" or a sound file such as \"goal.caf\"}"
        guard let fields = located.members else { throw DocumentError(at: located, expected: "an alert: \(form)") }
        guard !isFirstState else {
            throw DocumentError(
                at: located,
                expected: "no alert on the first content state: it starts the activity (Activity.request shows no alert); "
                    + "put the alert on a later state, whose update shows it",
                found: "an alert")
        }
        var alert = try Arguments(owner: "an alert", primary: nil, labeled: fields, valid: ["title", "body", "sound"])
        func text(_ name: String) throws -> String {
            guard let node = alert.take(name) else {
                throw DocumentError(at: located, expected: "\"\(name)\": a string; an alert is \(form)")
            }
            guard case .string(let value) = node.value else { throw DocumentError(at: node, expected: "a string") }
            return value
        }
        let title = try text("title")
        let body = try text("body")
        var sound = AlertConfiguration.AlertSound.default
        if let node = alert.take("sound") {
            guard case .string(let name) = node.value, !name.isEmpty else {
                throw DocumentError(at: node, expected: "\"default\", or the name of a sound file in the app's bundle such as \"goal.caf\"")
            }
            if name != "default" { sound = .named(name) }
        }
        try alert.finish()
        return AlertConfiguration(
            title: LocalizedStringResource(stringLiteral: title), body: LocalizedStringResource(stringLiteral: body), sound: sound)
    }

    func activity(_ located: Located, compiler: ViewCompiler) throws -> ActivitySpec {
        guard let members = located.members else {
            throw DocumentError(
                at: located, expected: "an activity: {\"attributes\", \"contentStates\", \"lockScreen\", \"dynamicIsland\"}")
        }
        var arguments = try Arguments(
            owner: "the activity", primary: nil, labeled: members,
            valid: ["attributes", "contentStates", "lockScreen", "dynamicIsland", "supplementalActivityFamilies"])
        let attributes =
            try arguments.take("attributes").map { node -> DocumentValue in
                guard node.members != nil else { throw DocumentError(at: node, expected: "an object of static data") }
                return DocumentValue(node.node)
            } ?? .object([:])
        guard let statesNode = arguments.take("contentStates"), let stateItems = statesNode.items, !stateItems.isEmpty else {
            throw DocumentError(at: located, expected: "\"contentStates\": a non-empty array of {\"state\": {...}, \"staleDate\": DATE}")
        }
        let states = try stateItems.enumerated().map { index, item -> ActivitySpec.State in
            guard let fields = item.members else {
                throw DocumentError(
                    at: item, expected: "{\"state\": {...}, \"staleDate\": DATE, \"relevanceScore\": N, \"alert\": {...}}")
            }
            var state = try Arguments(
                owner: "a content state", primary: nil, labeled: fields, valid: ["state", "staleDate", "relevanceScore", "alert"])
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
            let alert = try state.take("alert").map { try alertConfiguration($0, isFirstState: index == 0) }
            try state.finish()
            return ActivitySpec.State(state: DocumentValue(data.node), staleDate: stale, relevanceScore: score, alert: alert)
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
        if let families = arguments.take("supplementalActivityFamilies") {
            guard let items = families.items else { throw DocumentError(at: families, expected: "an array of families: [\"small\"]") }
            spec.supplementalFamilies = try items.map {
                try Decode.choice($0, ["small": ActivityFamily.small, "medium": .medium], what: "an activity family")
                    .evaluate(Self.emptyEvaluation)
            }
        }
        try arguments.finish()
        return spec
    }

    func regions(_ located: Located, compiler: ViewCompiler) throws -> [ActivitySpec.Region] {
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

    /// Checks the keys an activity intent changes against the content states' keys, so a misspelt key is an error at load
    /// (a Swift intent setting a property the `ContentState` lacks does not compile).
    /// - Throws: `DocumentError` at the first key no content state has, with the nearest one.
    static func checkActivityIntents(_ intents: [String: DocumentIntentDefinition], states: [DocumentValue]) throws {
        let keys = Set(
            states.flatMap { state -> [String] in
                if case .object(let members) = state { return Array(members.keys) }
                return []
            }
        ).sorted()
        for name in intents.keys.sorted() {
            guard let operation = intents[name]?.activity else { continue }
            for change in operation.changeKeys where !keys.contains(change.key) {
                throw DocumentError(
                    file: "", position: change.position, path: change.path,
                    expected: "a key of the activity's content states (\(keys.joined(separator: ", ")))", found: "\"\(change.key)\"",
                    suggestion: NearestName.suggestion(for: change.key, among: keys))
            }
        }
    }

    /// The error for an activity intent whose new content state does not decode into the document's `ContentState`: at the
    /// changed key, saying what the content states hold there.
    static func intentStateError(
        _ mismatch: ContentStateShape.Mismatch, in state: DocumentValue, operation: DocumentActivityOperation, file: String
    ) -> DocumentError {
        // Only the changed keys differ from a content state, so the mismatch is at one of them.
        let change = operation.changeKeys.first { $0.key == mismatch.key } ?? operation.changeKeys.first
        var found = "null"
        if case .object(let members) = state, let value = members[mismatch.key] {
            if case .string(let text) = value { found = "a string \"\(text)\"" } else { found = "\(value.typeName) \(value.text)" }
        }
        return DocumentError(
            file: file, position: change?.position ?? DocumentPosition(line: 1, column: 1, offset: 0), path: change?.path ?? .root,
            expected: "a value the content state's \"\(mismatch.key)\" can hold, as in the contentStates (\(mismatch.reason))",
            found: found)
    }

    func activityDocument(
        kind: String, displayName: String, description: String, routes: [String], store: StoreSpec?,
        activity: ActivitySpec, intents: [String: DocumentIntentDefinition] = [:]
    ) throws -> CompiledDocument {
        let file = self.file
        try Self.checkActivityIntents(intents, states: activity.states.map(\.state))
        let activityIntents = intents.keys.sorted().compactMap { intents[$0]?.activity }
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
            updates: { start in
                activity.states.map { state in
                    ActivityPreviewUpdate(
                        ActivityContent(
                            state: DocumentActivityAttributes.ContentState(values: state.state.resolvingRelativeDates(from: start)),
                            staleDate: state.staleDate.flatMap { DocumentDates.date($0, anchor: start) },
                            relevanceScore: state.relevanceScore),
                        alertConfiguration: state.alert)
                }
            }
        )
        .configurationDisplayName(displayName)
        .description(description)
        .widgetTermRoutes(routes)
        .supplementalActivityFamilies(activity.supplementalFamilies)
        var descriptor = configuration.descriptor
        descriptor.kind = kind
        // A pushed content-state must decode into the document's ContentState as JSONDecoder would into a Swift one.
        let shape = ContentStateShape(states: activity.states.map(\.state))
        if let facet = descriptor.activity {
            descriptor.activity = ActivityDescriptor(
                attributesType: "WidgetDocument(\(kind))",
                resolve: { request in
                    if let state = try? JSONDecoder().decode(DocumentValue.self, from: request.content.state),
                        let mismatch = shape.mismatch(in: state)
                    {
                        throw ActivityDecodingError(
                            activity: kind, part: "content state", underlying: mismatch.reason, keyPath: mismatch.key,
                            reason: mismatch.reason)
                    }
                    return try facet.resolve(request)
                },
                preview: facet.preview)
            descriptor.activity?.supplementalFamilies = facet.supplementalFamilies
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
                // Each activity intent's values, on every state its condition accepts: a missing field is an error now.
                let state = try JSONDecoder().decode(DocumentValue.self, from: content.state)
                let attributeValues = try JSONDecoder().decode(DocumentValue.self, from: attributes)
                let scope = DocumentActivityOperation.evaluation(
                    attributes: attributeValues, state: state, isStale: false, id: "validation", now: start, file: file)
                for operation in activityIntents {
                    let changed: DocumentValue?
                    do {
                        changed = try operation.changed(scope)
                    } catch var error as DocumentError {
                        error.file = file
                        throw error
                    }
                    // The new state must decode into the ContentState, as a Swift intent's must type-check.
                    if let changed, let mismatch = shape.mismatch(in: changed) {
                        throw Self.intentStateError(mismatch, in: changed, operation: operation, file: file)
                    }
                }
            }
        }
        return CompiledDocument(descriptor: resolved, validate: validate)
    }
}
