import SwiftUI
import WidgetKit

@main
struct TallyWidgetBundle: WidgetBundle {
    var body: some Widget {
        CupWidget()
        ArchiveWidget()
        StepWidget()
    }
}
