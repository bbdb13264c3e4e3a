import Foundation
import WidgetKitUI

// MARK: - A configurable control (AppIntentControlConfiguration, iOS 18+)

/// The room a light control switches: the `AppEnum` parameter of its configuration intent.
enum LightRoom: String, AppEnum {
    case livingRoom, kitchen, bedroom

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Room" }
    static var caseDisplayRepresentations: [LightRoom: DisplayRepresentation] {
        [.livingRoom: "Living Room", .kitchen: "Kitchen", .bedroom: "Bedroom"]
    }

    /// The room's name, as the control's title.
    var name: String {
        switch self {
        case .livingRoom: return "Living Room"
        case .kitchen: return "Kitchen"
        case .bedroom: return "Bedroom"
        }
    }
}

/// Where the app and its light control share each room's light (an App Group suite, one key per room).
enum LightsStore {
    static let suite = "group.example.lights"
    static func key(_ room: LightRoom) -> String { "lights.\(room.rawValue)" }
}

/// What the person chooses when adding the control (Control Center's edit mode): which room it switches.
struct SelectRoomIntent: ControlConfigurationIntent {
    static var title: LocalizedStringResource { "Select Room" }

    @Parameter(title: "Room", default: .livingRoom) var room: LightRoom

    init() {}
}

/// Turns one room's light on or off: the toggle hands it the new state in `value`.
struct SetLightIntent: SetValueIntent {
    static var title: LocalizedStringResource { "Light" }
    static var description: IntentDescription { "Turns a room's light on or off." }

    @Parameter(title: "Room", default: .livingRoom) var room: LightRoom
    @Parameter(title: "Light on") var value: Bool

    init() {}
    init(room: LightRoom) { self.room = room }

    func perform() async throws -> some IntentResult {
        UserDefaults(suiteName: LightsStore.suite)?.set(value, forKey: LightsStore.key(room))
        return .result()
    }
}

/// A room and whether its light is on: the value the configured control shows.
struct RoomLight {
    var room: LightRoom
    var isOn: Bool
}

/// Reads the configured room's light; the add sheet shows it on.
struct RoomLightProvider: AppIntentControlValueProvider {
    func previewValue(configuration: SelectRoomIntent) -> RoomLight { RoomLight(room: configuration.room, isOn: true) }
    func currentValue(configuration: SelectRoomIntent) async throws -> RoomLight {
        let store = UserDefaults(suiteName: LightsStore.suite)
        return RoomLight(room: configuration.room, isOn: store?.bool(forKey: LightsStore.key(configuration.room)) ?? false)
    }
}

/// A configurable toggle: the light of the room chosen in its configuration, titled with the room's name.
struct LightsControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: "lights", provider: RoomLightProvider()) { light in
            ControlWidgetToggle(isOn: light.isOn, action: SetLightIntent(room: light.room)) {
                Label(light.room.name, systemImage: "lightbulb.fill")
            } valueLabel: { isOn in
                Text(isOn ? "On" : "Off")
            }
            .tint(.yellow)
        }
        .displayName("Lights")
        .description("Switches the light of the room you choose.")
    }
}
