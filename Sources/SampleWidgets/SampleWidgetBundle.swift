import Foundation
import WidgetKitUI

/// The widgets `widgetterm` shows when given nothing else: widgets a real app would ship, together
/// covering every family, plus `station-board`, configurable with a parameter of every kind, `now-playing` on
/// Liquid Glass (iOS 26), plus `memories`, which keeps a common tap mistake (two widgetURLs) on purpose, and three Live
/// Activities (`delivery`, `workout`, and `match`, whose updates alert), and three Control Center controls (`focus`, a toggle; `add-water`, a button; `lights`, a toggle
/// configured with `AppIntentControlConfiguration`).
public struct SampleWidgetBundle: WidgetBundle {
    /// Creates the bundle; it holds no state.
    public init() {}

    /// As WidgetKit's `WidgetBundle.body`: the ten widgets, then the three Live Activities, then the three controls.
    public var body: some Widget {
        WaterWidget()
        OrdersWidget()
        StepsWidget()
        CountdownWidget()
        WeatherWidget()
        AgendaWidget()
        DeparturesWidget()
        MemoriesWidget()
        StationBoardWidget()
        NowPlayingWidget()
        DeliveryActivity()
        WorkoutActivity()
        MatchActivity()
        FocusControl()
        AddWaterControl()
        LightsControl()
    }
}

/// A fixed reference day used by samples whose data is dated relative to "today".
enum SampleCalendar {
    /// Midnight of the day containing `date` in the current time zone.
    static func startOfDay(_ date: Date) -> Date { Calendar.current.startOfDay(for: date) }
    static func at(hour: Int, minute: Int = 0, on date: Date) -> Date {
        startOfDay(date).addingTimeInterval(Double(hour * 3600 + minute * 60))
    }
}
