// `MonotonicSignal` lives in `MonotonicWait`, below WidgetKitUI, so widget-side code can wait with it too; host
// code and everything above it keeps reaching it through `import WidgetHost`.
@_exported import MonotonicWait
