import SwiftUI
import WidgetKit

@main
@available(iOS 17.0, *)
struct TripWidgetBundle: WidgetBundle {
    var body: some Widget {
        TripWidget()
        TripLiveActivity()
    }
}
