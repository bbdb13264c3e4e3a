import WidgetTermCLI
import widgets

WidgetTermCommand.main(bundle: MyWidgets())
