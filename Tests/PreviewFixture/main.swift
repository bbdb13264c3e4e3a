// The fixture's entry point: the command line on a bundle of one widget; the #Previews are listed after it.
import WidgetKitUI
import WidgetTermCLI

struct FixtureBundle: WidgetBundle {
    var body: some Widget { PlantWidget() }
}

WidgetTermCommand.main(bundle: FixtureBundle())
