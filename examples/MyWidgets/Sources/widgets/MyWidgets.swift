import WidgetKitUI

/// The widgets this package offers. In an iOS extension this is the `@main` type; here `main.swift`
/// is the entry point, so the bundle is public and has no `@main`.
public struct MyWidgets: WidgetBundle {
    public init() {}

    public var body: some Widget {
        PlantWidget()
    }
}
