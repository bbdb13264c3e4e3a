// The `#Preview` macros, as Xcode's SwiftUI, WidgetKit and ActivityKit declare them. Not a SwiftPM target:
// this file is compiled into each widget module (the generated host package adds it beside the developer's
// files, `PreviewMacroPlugin.declarations`), with the plugin loaded (`PreviewMacroPlugin.compilerFlags`).
// A module that declares an external macro without its plugin gets a warning on every build, so WidgetKitUI,
// built by SwiftPM without the plugin, declares only what the expansions call (WidgetKitUI/Preview.swift).
import WidgetKitUI

/// A widget preview stepping through the entries of a fixed timeline, as WidgetKit's
/// `#Preview(_:as:widget:timeline:)` (iOS 17). The entries are shown in the order written, one minute apart.
/// - Parameters:
///   - name: the name the preview is listed by (`File.swift#name`); "Preview" when nil.
///   - family: the family the widget is shown in.
///   - widget: makes the widget; its configuration's content view draws each entry.
///   - timeline: the entries, one per statement.
@freestanding(declaration)
macro Preview<W: WidgetKitUI.Widget, Entry: WidgetKitUI.TimelineEntry>(
    _ name: String? = nil, as family: WidgetKitUI.WidgetFamily, widget: @escaping () -> W,
    @WidgetKitUI.PreviewTimelineBuilder timeline: @escaping () async -> [Entry]
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// `#Preview(_:as:using:widget:timeline:)`: a timeline preview of a widget configured by an App Intent. The
/// intent is recorded; the entries are drawn as written (they carry their configuration themselves).
@freestanding(declaration)
macro Preview<W: WidgetKitUI.Widget, Intent: WidgetKitUI.WidgetConfigurationIntent, Entry: WidgetKitUI.TimelineEntry>(
    _ name: String? = nil, as family: WidgetKitUI.WidgetFamily, using intent: Intent, widget: @escaping () -> W,
    @WidgetKitUI.PreviewTimelineBuilder timeline: @escaping () async -> [Entry]
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// `#Preview(_:as:widget:timelineProvider:)`: the widget with entries from a timeline provider, as WidgetKit's
/// macro of that name; the provider's reload policy applies.
@freestanding(declaration)
macro Preview<W: WidgetKitUI.Widget, Provider: WidgetKitUI.TimelineProvider>(
    _ name: String? = nil, as family: WidgetKitUI.WidgetFamily, widget: @escaping () -> W,
    timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// `#Preview(_:as:using:widget:timelineProvider:)`: the widget with entries from an App Intent timeline provider,
/// which is called with `intent`.
@freestanding(declaration)
macro Preview<W: WidgetKitUI.Widget, Provider: WidgetKitUI.AppIntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetKitUI.WidgetFamily, using intent: Provider.Intent, widget: @escaping () -> W,
    timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// `#Preview(_:as:using:widget:contentStates:)`: a Live Activity with `attributes`, stepping through the content
/// states in the order written, as ActivityKit's macro of that name (iOS 17). `widget` makes the widget whose body
/// is the `ActivityConfiguration`.
@freestanding(declaration)
macro Preview<W: WidgetKitUI.Widget, Attributes: WidgetKitUI.ActivityAttributes>(
    _ name: String? = nil, as viewKind: WidgetKitUI.ActivityPreviewViewKind, using attributes: Attributes, widget: @escaping () -> W,
    @WidgetKitUI.PreviewContentStateBuilder contentStates: @escaping () -> [Attributes.ContentState]
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// `#Preview(_:traits:body:)`: a view on its own, as SwiftUI's macro of that name (iOS 17). WidgetTerm draws it
/// in the system families, as widget content.
@freestanding(declaration)
macro Preview(
    _ name: String? = nil, traits: WidgetKitUI.PreviewTrait<WidgetKitUI.Preview.ViewTraits>...,
    @WidgetKitUI.ViewBuilder body: @escaping () -> any WidgetKitUI.View
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")
