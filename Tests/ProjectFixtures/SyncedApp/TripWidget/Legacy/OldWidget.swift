import WidgetKit

/// Excluded from the extension by its exception set.
struct OldWidget: Widget {
    var body: some WidgetConfiguration { EmptyWidgetConfiguration() }
}
