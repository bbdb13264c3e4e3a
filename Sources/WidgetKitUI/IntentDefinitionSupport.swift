import Foundation

// MARK: - What the classes generated from an `.intentdefinition` file stand on

/// The result of handling a SiriKit intent, as `Intents.INIntentResponse`: the base class of the
/// `…IntentResponse` classes Xcode generates from an `.intentdefinition` file.
open class INIntentResponse: NSObject {
    /// The activity the app continues with when the response opens it; nil when none was given.
    open var userActivity: NSUserActivity?

    /// An empty response.
    public override init() { super.init() }
}

/// An activity an app continues, as `Foundation.NSUserActivity` (absent from Foundation on Linux): only its
/// type and user info, which the generated intent responses carry.
open class NSUserActivity: NSObject {
    /// The activity's type, such as `com.example.viewing`.
    public let activityType: String
    /// What the app needs to continue the activity.
    open var userInfo: [AnyHashable: Any]?

    /// An activity of `activityType`, as `NSUserActivity(activityType:)`.
    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }
}

/// The principal class of an Intents extension, as `Intents.INExtension`: it hands each intent to the object
/// that handles it. WidgetTerm never calls it (widget parameters take their definition's defaults or
/// `--param`); it exists so an `IntentHandler` file compiles.
open class INExtension: NSObject {
    /// The object that handles `intent`; this base class returns itself.
    open func handler(for intent: INIntent) -> Any? { self }

    /// An extension object.
    public override init() { super.init() }
}

/// A titled group of options in an intent parameter's list, as `Intents.INObjectSection`.
public final class INObjectSection<ObjectType: AnyObject>: NSObject {
    /// The section's title; nil for none.
    public let title: String?
    /// The options in the section, in order.
    public let items: [ObjectType]

    /// A section titled `title` holding `items`, as `INObjectSection(title:items:)`.
    public init(title: String?, items: [ObjectType]) {
        self.title = title
        self.items = items
        super.init()
    }
}

/// The options an Intents extension gives for a parameter, as `Intents.INObjectCollection`.
public final class INObjectCollection<ObjectType: AnyObject>: NSObject {
    /// The sections, in order (one untitled section for `init(items:)`).
    public let sections: [INObjectSection<ObjectType>]
    /// Every option of every section, in order.
    public var allItems: [ObjectType] { sections.flatMap(\.items) }
    /// Whether the list is shown with an index; kept, not drawn.
    public var usesIndexedCollation = false

    /// A collection of `sections`, as `INObjectCollection(sections:)`.
    public init(sections: [INObjectSection<ObjectType>]) {
        self.sections = sections
        super.init()
    }

    /// A collection of one untitled section holding `items`, as `INObjectCollection(items:)`.
    public convenience init(items: [ObjectType]) { self.init(sections: [INObjectSection(title: nil, items: items)]) }
}

/// What kind of value a parameter of an `.intentdefinition` intent holds, for `--param` and the Edit Widget
/// sheet.
public enum IntentDefinitionParameterType: Equatable, Sendable {
    /// Text (`String?`).
    case string
    /// A whole number (`NSNumber?` holding an `Int`).
    case integer
    /// A number (`NSNumber?` holding a `Double`).
    case decimal
    /// `true` or `false` (`NSNumber?` holding a `Bool`).
    case boolean
    /// One of an enum's cases, named by their names in the definition (`unknown` left out).
    case enumeration([String])
    /// A custom type (`INObject` subclass), named by its identifier.
    case object
}

/// One parameter of an intent generated from an `.intentdefinition` file.
public struct IntentDefinitionParameter: Equatable, Sendable {
    /// The property's name (what `--param name=value` uses).
    public let name: String
    /// The name shown in the Edit Widget sheet (`INIntentParameterDisplayName`).
    public let title: String
    /// The kind of value.
    public let type: IntentDefinitionParameterType
    /// The definition's default value as text (`INIntentParameterMetadataDefaultValue`); empty for none.
    public let defaultValue: String
    /// Whether the Intents extension's handler lists the values (`INIntentParameterSupportsDynamicEnumeration`:
    /// `provide…OptionsCollection`, `default…(for:)`).
    public let hasDynamicOptions: Bool

    /// A parameter description, as the generated code writes it.
    public init(name: String, title: String, type: IntentDefinitionParameterType, defaultValue: String, hasDynamicOptions: Bool = false) {
        self.name = name
        self.title = title
        self.type = type
        self.defaultValue = defaultValue
        self.hasDynamicOptions = hasDynamicOptions
    }
}

/// What WidgetTerm adds to the intent classes it generates from an `.intentdefinition` file (Xcode's generated
/// classes set parameters by key-value coding, which Swift on Linux lacks): the parameters, and a way to set one
/// from text, so `--param` and the Edit Widget sheet configure an `IntentConfiguration` widget.
public protocol IntentDefinitionParameters: INIntent {
    /// The intent's parameters in the definition's order.
    static var intentDefinitionParameters: [IntentDefinitionParameter] { get }
    /// Sets the parameter `name` from `text` (checked already against its type); false when there is no such
    /// parameter or the text is not a value of it.
    func setIntentDefinitionParameter(_ name: String, from text: String) -> Bool
    /// The values the Intents extension's handler offers for the parameter `name` (its
    /// `provide…OptionsCollection(for:with:)`, or the `async` form); nil when the parameter has no dynamic options,
    /// no handler is found in the extension's sources, or the handler gives none.
    func intentDefinitionOptions(for name: String) async -> [IntentParameterOption]?
    /// Sets the parameter `name` to the handler's option whose `--param` text is `value`; false when there is none.
    func selectIntentDefinitionOption(_ name: String, _ value: String) async -> Bool
    /// Gives the parameters with dynamic options that are not in `names` the handler's `default…(for:)` value, as
    /// iOS does for a widget just added.
    func applyIntentDefinitionDefaults(skipping names: Set<String>)
    /// The value of the parameter `name` with dynamic options, as an option (its `--param` text and display
    /// text); nil when it has none.
    func intentDefinitionValue(of name: String) -> IntentParameterOption?
}

extension IntentDefinitionParameters {
    /// No options: an intent class generated before handlers were asked.
    public func intentDefinitionOptions(for name: String) async -> [IntentParameterOption]? { nil }
    /// No options to select from.
    public func selectIntentDefinitionOption(_ name: String, _ value: String) async -> Bool { false }
    /// No handler defaults.
    public func applyIntentDefinitionDefaults(skipping names: Set<String>) {}
    /// No value read back.
    public func intentDefinitionValue(of name: String) -> IntentParameterOption? { nil }

    /// Sets `values` (by parameter name, as `--param` text): a parameter with dynamic options takes the handler's
    /// option of that text when there is one, else the text as its type; then the parameters left without a
    /// value take the handler's defaults. The handler is waited for at most 5 seconds per question.
    func prepareIntentDefinition(values: [String: String], dynamic: Set<String>) {
        for (name, text) in values.sorted(by: { $0.key < $1.key }) {
            if dynamic.contains(name), IntentParameters.waitFor({ await self.selectIntentDefinitionOption(name, text) }) == true {
                continue
            }
            _ = setIntentDefinitionParameter(name, from: text)
        }
        applyIntentDefinitionDefaults(skipping: Set(values.keys))
    }
}

/// How a value a SiriKit handler offers is shown and chosen: `--param` text and display text.
public enum IntentDefinitionOptions {
    /// The option for `item`: an `INObject`'s identifier and display string, a person's identifier and name, a
    /// place's name, a file's name, or the value's description.
    public static func option(_ item: Any) -> IntentParameterOption {
        switch item {
        case let object as INObject:
            return IntentParameterOption(value: object.identifier ?? object.displayString, title: object.displayString)
        case let person as INPerson:
            return IntentParameterOption(
                value: person.customIdentifier ?? person.contactIdentifier ?? person.displayName, title: person.displayName)
        case let place as CLPlacemark:
            let name = place.name ?? place.locality ?? ""
            return IntentParameterOption(value: name, title: name)
        case let file as INFile:
            return IntentParameterOption(value: file.filename, title: file.filename)
        case let amount as INCurrencyAmount:
            let text = "\(amount.amount?.description ?? "") \(amount.currencyCode ?? "")".trimmingCharacters(in: .whitespaces)
            return IntentParameterOption(value: text, title: text)
        default:
            let text = "\(item)"
            return IntentParameterOption(value: text, title: text)
        }
    }
}

extension IntentParameterSettings {
    /// The settings of an intent generated from an `.intentdefinition` file.
    convenience init(definition parameters: [IntentDefinitionParameter], intentType: (any IntentDefinitionParameters.Type)? = nil) {
        var choices: [String: [IntentParameterOption]] = [:]
        let infos = parameters.map { parameter -> IntentParameterInfo in
            let kind: IntentParameterKind
            let typeName: String
            let accepts: @Sendable (String) -> Bool
            switch parameter.type {
            case .string:
                (kind, typeName, accepts) = (.text, "String", { _ in true })
            case .integer:
                (kind, typeName, accepts) = (.integer, "Int", { Int($0) != nil })
            case .decimal:
                (kind, typeName, accepts) = (.decimal, "Double", { Double($0) != nil })
            case .boolean:
                (kind, typeName, accepts) = (.toggle, "Bool", { $0 == "true" || $0 == "false" })
            case .enumeration(let cases):
                (kind, typeName, accepts) = (.enumeration, "enum", { cases.contains($0) })
                choices[parameter.name] = cases.map { IntentParameterOption(value: $0, title: $0) }
            case .object:
                (kind, typeName, accepts) = (.text, "identifier", { !$0.isEmpty })
            }
            var info = IntentParameterInfo(
                name: parameter.name, title: parameter.title, defaultValue: parameter.defaultValue, typeName: typeName,
                acceptsValue: accepts)
            info.kind = kind
            info.hasChoices = choices[parameter.name] != nil || parameter.hasDynamicOptions
            return info
        }
        self.init(parameters: infos, choices: choices)
        if let intentType {
            definitionIntent = intentType
            dynamicParameters = Set(parameters.filter(\.hasDynamicOptions).map(\.name))
        }
    }
}

extension INObject {
    /// An object with an identifier, the text shown for it and how to say it, as
    /// `INObject(identifier:display:pronunciationHint:)`; the hint is not kept (nothing here speaks).
    public convenience init(identifier: String?, display displayString: String, pronunciationHint: String?) {
        self.init(identifier: identifier, display: displayString)
    }
}

/// What the `async` form of a generated `provide…OptionsCollection(for:)` throws when the handler's completion
/// form gave neither options nor an error (WidgetTerm's; Xcode's generated code has no such case, as the system
/// checks which form a handler implements).
public struct IntentHandlerGaveNoOptions: Error, CustomStringConvertible {
    /// An error value.
    public init() {}
    /// `the intent handler gave no options`.
    public var description: String { "the intent handler gave no options" }
}
