import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - What the preview is configured with

/// Everything the interactive preview starts from (`widgetterm preview` flags): the widgets, what to show
/// first, the device and iOS version whose rules apply, and the router for taps. The clock (`--at`,
/// `--speed`) is the process clock, set before the app starts.
public struct PreviewConfiguration: Sendable {
    /// The widgets to cycle through, in order.
    public var widgets: [WidgetDescriptor]
    /// The Live Activities (`ActivityConfiguration`s) of the bundle, shown on the island screen; `widgets` has the rest.
    public var activities: [WidgetDescriptor]
    /// The Control Center controls (`ControlWidget`), shown with `c`.
    public var controls: [ControlDescriptor] = []
    /// The widget shown first (nil: the first).
    public var initialKind: String?
    /// The family focused first (nil: the widget's first family).
    public var initialFamily: WidgetFamily?
    /// The rendering mode (nil: the theme's own mode).
    public var mode: WidgetRenderingMode?
    /// The theme shown first.
    public var theme: Theme
    /// The themes `t` cycles through (the first theme is added when missing).
    public var themes: [Theme]
    /// Overrides each theme's appearance (`--scheme`).
    public var colorScheme: ColorScheme?
    /// The device whose widget sizes (in points, then cells) apply (`--device`).
    public var device: DeviceProfile
    /// The iOS major version whose rules apply (links in small families, container backgrounds...).
    public var osVersion: Int
    /// Locale and time zone of system-formatted text and of the preview's own clock readouts.
    public var format: SystemTextFormat
    /// Routes for the URLs taps open.
    public var router: DeepLinkRouter
    /// Runs a command with each opened URL (`--open-command`), never through a shell.
    public var urlOpener: URLOpener?
    /// Seconds a provider callback may take.
    public var providerTimeLimit: TimeInterval
    /// Seconds an intent's `perform()` may take.
    public var intentTimeLimit: TimeInterval
    /// The budget each widget instance starts with.
    public var reloadBudget: ReloadBudget
    /// The Live Activity push payload `P` applies to the focused activity (`--push-file`), read again at each press.
    public var pushFile: String?
    /// The widget or control push payload `U` sends (`--widget-push-file`), read again at each press; nil sends
    /// `{"aps": {"content-changed": true}}`.
    public var widgetPushFile: String?

    /// Which App Group store the preview uses, logged when it starts (`App Group store: DIR (from ...)`).
    public var appGroupDescription: String?

    /// Creates a configuration. `widgets` is split: Live Activities go to `activities`, the rest to `widgets`;
    /// `themes` defaults to every built-in theme, with `theme` added first when missing; time limits are in seconds.
    public init(
        widgets: [WidgetDescriptor], initialKind: String? = nil, initialFamily: WidgetFamily? = nil,
        mode: WidgetRenderingMode? = nil, theme: Theme, themes: [Theme]? = nil, colorScheme: ColorScheme? = nil,
        device: DeviceProfile = .default, osVersion: Int = 26, format: SystemTextFormat = SystemTextFormat(),
        router: DeepLinkRouter = DeepLinkRouter(), urlOpener: URLOpener? = nil, providerTimeLimit: TimeInterval = 5,
        intentTimeLimit: TimeInterval = 5, reloadBudget: ReloadBudget = ReloadBudget()
    ) {
        self.widgets = widgets.filter { !$0.isActivity }
        activities = widgets.filter(\.isActivity)
        self.initialKind = initialKind
        self.initialFamily = initialFamily
        self.mode = mode
        self.theme = theme
        var cycle = themes ?? BuiltInTheme.allCases.map(\.theme)
        if !cycle.contains(where: { $0.name == theme.name }) { cycle.insert(theme, at: 0) }
        self.themes = cycle
        self.colorScheme = colorScheme
        self.device = device
        self.osVersion = osVersion
        self.format = format
        self.router = router
        self.urlOpener = urlOpener
        self.providerTimeLimit = providerTimeLimit
        self.intentTimeLimit = intentTimeLimit
        self.reloadBudget = reloadBudget
    }
}
