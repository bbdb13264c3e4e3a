// The fixture's entry point: the command line on an empty bundle, so only the #Previews are listed.
import WidgetKitUI
import WidgetTermCLI

struct FixtureBundle: WidgetBundle {
    var body: some Widget { PlantWidget() }
}

WidgetTermCommand.main(bundle: FixtureBundle())
