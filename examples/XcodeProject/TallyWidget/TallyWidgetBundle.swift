//
//  TallyWidgetBundle.swift
//  TallyWidget
//
//  Written for this repository in the shape of Xcode's widget extension template. WidgetTerm compiles the
//  whole extension unchanged: `widgetterm list examples/XcodeProject/TallyWidget`.
//

import WidgetKit
import SwiftUI

@main
struct TallyWidgetBundle: WidgetBundle {
    var body: some Widget {
        TallyWidget()
        TallyWeekWidget()
        #if os(iOS)
        TallyLiveActivity()
        #endif
    }
}
