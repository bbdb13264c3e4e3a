import SampleWidgets
import WidgetTermCLI

WidgetTermCommand.main(bundle: SampleWidgetBundle())
