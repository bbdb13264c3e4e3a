import Foundation

// MARK: - Configurable widgets

/// Supplies entries for a widget configured by an App Intent, as `WidgetKit.AppIntentTimelineProvider` (iOS 17+).
public protocol AppIntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
}

/// A widget whose people choose its parameters, as `WidgetKit.AppIntentConfiguration` (iOS 17+).
/// WidgetTerm builds the intent with its parameters' defaults, then applies `--param name=value`.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration {
    /// What the host needs to list, configure and render the widget, with `configuration` holding
    /// its intent's parameters.
    public var descriptor: WidgetDescriptor

    /// A widget of `kind` whose `provider` makes entries for an intent built with its parameters' defaults
    /// and any `--param` values, and `content` draws each entry, as `AppIntentConfiguration(kind:intent:provider:content:)`.
    public init<Provider: AppIntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    )
    where Provider.Intent == Intent {
        let configuration = IntentParameterSettings(intent: Intent())
        // Values were validated when they were set; an entity's default is resolved here, as WidgetKit does
        // before it calls the provider. Nil when a parameter still has no value.
        let makeIntent = { () async -> Intent? in
            let intent = Intent()
            return await IntentParameters.prepare(intent, values: configuration.values) ? intent : nil
        }
        descriptor = WidgetDescriptor(
            kind: kind, displayName: kind, description: "", supportedFamilies: WidgetFamily.defaultFamilies,
            contentMarginsDisabled: false, routes: [],
            placeholder: { AnyTimelineEntry(provider.placeholder(in: $0)) },
            snapshot: { context, completion in
                HostContext.startWidgetTask {
                    guard let intent = await makeIntent() else {
                        return completion(AnyTimelineEntry(provider.placeholder(in: context)))
                    }
                    completion(AnyTimelineEntry(await provider.snapshot(for: intent, in: context)))
                }
            },
            timeline: { context, completion in
                HostContext.startWidgetTask {
                    guard let intent = await makeIntent() else {
                        return completion(AnyTimeline(entries: [AnyTimelineEntry(provider.placeholder(in: context))], policy: .never))
                    }
                    let timeline = await provider.timeline(for: intent, in: context)
                    completion(AnyTimeline(entries: timeline.entries.map(AnyTimelineEntry.init), policy: timeline.policy))
                }
            },
            content: { entry, context in
                guard let typed = entry.base as? Provider.Entry else { return .empty }
                return context.resolve(content(typed))
            })
        descriptor.configuration = configuration
    }
}
