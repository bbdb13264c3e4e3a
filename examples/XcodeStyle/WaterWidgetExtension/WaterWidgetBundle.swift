//
//  WaterWidgetBundle.swift
//  WaterWidgetExtension
//
//  Written for this repository as Xcode's widget extension template lays it out. WidgetTerm compiles it
//  unchanged: `widgetterm list examples/XcodeStyle/WaterWidgetExtension`.
//

import WidgetKit
import SwiftUI

@main
struct WaterWidgetBundle: WidgetBundle {
    var body: some Widget {
        WaterWidget()
        if #available(iOS 17.0, *) {
            WaterGoalWidget()
        }
    }
}
