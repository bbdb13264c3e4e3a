// `import WidgetKit` in widget code compiles as written: this module stands for Apple's WidgetKit,
// re-exports WidgetTerm's authoring library, and supplies the entry point that `@main` on a widget bundle
// or a single widget needs (WidgetBundleMain.swift).
@_exported import WidgetKitUI
