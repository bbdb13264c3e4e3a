import Foundation
import SampleWidgets
import WidgetKitUI
import WidgetTermCLI

// A widget extension for the extension-process tests: one widget that works and counts its intent runs,
// providers that crash or never answer, a configurable widget, a widget whose intents ask for reloads, and a control. With WIDGETTERM_TEST_SAMPLES=1 it serves the built-in samples instead.

struct CountEntry: TimelineEntry {
    let date: Date
    let count: Int
}

/// How many times `BumpIntent` ran in this process.
nonisolated(unsafe) var bumps = 0

struct BumpIntent: AppIntent {
    static var title: LocalizedStringResource { "Bump" }
    func perform() async throws -> some IntentResult {
        bumps += 1
        return .result()
    }
}

struct CountProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: -1) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
        completion(CountEntry(date: Date(), count: bumps))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        print("a print in widget code must not break the protocol")
        completion(Timeline(entries: [CountEntry(date: Date(timeIntervalSince1970: 0), count: bumps)], policy: .never))
    }
}

struct CountWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "count", provider: CountProvider()) { entry in
            VStack {
                Text("Bumped \(entry.count)")
                Button(intent: BumpIntent()) { Text("Bump") }
            }
            .containerBackground(Color.blue, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

struct CrashProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
        completion(CountEntry(date: Date(), count: 0))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        fatalError("the provider exploded")
    }
}

struct CrashWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "crash", provider: CrashProvider()) { entry in Text("never") }
            .supportedFamilies([.systemSmall])
    }
}

struct TickerProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
        completion(CountEntry(date: Date(), count: 0))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        completion(Timeline(entries: [CountEntry(date: Date(), count: 0)], policy: .never))
    }
}

/// A widget whose timer text moves every second: the preview keeps drawing it while another kind's
/// process is dead.
struct TickerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ticker", provider: TickerProvider()) { entry in
            HStack {
                Text("Ticking")
                Text(entry.date, style: .timer)
            }
            .containerBackground(Color.green, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

struct HangProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {}
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        while true { sleep(60) }
    }
}

struct HangWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "hang", provider: HangProvider()) { entry in Text("never") }
            .supportedFamilies([.systemSmall])
    }
}

// A configurable widget with a parameter of every kind, whose button writes the App Group store, and a toggle
// control whose value lives in the same store: they run in the extension, and the preview only asks.

/// Where the tally and the lamp keep their values (an App Group suite of the test's own store).
enum TestStore {
    static let suite = "group.widgetterm.test"
    static var defaults: UserDefaults? { UserDefaults(suiteName: suite) }
}

enum Shade: String, AppEnum {
    case blue, red
    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Shade" }
    static var caseDisplayRepresentations: [Shade: DisplayRepresentation] { [.blue: "Blue", .red: "Red"] }
}

struct RoomEntity: AppEntity {
    static let all = [RoomEntity(id: "kitchen", name: "Kitchen"), RoomEntity(id: "hall", name: "Hall")]
    /// Found by `entities(for:)` but not suggested.
    static let attic = RoomEntity(id: "attic", name: "Attic")
    let id: String
    let name: String
    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Room" }
    static var defaultQuery: RoomQuery { RoomQuery() }
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

struct RoomQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [RoomEntity] {
        (RoomEntity.all + [RoomEntity.attic]).filter { identifiers.contains($0.id) }
    }
    func suggestedEntities() async throws -> [RoomEntity] { RoomEntity.all }
    func defaultResult() async -> RoomEntity? { RoomEntity.all[0] }
}

struct SizeOptions: DynamicOptionsProvider {
    func results() async throws -> [String] { ["S", "M", "L"] }
    func defaultResult() async -> String? { "M" }
}

struct TallyConfiguration: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Tally" }
    @Parameter(title: "Label", default: "Cups") var label: String
    @Parameter(title: "Step", default: 1) var step: Int
    @Parameter(title: "Loud", default: false) var loud: Bool
    @Parameter(title: "Shade", default: .blue) var shade: Shade
    @Parameter(title: "Room") var room: RoomEntity
    @Parameter(title: "Size", optionsProvider: SizeOptions()) var size: String
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

/// Adds one to the tally in the App Group store.
struct AddTallyIntent: AppIntent {
    static var title: LocalizedStringResource { "Add" }
    func perform() async throws -> some IntentResult {
        let total = TestStore.defaults?.integer(forKey: "tally") ?? 0
        TestStore.defaults?.set(total + 1, forKey: "tally")
        return .result()
    }
}

struct TallyEntry: TimelineEntry {
    let date: Date
    let line: String
}

struct TallyProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> TallyEntry { TallyEntry(date: Date(), line: "placeholder") }
    func snapshot(for configuration: TallyConfiguration, in context: Context) async -> TallyEntry {
        TallyEntry(date: Date(), line: Self.line(configuration))
    }
    func timeline(for configuration: TallyConfiguration, in context: Context) async -> Timeline<TallyEntry> {
        Timeline(entries: [TallyEntry(date: Date(timeIntervalSince1970: 0), line: Self.line(configuration))], policy: .never)
    }
    static func line(_ configuration: TallyConfiguration) -> String {
        let total = (TestStore.defaults?.integer(forKey: "tally") ?? 0) * configuration.step
        return "\(configuration.label) \(total) \(configuration.loud ? "loud" : "quiet") \(configuration.shade.rawValue) "
            + "\(configuration.room.name) \(configuration.size)"
    }
}

struct TallyWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "tally", intent: TallyConfiguration.self, provider: TallyProvider()) { entry in
            VStack {
                Text(entry.line)
                Button(intent: AddTallyIntent()) { Text("Add") }
            }
            .containerBackground(Color.blue, for: .widget)
        }
        .supportedFamilies([.systemMedium])
    }
}

struct SetLampIntent: SetValueIntent {
    static var title: LocalizedStringResource { "Lamp" }
    @Parameter(title: "Lamp on") var value: Bool
    init() {}
    func perform() async throws -> some IntentResult {
        TestStore.defaults?.set(value, forKey: "lamp")
        return .result()
    }
}

struct LampValue: ControlValueProvider {
    var previewValue: Bool { true }
    func currentValue() async throws -> Bool { TestStore.defaults?.bool(forKey: "lamp") ?? false }
}

struct LampControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "lamp", provider: LampValue()) { isOn in
            ControlWidgetToggle(isOn: isOn, action: SetLampIntent()) {
                Label("Lamp", systemImage: "lightbulb")
            } valueLabel: { isOn in
                Text(isOn ? "Lit" : "Dark")
            }
        }
        .displayName("Lamp")
    }
}

// A configurable control (`AppIntentControlConfiguration`): its parameters are listed by the extension, and its
// templates are built there with the values the preview chose.

struct RoomLightConfiguration: ControlConfigurationIntent {
    static var title: LocalizedStringResource { "Room light" }
    @Parameter(title: "Room") var room: RoomEntity
    @Parameter(title: "Shade", default: .blue) var shade: Shade
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

struct RoomLightValue: AppIntentControlValueProvider {
    func previewValue(configuration: RoomLightConfiguration) -> String { "\(configuration.room.name) preview" }
    func currentValue(configuration: RoomLightConfiguration) async throws -> String {
        "\(configuration.room.name) \(configuration.shade.rawValue)"
    }
}

struct RoomLightControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: "roomlight", provider: RoomLightValue()) { value in
            ControlWidgetButton(action: LightLampIntent()) {
                Label("Room light", systemImage: "lightbulb")
            } valueLabel: {
                Text(value)
            }
        }
        .displayName("Room light")
    }
}

// A widget whose intents ask the system for reloads from the extension: they must reach the preview.

/// Lights the lamp in the store, then asks for the lamp's and the tally's reloads.
struct LightLampIntent: AppIntent {
    static var title: LocalizedStringResource { "Light" }
    func perform() async throws -> some IntentResult {
        TestStore.defaults?.set(true, forKey: "lamp")
        ControlCenter.shared.reloadControls(ofKind: "lamp")
        WidgetCenter.shared.reloadTimelines(ofKind: "tally")
        return .result()
    }
}

/// Asks for every timeline and every control to be reloaded.
struct ReloadEverythingIntent: AppIntent {
    static var title: LocalizedStringResource { "Reload everything" }
    func perform() async throws -> some IntentResult {
        WidgetCenter.shared.reloadAllTimelines()
        ControlCenter.shared.reloadAllControls()
        return .result()
    }
}

struct SwitchboardWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "switchboard", provider: TickerProvider()) { _ in
            VStack {
                Button(intent: LightLampIntent()) { Text("Light") }
                Button(intent: ReloadEverythingIntent()) { Text("Everything") }
            }
            .containerBackground(Color.gray, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

/// Keeps the widget token it is given (reads it, as sending it to the server).
struct TokenKeepingHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) { _ = pushInfo.token }
}

struct PushInfoEntry: TimelineEntry {
    let date: Date
    let token: String
}

/// Shows the first 8 hex digits of `WidgetCenter.shared.currentPushInfo`, read in the extension, or "none".
struct PushInfoProvider: TimelineProvider {
    func placeholder(in context: Context) -> PushInfoEntry { PushInfoEntry(date: Date(), token: "-") }
    func getSnapshot(in context: Context, completion: @escaping (PushInfoEntry) -> Void) {
        completion(PushInfoEntry(date: Date(), token: "-"))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PushInfoEntry>) -> Void) {
        Task {
            let info = await WidgetCenter.shared.currentPushInfo
            let token = info.map { String($0.token.hexadecimalString.prefix(8)) } ?? "none"
            completion(Timeline(entries: [PushInfoEntry(date: Date(timeIntervalSince1970: 0), token: token)], policy: .never))
        }
    }
}

struct PushInfoWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "push-info", provider: PushInfoProvider()) { entry in
            Text("push \(entry.token)").containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .pushHandler(TokenKeepingHandler.self)
    }
}

/// Logs that the widget token changed and drops it: the server keeps pushing to a token that no longer works.
struct MailboxTokenHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) { _ = widgets.map(\.kind) }
}

/// A provider that never looks at the push token.
struct MailProvider: TimelineProvider {
    func placeholder(in context: Context) -> PushInfoEntry { PushInfoEntry(date: Date(), token: "-") }
    func getSnapshot(in context: Context, completion: @escaping (PushInfoEntry) -> Void) {
        completion(PushInfoEntry(date: Date(), token: "-"))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PushInfoEntry>) -> Void) {
        completion(Timeline(entries: [PushInfoEntry(date: Date(timeIntervalSince1970: 0), token: "-")], policy: .never))
    }
}

/// A widget updated by push whose handler never stores its token (`push-token-not-stored`, found in this process).
struct MailboxWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "mailbox", provider: MailProvider()) { _ in
            Text("Mail").containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .pushHandler(MailboxTokenHandler.self)
    }
}

/// Ignores the token it is given: its widget's timeline reads `WidgetCenter.shared.currentPushInfo` instead.
struct ParcelTokenHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) { _ = widgets.count }
}

/// A widget whose handler ignores its token but whose timeline reads `currentPushInfo.token` (sending it to the server
/// from there): no `push-token-not-stored`, in one process or two.
struct ParcelWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "parcel", provider: PushInfoProvider()) { entry in
            Text("parcel \(entry.token)").containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .pushHandler(ParcelTokenHandler.self)
    }
}

// Controls updated by push: one handler keeps its token (reads it, as sending it to its server), one never reads it
// (`push-token-not-stored`); `check` runs each handler here, in the extension, where its code is.

/// Sends each control's token to the server: reads it.
struct ChimeTokenHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {
        for control in controls where control.kind == "chime" { _ = control.pushInfo?.token }
    }
}

/// Logs that tokens changed and drops them: the server keeps pushing to a token that no longer works.
struct DoorbellTokenHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) { _ = controls.map(\.kind) }
}

struct ChimeControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "chime") {
            ControlWidgetButton(action: LightLampIntent()) { Label("Chime", systemImage: "bell") }
        }
        .displayName("Chime")
        .pushHandler(ChimeTokenHandler.self)
    }
}

struct DoorbellControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "doorbell") {
            ControlWidgetButton(action: LightLampIntent()) { Label("Doorbell", systemImage: "bell.fill") }
        }
        .displayName("Doorbell")
        .pushHandler(DoorbellTokenHandler.self)
    }
}

// Two handler types of one simple name, nested in different types: two handlers, each called once per token (by the
// preview, not again as its process starts). Each reads its own control's token and counts its calls in this process,
// which its control's title shows ("Porch bell 1").

/// Calls counted in this process; thread-safe.
final class CallCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

enum Porch {
    static let calls = CallCount()
    /// Stores porch-bell's token.
    struct BellHandler: ControlPushHandler {
        func pushTokensDidChange(controls: [ControlInfo]) {
            Porch.calls.add()
            for control in controls where control.kind == "porch-bell" { _ = control.pushInfo?.token }
        }
    }
}

enum Gate {
    static let calls = CallCount()
    /// Stores gate-bell's token.
    struct BellHandler: ControlPushHandler {
        func pushTokensDidChange(controls: [ControlInfo]) {
            Gate.calls.add()
            for control in controls where control.kind == "gate-bell" { _ = control.pushInfo?.token }
        }
    }
}

struct PorchBellControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "porch-bell") {
            ControlWidgetButton(action: LightLampIntent()) { Label("Porch bell \(Porch.calls.count)", systemImage: "bell") }
        }
        .displayName("Porch bell")
        .pushHandler(Porch.BellHandler.self)
    }
}

struct GateBellControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "gate-bell") {
            ControlWidgetButton(action: LightLampIntent()) { Label("Gate bell \(Gate.calls.count)", systemImage: "bell") }
        }
        .displayName("Gate bell")
        .pushHandler(Gate.BellHandler.self)
    }
}

struct TestBundle: WidgetBundle {
    var body: some Widget {
        CountWidget()
        CrashWidget()
        TickerWidget()
        HangWidget()
        TallyWidget()
        SwitchboardWidget()
        PushInfoWidget()
        MailboxWidget()
        ParcelWidget()
        LampControl()
        RoomLightControl()
        ChimeControl()
        DoorbellControl()
        PorchBellControl()
        GateBellControl()
    }
}

if ProcessInfo.processInfo.environment["WIDGETTERM_TEST_SAMPLES"] == "1" {
    WidgetTermCommand.main(bundle: SampleWidgetBundle())
}
WidgetTermCommand.main(bundle: TestBundle())
