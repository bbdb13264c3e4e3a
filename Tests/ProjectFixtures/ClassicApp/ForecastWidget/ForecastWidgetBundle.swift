import SwiftUI
import WidgetKit

@main
struct ForecastWidgetBundle: WidgetBundle {
    var body: some Widget {
        ForecastWidget()
    }
}
