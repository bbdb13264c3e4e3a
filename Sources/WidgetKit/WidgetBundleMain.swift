import WidgetKitUI
import WidgetTermCLI

// MARK: - The extension's entry point

// On iOS, `@main` on a `WidgetBundle` (or on a single `Widget`) works because WidgetKit supplies the
// extension's `main()`: the system launches the extension and asks the bundle for its widgets. Here the
// same `main()` runs WidgetTerm's command line on the bundle, so `swift run MyExtension render KIND`
// previews it. It lives in this module, not in WidgetKitUI, because it needs the command line
// (`WidgetTermCLI`), which sits above the authoring library (docs/ARCHITECTURE.md, "The map ahead").

extension WidgetBundle {
    /// Runs WidgetTerm's command line on this bundle with the process arguments, then exits with the
    /// command's status; what `@main` calls, as WidgetKit's entry point does for an extension on iOS.
    /// A developer's own launcher may call it too: `MyWidgets.main()`.
    public static func main() {
        WidgetTermCommand.main(bundle: Self())
    }
}

extension Widget {
    /// Runs WidgetTerm's command line on a bundle of this one widget, then exits with the command's
    /// status; what `@main` on a single `Widget` calls, as WidgetKit's entry point does on iOS.
    public static func main() {
        WidgetTermCommand.main(bundle: SingleWidgetBundle<Self>())
    }
}

/// The bundle behind `@main` on a single widget: that widget and nothing else.
struct SingleWidgetBundle<Member: Widget>: WidgetBundle {
    init() {}
    var body: WidgetGroup { Member() }
}
