import Foundation

// MARK: - Configuration intents need no perform()

extension WidgetConfigurationIntent {
    /// A widget's configuration intent is never performed; Apple's `WidgetConfigurationIntent` gives this default, so
    /// Xcode's template declares none: an empty result.
    public func perform() async throws -> IntentResultValue { .result() }
}

extension ControlConfigurationIntent {
    /// A control's configuration intent is never performed; Apple's `ControlConfigurationIntent` gives this default,
    /// so Xcode's template declares none: an empty result.
    public func perform() async throws -> IntentResultValue { .result() }
}
