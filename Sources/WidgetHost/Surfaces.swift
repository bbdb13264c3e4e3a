import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Surfaces: where iOS shows a widget, and how

/// A place iOS shows a widget, with the theme and rendering mode it uses there (widgetkit-facts §3.1,
/// the HIG table "rendering mode per platform"; ARCHITECTURE.md "Diagnostics", the default surfaces).
public struct Surface: Hashable, Sendable, CustomStringConvertible {
    /// The screen.
    public enum Place: String, Hashable, Sendable, CaseIterable {
        case homeScreen = "home-screen"
        case lockScreen = "lock-screen"
        case standBy = "standby"
    }

    /// The screen.
    public var place: Place
    /// A theme name or path, as `--theme` takes it.
    public var theme: String
    /// The rendering mode iOS uses there.
    public var mode: WidgetRenderingMode
    /// True where iOS removes the container background even in full colour (StandBy).
    public var removesContainerBackground: Bool

    /// A surface: a screen, a theme name or path, a mode, and whether the container background is removed.
    public init(place: Place, theme: String, mode: WidgetRenderingMode, removesContainerBackground: Bool = false) {
        self.place = place
        self.theme = theme
        self.mode = mode
        self.removesContainerBackground = removesContainerBackground
    }

    /// `home-screen/accented/tinted`.
    public var description: String { "\(place.rawValue)/\(mode.rawValue)/\(theme)" }
}

/// The surfaces `widgetterm check` walks.
public enum Surfaces {
    /// iOS's surfaces for a family: system families on the Home Screen in full colour (light, dark) and accented
    /// (tinted, clear); `systemSmall` also in StandBy (full colour with the background removed, on the dark theme)
    /// and StandBy at night (vibrant red); accessory families on the Lock Screen, vibrant.
    public static func defaults(for family: WidgetFamily) -> [Surface] {
        if family.isAccessory { return [Surface(place: .lockScreen, theme: "lockscreen", mode: .vibrant)] }
        var surfaces = [
            Surface(place: .homeScreen, theme: "light", mode: .fullColor),
            Surface(place: .homeScreen, theme: "dark", mode: .fullColor),
            Surface(place: .homeScreen, theme: "tinted", mode: .accented),
            Surface(place: .homeScreen, theme: "clear", mode: .accented),
        ]
        if family == .systemSmall {
            surfaces.append(standBy(night: false).surface)
            surfaces.append(standBy(night: true).surface)
        }
        return surfaces
    }

    /// StandBy by day (full colour with the container background removed, on the dark theme) or at night (vibrant
    /// red, on `standby-night`): the surface, and its built-in theme as a value (HIG, "StandBy").
    public static func standBy(night: Bool) -> (surface: Surface, theme: BuiltInTheme) {
        night
            ? (Surface(place: .standBy, theme: BuiltInTheme.standByNight.rawValue, mode: .vibrant), .standByNight)
            : (Surface(place: .standBy, theme: BuiltInTheme.dark.rawValue, mode: .fullColor, removesContainerBackground: true), .dark)
    }

    /// Every built-in theme in every mode (`check --surfaces all`), on the screen each theme belongs to.
    public static func all(for family: WidgetFamily) -> [Surface] {
        Theme.builtInNames.flatMap { theme in
            WidgetRenderingMode.allCases.map { Surface(place: place(ofTheme: theme, family: family), theme: theme, mode: $0) }
        }
    }

    /// The surfaces for `check` with its filters: `--theme` alone gives that theme in its own mode (`themeMode`);
    /// `--mode` alone keeps the default surfaces in that mode (or the family's usual theme in that mode when none
    /// is); both give exactly that theme in that mode.
    public static func select(
        for family: WidgetFamily, mode: WidgetRenderingMode?, theme: String?,
        themeMode: WidgetRenderingMode?
    ) -> [Surface] {
        switch (mode, theme) {
        case (nil, nil):
            return defaults(for: family)
        case (let mode?, nil):
            let matching = defaults(for: family).filter { $0.mode == mode }
            if !matching.isEmpty { return matching }
            let usual = usualTheme(for: mode, family: family, colorScheme: .light).rawValue
            return [Surface(place: place(ofTheme: usual, family: family), theme: usual, mode: mode)]
        case (let mode, let theme?):
            return [Surface(place: place(ofTheme: theme, family: family), theme: theme, mode: mode ?? themeMode ?? .fullColor)]
        }
    }

    /// The built-in theme that usually shows a mode: `tinted` for accented, `lockscreen` for vibrant, and for full
    /// colour `light` or `dark` by `colorScheme` (`lockscreen` for accessory families, which live on the Lock Screen).
    public static func usualTheme(for mode: WidgetRenderingMode, family: WidgetFamily, colorScheme: ColorScheme) -> BuiltInTheme {
        switch mode {
        case .accented: return .tinted
        case .vibrant: return .lockScreen
        case .fullColor: return family.isAccessory ? .lockScreen : (colorScheme == .dark ? .dark : .light)
        }
    }

    /// The screen a built-in theme stands for; other themes count as the Home Screen (Lock Screen for accessories).
    public static func place(ofTheme theme: String, family: WidgetFamily) -> Surface.Place {
        switch theme {
        case "lockscreen": return .lockScreen
        case "standby-night": return .standBy
        default: return family.isAccessory ? .lockScreen : .homeScreen
        }
    }
}

// MARK: - Checks over surfaces

/// What one check sees for one widget on one surface: the frame as rendered there, the same widget in full
/// colour on the same theme (the reference for checks that compare modes), and where it came from.
public struct CheckInput: Sendable {
    /// The widget kind.
    public var widget: String
    /// The family rendered.
    public var family: WidgetFamily
    /// Where it is shown.
    public var surface: Surface
    /// The surface's theme, resolved.
    public var theme: Theme
    /// The paint style the frame was rendered with (mode, palette, surface colour).
    public var style: PaintStyle
    /// The frame as rendered on the surface.
    public var frame: Frame
    /// The same entry rendered in full colour with the same theme and appearance; the frame itself when the
    /// surface is full colour.
    public var fullColorFrame: Frame
    /// The iOS major version whose rules applied.
    public var osVersion: Int

    /// An input for the checks.
    public init(
        widget: String, family: WidgetFamily, surface: Surface, theme: Theme, style: PaintStyle, frame: Frame,
        fullColorFrame: Frame, osVersion: Int
    ) {
        self.widget = widget
        self.family = family
        self.surface = surface
        self.theme = theme
        self.style = style
        self.frame = frame
        self.fullColorFrame = fullColorFrame
        self.osVersion = osVersion
    }

    /// True when the widget's content is not shown (the adopt-containerBackground text or the error state):
    /// checks on the content then have nothing to measure.
    public var isContentReplaced: Bool {
        frame.diagnostics.contains { $0.isFatalToRender || $0.code == "missing-container-background" }
    }

    /// A finding on this surface: widget, family, mode and theme filled in, and the surface's place in `values`.
    public func diagnostic(
        _ severity: Diagnostic.Severity, code: String, message: String, row: Int? = nil, column: Int? = nil,
        values: [String: String] = [:]
    ) -> Diagnostic {
        var measured = values
        measured["surface"] = surface.place.rawValue
        let position = row.flatMap { row in column.map { Diagnostic.Position(row: row, column: $0) } }
        return Diagnostic(
            severity: severity, code: code, message: message, widget: widget, family: family, mode: surface.mode,
            theme: theme.name, position: position, values: measured)
    }
}

/// A check: findings for one widget on one surface, in the one diagnostic format.
public typealias WidgetCheck = @Sendable (CheckInput) -> [Diagnostic]

/// Renders a widget on surfaces and runs checks on each.
public enum SurfaceCheck {
    /// The diagnostics of the render itself (resolve, layout, paint; e.g. a missing container background).
    public static let renderDiagnostics: WidgetCheck = { input in
        input.frame.diagnostics.map { resolved in
            var diagnostic = Diagnostic(
                resolved, widget: input.widget, family: input.family, mode: input.surface.mode,
                theme: input.theme.name)
            diagnostic.values["surface"] = input.surface.place.rawValue
            return diagnostic
        }
    }

    /// Renders `selection` (one entry of `session` for `family`) on each surface, as `CheckInput`s.
    /// - Parameters:
    ///   - baseOptions: device, OS version, date and text format; family and style are set per surface.
    ///   - colorScheme: overrides each theme's appearance (`--scheme`), nil keeps the theme's.
    ///   - theme: turns a surface's theme name into a theme (`Theme.resolve`, usually cached).
    /// - Throws: what `theme` throws (a broken theme file).
    public static func inputs(
        session: WidgetSession, selection: EntrySelection, family: WidgetFamily, surfaces: [Surface],
        baseOptions: WidgetRenderOptions, colorScheme: ColorScheme? = nil,
        theme: (String) throws -> Theme
    ) throws -> [CheckInput] {
        var fullColorFrames: [String: Frame] = [:]
        return try surfaces.map { surface in
            let resolved = try theme(surface.theme)
            var options = baseOptions
            options.family = family
            options.removesContainerBackground = surface.removesContainerBackground
            options.style = resolved.paintStyle(mode: surface.mode, colorScheme: colorScheme)
            let frame = session.render(selection, options: options)
            var reference = frame
            if surface.mode != .fullColor {
                let key = "\(resolved.name)|\(surface.removesContainerBackground)"
                if let cached = fullColorFrames[key] {
                    reference = cached
                } else {
                    var fullColor = options
                    fullColor.style = resolved.paintStyle(mode: .fullColor, colorScheme: colorScheme)
                    reference = session.render(selection, options: fullColor)
                    fullColorFrames[key] = reference
                }
            }
            return CheckInput(
                widget: session.descriptor.kind, family: family, surface: surface, theme: resolved, style: options.style,
                frame: frame, fullColorFrame: reference, osVersion: options.osVersion)
        }
    }

    /// Every check on every input, findings in surface order then check order.
    public static func run(_ checks: [WidgetCheck], on inputs: [CheckInput]) -> [Diagnostic] {
        inputs.flatMap { input in checks.flatMap { $0(input) } }
    }
}
