// `import Intents` in a widget file compiles as written: this module stands for the part of Apple's Intents
// framework that SiriKit-configured widgets use (`INIntent`, `INObject`), which lives in WidgetKitUI because
// WidgetKit's `IntentConfiguration` names it (docs/DECISIONS.md).
@_exported import WidgetKitUI
