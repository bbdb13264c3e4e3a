import Foundation
import WidgetKitUI

// MARK: - Control Center controls (iOS 18+)

/// Where the app and its controls share the Focus flag (an App Group suite).
enum FocusStore {
    static let suite = "group.example.focus"
    static let key = "focus.isOn"
    static func isOn(in store: UserDefaults?) -> Bool { store?.bool(forKey: key) ?? false }
}

/// Turns Focus on or off: the toggle hands it the new state in `value`.
struct SetFocusIntent: SetValueIntent {
    static var title: LocalizedStringResource { "Focus" }
    static var description: IntentDescription { "Turns Focus on or off." }

    @Parameter(title: "Focus on") var value: Bool

    init() {}

    func perform() async throws -> some IntentResult {
        UserDefaults(suiteName: FocusStore.suite)?.set(value, forKey: FocusStore.key)
        return .result()
    }
}

/// Reads the Focus flag; the add sheet shows it off.
struct FocusValueProvider: ControlValueProvider {
    var previewValue: Bool { false }
    func currentValue() async throws -> Bool { FocusStore.isOn(in: UserDefaults(suiteName: FocusStore.suite)) }
}

/// A toggle control: Focus on or off, with the value text "On"/"Off" and an indigo tint when on.
struct FocusControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "focus", provider: FocusValueProvider()) { isOn in
            ControlWidgetToggle(isOn: isOn, action: SetFocusIntent()) {
                Label("Focus", systemImage: "moon.fill")
            } valueLabel: { isOn in
                Text(isOn ? "On" : "Off")
            }
            .tint(.indigo)
            .controlWidgetActionHint("Turns Focus on or off")
        }
        .displayName("Focus")
        .description("Silences notifications while you work.")
    }
}

/// Reads today's water total, the same store the `water` widget reads.
struct WaterTotalProvider: ControlValueProvider {
    var previewValue: Int { 1250 }
    func currentValue() async throws -> Int { WaterStore.total(in: UserDefaults(suiteName: WaterStore.suite)) }
}

/// Keeps the control's push token where the app uploads it from (the water App Group suite): a server that logs water
/// from elsewhere (a smart bottle) then pushes `{"aps": {"content-changed": true}}` to it, and the control reloads.
struct WaterControlPushHandler: ControlPushHandler {
    static let tokenKey = "water.controlPushToken"

    func pushTokensDidChange(controls: [ControlInfo]) {
        let store = UserDefaults(suiteName: WaterStore.suite)
        for control in controls where control.kind == "add-water" {
            let token = control.pushInfo?.token.map { String(format: "%02x", $0) }.joined()
            store?.set(token, forKey: Self.tokenKey)
        }
    }
}

/// A button control: adds a glass of water (the `water` widget's intent) and shows the day's total.
struct AddWaterControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "add-water", provider: WaterTotalProvider()) { total in
            ControlWidgetButton(action: AddGlassIntent()) {
                Label("Water", systemImage: "drop.fill")
            } valueLabel: {
                Text("\(total) ml")
            }
            .tint(.cyan)
        }
        .displayName("Add Water")
        .description("Logs 250 ml and shows today's total.")
        .pushHandler(WaterControlPushHandler.self)
    }
}
