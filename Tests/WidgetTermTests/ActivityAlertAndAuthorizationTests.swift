import Foundation
import Testing
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - Alerts and the Live Activities switch (issue 13 item 5)

@Suite struct ActivityAlertAndAuthorizationTests {
    static let start = FixedClock.reference

    static func request(_ center: ActivityCenter) throws -> String {
        try center.requestActivity(
            attributesType: "PayloadAttributes", attributes: try ActivityCoding.encode(PayloadAttributes(name: "a")),
            content: try ActivityCoding.encode(ActivityContent(state: PayloadAttributes.ContentState(note: ""), staleDate: nil)),
            pushType: nil)
    }

    @Test("an update's alert is recorded with its sound name, in the expanded island with one and a banner without")
    func alertWithSoundAndPlacement() throws {
        let clock = TestClock(Self.start)
        let center = ActivityCenter(now: { clock.now })
        let id = try Self.request(center)
        clock.advance(by: 90)
        try center.updateActivity(
            id: id,
            content: try ActivityCoding.encode(ActivityContent(state: PayloadAttributes.ContentState(note: "near"), staleDate: nil)),
            alertConfiguration: AlertConfiguration(title: "Almost there", body: "2 stops away", sound: .named("chime.caf")))
        try center.updateActivity(
            id: id,
            content: try ActivityCoding.encode(ActivityContent(state: PayloadAttributes.ContentState(note: "quiet"), staleDate: nil)),
            alertConfiguration: nil)
        let alert = try #require(center.alerts.first)
        #expect(center.alerts.count == 1)
        #expect(alert.date == Self.start.addingTimeInterval(90))
        #expect(alert.activityID == "activity-1")
        #expect(alert.soundName == "chime.caf")
        #expect(alert.description == "alert “Almost there” 2 stops away · sound chime.caf")
        #expect(center.events.map(\.kind) == [.requested, .updated, .alerted, .updated])
        #expect(center.events[2].description == "alerted activity-1: alert “Almost there” 2 stops away · sound chime.caf")
        #expect(
            alert.description(on: .iPhone430) == "alert “Almost there” 2 stops away · sound chime.caf, shown in the expanded island")
        #expect(alert.description(on: .iPhoneSE) == "alert “Almost there” 2 stops away · sound chime.caf, shown in a banner")
        #expect(ActivityAlertPlacement.placement(on: .iPhone393) == .expandedIsland)
        #expect(ActivityAlertPlacement.placement(on: .iPhone375) == .banner)
        #expect(ActivityAlertPlacement.placement(on: .iPad1024) == .banner)
        #expect(ActivityAlertPlacement.expandedIsland.presentation == .expanded)
        #expect(ActivityAlertPlacement.banner.presentation == .lockScreen)
        #expect(AlertConfiguration.AlertSound.default.name == "default")
    }

    @Test("an alert on an ended activity is not shown: the update is refused first")
    func noAlertAfterTheEnd() throws {
        let center = ActivityCenter(now: { Self.start })
        let id = try Self.request(center)
        try center.endActivity(id: id, content: nil, dismissalPolicy: .default)
        #expect(throws: ActivityAuthorizationError.visibility) {
            try center.updateActivity(
                id: id,
                content: try ActivityCoding.encode(ActivityContent(state: PayloadAttributes.ContentState(note: "x"), staleDate: nil)),
                alertConfiguration: AlertConfiguration(title: "Late", body: "", sound: .default))
        }
        #expect(center.alerts.isEmpty)
    }

    @Test("ActivityAuthorizationInfo reads the host: no host false, on true, switched off false and requests denied")
    func areActivitiesEnabled() throws {
        let bare = HostContext()
        bare.run { #expect(!ActivityAuthorizationInfo().areActivitiesEnabled) }

        let center = ActivityCenter(now: { Self.start })
        let host = HostContext()
        center.install(in: host)
        try host.run {
            #expect(ActivityAuthorizationInfo().areActivitiesEnabled)
            center.areActivitiesEnabled = false
            #expect(!ActivityAuthorizationInfo().areActivitiesEnabled)
            #expect(throws: ActivityAuthorizationError.denied) {
                try Activity.request(
                    attributes: PayloadAttributes(name: "off"), content: ActivityContent(state: .init(note: ""), staleDate: nil))
            }
            #expect(Activity<PayloadAttributes>.activities.isEmpty)
            center.areActivitiesEnabled = true
            let activity = try Activity.request(
                attributes: PayloadAttributes(name: "on"), content: ActivityContent(state: .init(note: ""), staleDate: nil))
            #expect(activity.id == "activity-1")
        }
        #expect(center.events.map(\.kind) == [.refused, .requested])
        #expect(
            center.events[0].description
                == "refused -: request of PayloadAttributes refused: The user disabled Live Activities for the app. (Live Activities are off)"
        )
    }
}
