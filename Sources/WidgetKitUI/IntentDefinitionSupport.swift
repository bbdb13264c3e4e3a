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

    /// A parameter description, as the generated code writes it.
    public init(name: String, title: String, type: IntentDefinitionParameterType, defaultValue: String) {
        self.name = name
        self.title = title
        self.type = type
        self.defaultValue = defaultValue
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
}

extension IntentParameterSettings {
    /// The settings of an intent generated from an `.intentdefinition` file.
    convenience init(definition parameters: [IntentDefinitionParameter]) {
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
            info.hasChoices = choices[parameter.name] != nil
            return info
        }
        self.init(parameters: infos, choices: choices)
    }
}

extension INObject {
    /// An object with an identifier, the text shown for it and how to say it, as
    /// `INObject(identifier:display:pronunciationHint:)`; the hint is not kept (nothing here speaks).
    public convenience init(identifier: String?, display displayString: String, pronunciationHint: String?) {
        self.init(identifier: identifier, display: displayString)
    }
}
