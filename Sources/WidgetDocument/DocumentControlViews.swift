import Foundation
import WidgetKitUI
import SpellingSuggestions

extension ViewCompiler {
    // MARK: Controls

    /// `Link`: `{"Link": "Title", "destination": URL}` or `{"Link": {"destination": URL, "label": VIEW}}`.
    func link(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        guard let destination = arguments.take("destination") else {
            throw DocumentError(at: located, expected: "\"destination\": the URL the link opens")
        }
        let url = try Decode.url(destination)
        if let title = arguments.primary, case .string = title.value {
            arguments.primary = nil
            let text = try Decode.string(title)
            return ViewRecipe { .view(AnyView(Link(try text.evaluate($0), destination: try url.evaluate($0)))) }
        }
        guard let labelNode = arguments.primary ?? arguments.take("label") else {
            throw DocumentError(at: located, expected: "a title string under \"Link\" or a \"label\" view")
        }
        arguments.primary = nil
        let label = try content(labelNode)
        return ViewRecipe { evaluation in
            .view(AnyView(Link(destination: try url.evaluate(evaluation)) { Self.contentView(label, evaluation) }))
        }
    }

    /// The intent an intent name refers to.
    func intent(_ located: Located) throws -> DocumentIntentDefinition {
        guard case .string(let name) = located.value else {
            throw DocumentError(at: located, expected: "the name of an intent declared under \"intents\"")
        }
        guard let definition = intents[name] else {
            let names = intents.keys.sorted()
            throw DocumentError(
                at: located,
                expected: names.isEmpty
                    ? "an intent declared under \"intents\" (the document declares none)"
                    : "an intent declared under \"intents\" (\(names.joined(separator: ", ")))",
                found: "\"\(name)\"", suggestion: NearestName.suggestion(for: name, among: names))
        }
        return definition
    }

    /// `Button`: `{"Button": "Add", "intent": "addGlass"}`, with `"systemImage"`, or `{"Button": {"intent": ..., "label": VIEW}}`.
    /// Without an intent it is drawn and inert, as a closure button in a widget.
    func button(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        let definition = try arguments.take("intent").map(intent)
        let systemImage = try arguments.take("systemImage").map { try Decode.string($0) }
        if let title = arguments.primary, case .string = title.value {
            arguments.primary = nil
            let text = try Decode.string(title)
            return ViewRecipe { evaluation in
                let key = LocalizedStringKey(try text.evaluate(evaluation))
                guard let definition else { return .view(AnyView(Button(key, action: {}))) }
                if let systemImage {
                    return .view(AnyView(Button(key, systemImage: try systemImage.evaluate(evaluation), intent: definition.makeIntent())))
                }
                return .view(AnyView(Button(key, intent: definition.makeIntent())))
            }
        }
        guard let labelNode = arguments.primary ?? arguments.take("label") else {
            throw DocumentError(at: located, expected: "a title string under \"Button\" or a \"label\" view")
        }
        arguments.primary = nil
        if systemImage != nil {
            throw DocumentError(at: located, expected: "\"systemImage\" only with a title string", found: "a label view as well")
        }
        let label = try content(labelNode)
        return ViewRecipe { evaluation in
            guard let definition else { return .view(AnyView(Button(action: {}) { Self.contentView(label, evaluation) })) }
            return .view(AnyView(Button(intent: definition.makeIntent()) { Self.contentView(label, evaluation) }))
        }
    }

    /// `Toggle`: `{"Toggle": "Done", "isOn": "{{store.done}}", "intent": "toggleDone"}` or with a `"label"` view.
    func toggle(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        guard let isOnNode = arguments.take("isOn") else {
            throw DocumentError(at: located, expected: "\"isOn\": true, false or a {{placeholder}}")
        }
        let isOn = try Decode.bool(isOnNode)
        guard let intentNode = arguments.take("intent") else {
            throw DocumentError(at: located, expected: "\"intent\": the intent the toggle runs")
        }
        let definition = try intent(intentNode)
        if let title = arguments.primary, case .string = title.value {
            arguments.primary = nil
            let text = try Decode.string(title)
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        Toggle(
                            LocalizedStringKey(try text.evaluate(evaluation)), isOn: try isOn.evaluate(evaluation),
                            intent: definition.makeIntent())))
            }
        }
        guard let labelNode = arguments.primary ?? arguments.take("label") else {
            throw DocumentError(at: located, expected: "a title string under \"Toggle\" or a \"label\" view")
        }
        arguments.primary = nil
        let label = try content(labelNode)
        return ViewRecipe { evaluation in
            .view(
                AnyView(
                    Toggle(isOn: try isOn.evaluate(evaluation), intent: definition.makeIntent()) { Self.contentView(label, evaluation) }))
        }
    }

    // MARK: Gauges and progress

    /// `Gauge`: `{"Gauge": {"value": 0.6, "in": [0, 1], "label": VIEW, "currentValueLabel": VIEW,
    /// "minimumValueLabel": VIEW, "maximumValueLabel": VIEW}}`.
    func gauge(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        try arguments.expandPrimaryObject()
        guard let valueNode = arguments.take("value") else { throw DocumentError(at: located, expected: "\"value\": the gauge's value") }
        let value = try Decode.number(valueNode)
        let bounds = try arguments.take("in").map(Self.bounds) ?? (.constant(0), .constant(1))
        let label = try arguments.take("label").map(content)
        let current = try arguments.take("currentValueLabel").map(content)
        let minimum = try arguments.take("minimumValueLabel").map(content)
        let maximum = try arguments.take("maximumValueLabel").map(content)
        if (minimum == nil) != (maximum == nil) {
            throw DocumentError(
                at: located, expected: "both \"minimumValueLabel\" and \"maximumValueLabel\", or neither", found: "only one")
        }
        return ViewRecipe { evaluation in
            let number = try value.evaluate(evaluation)
            let lower = try bounds.0.evaluate(evaluation), upper = try bounds.1.evaluate(evaluation)
            guard lower <= upper else {
                throw DocumentError(
                    at: located, expected: "a range whose lower bound is not above its upper bound", found: "\(lower)...\(upper)")
            }
            let range = lower...upper
            let labelView = label.map { Self.contentView($0, evaluation) } ?? AnyView(EmptyView())
            if let minimum, let maximum {
                return .view(
                    AnyView(
                        Gauge(
                            value: number, in: range, label: { labelView },
                            currentValueLabel: { current.map { Self.contentView($0, evaluation) } ?? AnyView(EmptyView()) },
                            minimumValueLabel: { Self.contentView(minimum, evaluation) },
                            maximumValueLabel: { Self.contentView(maximum, evaluation) })))
            }
            if let current {
                return .view(
                    AnyView(
                        Gauge(value: number, in: range, label: { labelView }, currentValueLabel: { Self.contentView(current, evaluation) }))
                )
            }
            if label == nil { return .view(AnyView(Gauge(value: number, in: range))) }
            return .view(AnyView(Gauge(value: number, in: range, label: { labelView })))
        }
    }

    /// A numeric range: `[lower, upper]` or `{"lowerBound": ..., "upperBound": ...}`.
    static func bounds(_ located: Located) throws -> (Expr<Double>, Expr<Double>) {
        if let items = located.items, items.count == 2 { return (try Decode.number(items[0]), try Decode.number(items[1])) }
        if let members = located.members {
            var arguments = try Arguments(owner: "a range", primary: nil, labeled: members, valid: ["lowerBound", "upperBound"])
            if let lower = arguments.take("lowerBound"), let upper = arguments.take("upperBound") {
                try arguments.finish()
                return (try Decode.number(lower), try Decode.number(upper))
            }
        }
        throw DocumentError(at: located, expected: "a range: [lower, upper] or {\"lowerBound\": ..., \"upperBound\": ...}")
    }

    /// `ProgressView`: `{"ProgressView": {"value": 0.4, "total": 1}}`, `{"ProgressView": "Title", "value": ...}`,
    /// with a `"label"` view, or `{"ProgressView": {"timerInterval": {"start": ..., "end": ...}, "countsDown": true}}`.
    func progressView(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value { try arguments.expandPrimaryObject() }
        if let timer = arguments.take("timerInterval") {
            let (start, end) = try Decode.dateRange(timer)
            let countsDown = try arguments.take("countsDown").map(Decode.bool) ?? .constant(true)
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        ProgressView(
                            timerInterval: try start.evaluate(evaluation)...(try end.evaluate(evaluation)),
                            countsDown: try countsDown.evaluate(evaluation))))
            }
        }
        guard let valueNode = arguments.take("value") else {
            throw DocumentError(at: located, expected: "\"value\" (with an optional \"total\") or \"timerInterval\"")
        }
        let value: Expr<Double?> = valueNode.value == .null ? .constant(nil) : try Decode.number(valueNode).map { Optional($0) }
        let total = try arguments.take("total").map { try Decode.number($0) } ?? .constant(1)
        if let title = arguments.primary, case .string = title.value {
            arguments.primary = nil
            let text = try Decode.string(title)
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        ProgressView(
                            LocalizedStringKey(try text.evaluate(evaluation)), value: try value.evaluate(evaluation),
                            total: try total.evaluate(evaluation))))
            }
        }
        if let labelNode = arguments.take("label") {
            let label = try content(labelNode)
            return ViewRecipe { evaluation in
                .view(
                    AnyView(
                        ProgressView(value: try value.evaluate(evaluation), total: try total.evaluate(evaluation)) {
                            Self.contentView(label, evaluation)
                        }))
            }
        }
        return ViewRecipe { evaluation in
            .view(AnyView(ProgressView(value: try value.evaluate(evaluation), total: try total.evaluate(evaluation))))
        }
    }
}
