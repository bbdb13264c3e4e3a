import Foundation

// MARK: - SiriKit intents (iOS 14 to 16 configurable widgets)

/// A SiriKit intent, as `Intents.INIntent`: the base class of the intent classes Xcode generates from an
/// `.intentdefinition` file (`ConfigurationIntent`). A widget configured by one gets a fresh instance made with
/// `init()`, so the parameters hold whatever the subclass gives them there (its defaults).
///
/// Xcode's generated classes declare their parameters `@NSManaged`, which needs the Objective-C runtime;
/// here a subclass declares them as ordinary stored properties with their defaults (docs/DECISIONS.md).
open class INIntent: NSObject {
    /// An intent with its subclass's default parameter values.
    public required override init() { super.init() }

    /// The suggested phrase for Siri; unused by widgets.
    open var suggestedInvocationPhrase: String?
}

/// A custom type defined in an `.intentdefinition` file, as `Intents.INObject`: an identifier and the text
/// shown for it in the Edit Widget sheet.
open class INObject: NSObject {
    /// The object's identifier, as given to `init(identifier:display:)`.
    public let identifier: String?
    /// The text shown for the object.
    public let displayString: String

    /// An object with an identifier and the text shown for it, as `INObject(identifier:display:)`.
    public init(identifier: String?, display displayString: String) {
        self.identifier = identifier
        self.displayString = displayString
        super.init()
    }

    /// The display string.
    open override var description: String { displayString }
}

/// Supplies entries for a widget configured by a SiriKit intent, as `WidgetKit.IntentTimelineProvider` (iOS 14+).
public protocol IntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: INIntent
    typealias Context = TimelineProviderContext
    /// An entry drawn redacted while the widget loads.
    func placeholder(in context: Context) -> Entry
    /// One entry for the gallery and for transient appearances, made for `configuration`.
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (Entry) -> Void)
    /// The entries to show for `configuration`, and when to ask again.
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// A widget whose people choose its parameters through a SiriKit intent, as `WidgetKit.IntentConfiguration`
/// (iOS 14+; Apple deprecated it in favour of `AppIntentConfiguration` in iOS 17, and it still runs there).
///
/// Each provider call is given a new `Intent()`, so the provider sees the subclass's defaults, as a widget just
/// added on iOS sees the defaults of its intent definition; a parameter with dynamic options takes the Intents
/// extension's handler's `default…(for:)` when the extension's sources declare the handler. When the class was generated from an
/// `.intentdefinition` file (`IntentDefinitionParameters`), `--param name=value` and the Edit Widget sheet set
/// its parameters; a hand-written subclass cannot be set by name (Swift on Linux has no key-value coding).
public struct IntentConfiguration<Intent: INIntent, Content: View>: WidgetConfiguration {
    /// What the host needs to list and render the widget.
    public var descriptor: WidgetDescriptor

    /// A widget of `kind` whose `provider` makes entries for an `intent` with its defaults, drawn by
    /// `content`, as `IntentConfiguration(kind:intent:provider:content:)`.
    public init<Provider: IntentTimelineProvider>(
        kind: String, intent: Intent.Type, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        // An intent generated from an `.intentdefinition` file can be set by parameter name: `--param` and the
        // Edit Widget sheet configure it. A hand-written `INIntent` subclass keeps its own defaults.
        let definition = Intent.self as? any IntentDefinitionParameters.Type
        let settings = definition.map { IntentParameterSettings(definition: $0.intentDefinitionParameters, intentType: $0) }
        let makeIntent = { () -> Intent in
            let intent = Intent()
            if let settings, let settable = intent as? any IntentDefinitionParameters {
                // Chosen values first (a handler's option by its identifier), then the handler's defaults.
                settable.prepareIntentDefinition(values: settings.values, dynamic: settings.dynamicParameters)
            }
            return intent
        }
        descriptor = WidgetDescriptor(
            kind: kind, displayName: kind, description: "", supportedFamilies: WidgetFamily.defaultFamilies,
            contentMarginsDisabled: false, routes: [],
            placeholder: { AnyTimelineEntry(provider.placeholder(in: $0)) },
            snapshot: { context, completion in
                provider.getSnapshot(for: makeIntent(), in: context) { completion(AnyTimelineEntry($0)) }
            },
            timeline: { context, completion in
                provider.getTimeline(for: makeIntent(), in: context) { timeline in
                    completion(AnyTimeline(entries: timeline.entries.map(AnyTimelineEntry.init), policy: timeline.policy))
                }
            },
            content: { entry, context in
                guard let typed = entry.base as? Provider.Entry else { return .empty }
                return context.resolve(content(typed))
            })
        descriptor.configuration = settings
    }
}
