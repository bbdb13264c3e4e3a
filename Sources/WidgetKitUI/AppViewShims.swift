import Foundation

// App UI a widget extension compiles because its files are shared with the app (a settings screen, a list of
// devices), but a widget never shows interactively: scroll views, menus, navigation titles, safe areas and
// `@AppStorage`. Each is drawn as iOS would draw it in a widget, which cannot scroll, open a menu or show a bar.

// MARK: - ScrollView

/// A scrollable view, as `SwiftUI.ScrollView`. A widget is a still picture and does not scroll, so in cells
/// the content is laid out at its full length along the scroll axes (as a scroll view lays it out) and shown
/// clipped to the scroll view's frame from its start: the top for a vertical scroll view (centred across),
/// the leading edge for a horizontal one, the top-leading corner for both. The content's views are stacked in
/// a column, as a scroll view's implicit stack does.
public struct ScrollView<Content: View>: View {
    /// The scrollable axes.
    public var axes: Axis.Set
    /// Whether iOS shows scroll indicators; none are drawn in cells, since nothing scrolls.
    public var showsIndicators: Bool
    /// The scroll view's content.
    public var content: Content

    /// A scroll view over `content` along `axes`, as `ScrollView.init(_:showsIndicators:content:)`.
    ///
    /// - Parameters:
    ///   - axes: the axes the content is laid out unbounded along and clipped on; vertical by default.
    ///   - showsIndicators: kept for the source's sake; a widget shows no indicators.
    ///   - content: the views to show.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    /// The content at its full length along the scroll axes, in a frame that fills what is offered, clipped.
    public var body: some View {
        VStack { content }
            .fixedSize(horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical))
            .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity, alignment: Self.alignment(for: axes))
            .clipped()
    }

    /// Where the content starts: top for vertical scrolling, leading for horizontal, top-leading for both.
    static func alignment(for axes: Axis.Set) -> Alignment {
        switch (axes.contains(.horizontal), axes.contains(.vertical)) {
        case (true, true): return .topLeading
        case (true, false): return .leading
        case (false, true): return .top
        case (false, false): return .center
        }
    }
}

// MARK: - Menu

/// A control that opens a menu of actions, as `SwiftUI.Menu`. A widget cannot open a menu (a tap on it opens
/// the app), so the menu is drawn as its label in the button style, as iOS draws the closed menu, and its
/// actions are never built.
public struct Menu<Label: View, Content: View>: PrimitiveView {
    let label: Label

    /// A menu of `content` shown from `label`, as `Menu.init(content:label:)`.
    ///
    /// - Parameters:
    ///   - content: the menu's buttons; never shown in a widget.
    ///   - label: what is drawn.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    /// The label, drawn as a button's (a closure button: a tap does nothing in a widget).
    public func resolve(in context: ResolveContext) -> ViewNode {
        Button(action: {}, label: { label })._resolve(in: context)
    }
}

extension Menu where Label == Text {
    /// A menu titled with a localized string key, as `Menu.init(_:content:)`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.label = Text(titleKey)
    }

    /// A menu titled with a string shown as written, as `Menu.init(_:content:)`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.label = Text(title)
    }
}

// MARK: - Navigation and safe areas

extension View {
    /// Sets the title a navigation stack shows for this view, as `View.navigationTitle(_:)`. A widget has no
    /// navigation bar: the view is drawn unchanged and the title is not shown.
    @inlinable
    public consuming func navigationTitle(_ title: Text) -> Self { self }

    /// The title from a localized string key, as `View.navigationTitle(_:)`; not shown in a widget.
    @inlinable
    public consuming func navigationTitle(_ titleKey: LocalizedStringKey) -> Self { self }

    /// The title from a string shown as written, as `View.navigationTitle(_:)`; not shown in a widget.
    @_disfavoredOverload
    @inlinable
    public consuming func navigationTitle<S: StringProtocol>(_ title: S) -> Self { self }

    /// Lets this view extend into the safe area, as `View.ignoresSafeArea(_:edges:)`. A widget's view has no
    /// safe area to extend into (no keyboard, bars or notch inside a widget's frame), so the view is laid out
    /// as without it. A widget's content margins are not a safe area: `contentMarginsDisabled()` removes them.
    ///
    /// - Parameters:
    ///   - regions: the kinds of safe area to ignore (`.container`, `.keyboard`, or `.all`).
    ///   - edges: the edges to extend past.
    @inlinable
    public consuming func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }

    /// Sets the store `@AppStorage` properties below read and write when they name none, as
    /// `View.defaultAppStorage(_:)` (without it, `UserDefaults.standard`). A widget and its app share values
    /// through an App Group suite, `UserDefaults(suiteName: "group.…")`, which WidgetTerm keeps in its App Group
    /// store (`--app-group DIR`).
    ///
    /// - Parameter store: the user defaults to use.
    public consuming func defaultAppStorage(_ store: UserDefaults) -> EnvironmentModifiedView<Self> {
        let box = AppStorageStore(store)
        return environmentModified { $0[DefaultAppStorageKey.self] = box }
    }
}

/// The kinds of safe area a view may ignore, as `SwiftUI.SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    /// The bits of the set: 1 for the container, 2 for the keyboard.
    public let rawValue: UInt
    /// The set with the bits of `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The area bars, the notch and the home indicator cover, as `SafeAreaRegions.container`.
    public static let container = SafeAreaRegions(rawValue: 1)
    /// The area the software keyboard covers, as `SafeAreaRegions.keyboard`.
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    /// Every kind, as `SafeAreaRegions.all`.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

// MARK: - AppStorage

/// The store `defaultAppStorage(_:)` put in the environment. `UserDefaults` is thread-safe (Foundation documents
/// it so), which is what lets an environment value hold one.
struct AppStorageStore: @unchecked Sendable {
    let defaults: UserDefaults
    init(_ defaults: UserDefaults) { self.defaults = defaults }
}

/// The environment key of `defaultAppStorage(_:)`'s store; nil: `UserDefaults.standard`. Not public in SwiftUI
/// either: only the modifier sets it.
struct DefaultAppStorageKey: EnvironmentKey {
    static let defaultValue: AppStorageStore? = nil
}

/// A value kept in user defaults under a key, as `SwiftUI.AppStorage`. Reading gives the stored value, or the
/// default the property is declared with when the key has none (or holds a value of another type); writing
/// stores it at once, as `UserDefaults.set(_:forKey:)` does, and writing nil to an optional removes the key.
///
/// The store is the one given with `store:`, else the environment's `defaultAppStorage(_:)` while a body is
/// built, else `UserDefaults.standard`. `UserDefaults(suiteName:)` for an App Group is WidgetTerm's App Group
/// store (`--app-group DIR`), so a widget reads what the app code writes there, as on a device. A widget's body
/// is drawn once per entry: a value written while it runs is stored, but nothing redraws the widget from it.
@propertyWrapper
public struct AppStorage<Value>: @unchecked Sendable {
    let key: String
    let defaultValue: Value
    let explicitStore: UserDefaults?
    let read: (UserDefaults, String) -> Value?
    let write: (Value) -> Any?

    init(
        key: String, defaultValue: Value, store: UserDefaults?, read: @escaping (UserDefaults, String) -> Value?,
        write: @escaping (Value) -> Any?
    ) {
        self.key = key
        self.defaultValue = defaultValue
        self.explicitStore = store
        self.read = read
        self.write = write
    }

    /// The store read and written: `store:`, else the environment's default app storage, else `.standard`.
    var store: UserDefaults {
        explicitStore ?? EnvironmentValues.current[DefaultAppStorageKey.self]?.defaults ?? .standard
    }

    /// The stored value, or the declared default when the key has none of this type.
    public var wrappedValue: Value {
        get { read(store, key) ?? defaultValue }
        nonmutating set {
            if let object = write(newValue) {
                store.set(object, forKey: key)
            } else {
                store.removeObject(forKey: key)
            }
        }
    }

    /// A binding that reads and writes the stored value, as `$name`.
    public var projectedValue: Binding<Value> {
        let storage = self
        return Binding(get: { storage.wrappedValue }, set: { storage.wrappedValue = $0 })
    }

    /// Reads `T` as stored under `key`, nil when the key is absent or holds another type.
    static func stored<T>(_ type: T.Type, in store: UserDefaults, key: String) -> T? {
        store.object(forKey: key) as? T
    }

    /// Reads a number as `Bool`, `Int` or `Double` (a property list keeps them as numbers).
    static func storedNumber<T>(in store: UserDefaults, key: String, as convert: (NSNumber) -> T) -> T? {
        guard let object = store.object(forKey: key) else { return nil }
        if let number = object as? NSNumber { return convert(number) }
        if let value = object as? T { return value }
        return nil
    }
}

extension AppStorage {
    /// A `Bool` stored under `key`, as `AppStorage.init(wrappedValue:_:store:)`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(
            key: key, defaultValue: wrappedValue, store: store,
            read: { Self.storedNumber(in: $0, key: $1, as: { $0.boolValue }) }, write: { $0 })
    }

    /// An `Int` stored under `key`, as `AppStorage.init(wrappedValue:_:store:)`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(
            key: key, defaultValue: wrappedValue, store: store,
            read: { Self.storedNumber(in: $0, key: $1, as: { $0.intValue }) }, write: { $0 })
    }

    /// A `Double` stored under `key`, as `AppStorage.init(wrappedValue:_:store:)`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(
            key: key, defaultValue: wrappedValue, store: store,
            read: { Self.storedNumber(in: $0, key: $1, as: { $0.doubleValue }) }, write: { $0 })
    }

    /// A `String` stored under `key`, as `AppStorage.init(wrappedValue:_:store:)`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(
            key: key, defaultValue: wrappedValue, store: store, read: { Self.stored(String.self, in: $0, key: $1) },
            write: { $0 })
    }

    /// A `URL` stored under `key` (as its absolute string), as `AppStorage.init(wrappedValue:_:store:)`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(
            key: key, defaultValue: wrappedValue, store: store, read: { $0.string(forKey: $1).flatMap(URL.init(string:)) },
            write: { $0.absoluteString })
    }

    /// `Data` stored under `key`, as `AppStorage.init(wrappedValue:_:store:)`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(
            key: key, defaultValue: wrappedValue, store: store, read: { Self.stored(Data.self, in: $0, key: $1) },
            write: { $0 })
    }

    /// A `RawRepresentable` value stored as its `Int` raw value, as `AppStorage.init(wrappedValue:_:store:)`.
    /// A stored number that is no case's raw value reads as the default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(
            key: key, defaultValue: wrappedValue, store: store,
            read: { Self.storedNumber(in: $0, key: $1, as: { $0.intValue }).flatMap(Value.init(rawValue:)) },
            write: { $0.rawValue })
    }

    /// A `RawRepresentable` value stored as its `String` raw value, as `AppStorage.init(wrappedValue:_:store:)`.
    /// A stored string that is no case's raw value reads as the default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(
            key: key, defaultValue: wrappedValue, store: store,
            read: { Self.stored(String.self, in: $0, key: $1).flatMap(Value.init(rawValue:)) },
            write: { $0.rawValue })
    }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    /// An optional `Bool` stored under `key`, nil when absent, as `AppStorage.init(_:store:)`.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(
            key: key, defaultValue: nil, store: store,
            read: { AppStorage<Bool>.storedNumber(in: $0, key: $1, as: { $0.boolValue }).map { $0 } },
            write: { $0 })
    }

    /// An optional `Int` stored under `key`, nil when absent, as `AppStorage.init(_:store:)`.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(
            key: key, defaultValue: nil, store: store,
            read: { AppStorage<Int>.storedNumber(in: $0, key: $1, as: { $0.intValue }).map { $0 } },
            write: { $0 })
    }

    /// An optional `Double` stored under `key`, nil when absent, as `AppStorage.init(_:store:)`.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(
            key: key, defaultValue: nil, store: store,
            read: { AppStorage<Double>.storedNumber(in: $0, key: $1, as: { $0.doubleValue }).map { $0 } },
            write: { $0 })
    }

    /// An optional `String` stored under `key`, nil when absent, as `AppStorage.init(_:store:)`.
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(
            key: key, defaultValue: nil, store: store,
            read: { AppStorage<String>.stored(String.self, in: $0, key: $1).map { $0 } }, write: { $0 })
    }
}

// MARK: - zIndex

extension View {
    /// Sets this view's place in the drawing order of its `ZStack`, as `View.zIndex(_:)`: views with a higher
    /// value are drawn in front of those with a lower one, and views with equal values (0 by default) keep the
    /// order they are written in. In cells siblings overlap only in a `ZStack`, which orders its children by it;
    /// in other stacks it changes nothing.
    ///
    /// - Parameter value: the relative front-to-back order; 0 by default.
    @inlinable
    public consuming func zIndex(_ value: Double) -> ModifiedView<Self> { recordingModifier(.zIndex(value)) }
}

extension ViewNode {
    /// The `.zIndex(_:)` of a stack child: the outermost one among the modifiers wrapping it, 0 without one.
    var zIndex: Double {
        var node = self
        while case .modified(let inner, let modifier) = node {
            // A NaN would break the stack's ordering (it compares neither less nor greater): it counts as 0.
            if case .zIndex(let value) = modifier { return value.isNaN ? 0 : value }
            node = inner
        }
        return 0
    }

    /// Orders a `ZStack`'s children back to front by their `zIndex`, keeping the written order among equals.
    @usableFromInline
    static func orderByZIndex(_ children: inout [ViewNode]) {
        guard children.contains(where: { $0.zIndex != 0 }) else { return }
        children = children.enumerated()
            .sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
            .map(\.element)
    }
}

// MARK: - Toggles bound to app state, transitions

extension Toggle {
    /// A toggle over a binding, as `Toggle(isOn:label:)`. In a widget only an App Intent toggle acts
    /// (`Toggle(isOn:intent:label:)`, iOS 17): this one is drawn showing the binding's value when the body is built,
    /// and a tap does nothing.
    ///
    /// - Parameters:
    ///   - isOn: the value shown; never written in a widget.
    ///   - label: the toggle's label.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn.wrappedValue
        self.intent = nil
        self.label = label()
    }
}

extension Toggle where Label == Text {
    /// A toggle over a binding titled with a localized string key, as `Toggle(_:isOn:)`; drawn, inert in a widget.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    /// A toggle over a binding titled with a string shown as written, as `Toggle(_:isOn:)`; inert in a widget.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

extension AnyTransition {
    /// The transition with an animation attached, as `AnyTransition.animation(_:)`; shown without motion, as every
    /// transition in cells.
    public func animation(_ animation: Animation?) -> AnyTransition { AnyTransition() }
}
