import Foundation

// MARK: - Environment values

/// The values a view reads with `@Environment`, as `SwiftUI.EnvironmentValues`.
///
/// The resolver makes them current for the duration of each `body` evaluation (on the evaluating
/// thread, see `current`), so a widget's `@Environment(\.widgetFamily) var family` reads the family
/// being rendered.
public struct EnvironmentValues: Sendable {
    // MARK: Values widget code reads
    /// The size and shape being rendered, as `\.widgetFamily`; `.systemSmall` until the renderer sets it.
    public var widgetFamily: WidgetFamily = .systemSmall
    /// Light or dark appearance, as `\.colorScheme`; the renderer sets the one chosen (`--appearance`).
    public var colorScheme: ColorScheme = .light
    /// How the system treats the widget's colours, as `\.widgetRenderingMode`; `.fullColor` by default.
    public var widgetRenderingMode: WidgetRenderingMode = .fullColor
    /// Whether the container background is drawn, as `\.showsWidgetContainerBackground`: false for accessory
    /// families, in accented and vibrant modes, and when the background is removable and removed.
    public var showsWidgetContainerBackground: Bool = true
    /// Why content is redacted, as `\.redactionReasons`: `.placeholder` while a placeholder is shown,
    /// `.privacy` on a locked device; empty by default.
    public var redactionReasons: RedactionReasons = []
    /// True in the always-on display's dimmed state, as `\.isLuminanceReduced`; false by default.
    public var isLuminanceReduced: Bool = false
    /// The margins around the widget's content in points, as `\.widgetContentMargins`: 16 on each side for
    /// system families on iOS 17+, 0 for accessory families or with content margins disabled.
    public var widgetContentMargins: EdgeInsets = EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
    /// The locale dates and numbers are formatted in, as `\.locale`; en_US by default, the host's format
    /// setting when rendering.
    public var locale: Locale {
        get { shared.locale }
        set { uniqueShared().locale = newValue }
    }
    /// The time zone dates are shown in, as `\.timeZone`; the host's format setting when rendering.
    public var timeZone: TimeZone {
        get { shared.timeZone }
        set { uniqueShared().timeZone = newValue }
    }
    /// The calendar dates are computed in, as `\.calendar`; Gregorian.
    public var calendar: Calendar {
        get { shared.calendar }
        set { uniqueShared().calendar = newValue }
    }
    /// The text size, as `\.dynamicTypeSize`; WidgetTerm renders at `.large`.
    public var dynamicTypeSize: DynamicTypeSize = .large
    /// True when a Live Activity fills the screen in StandBy, as ActivityKit's `\.isActivityFullscreen`;
    /// false by default.
    public var isActivityFullscreen: Bool = false
    /// The size family of the Live Activity presentation being drawn, as `\.activityFamily` (iOS 18):
    /// `.medium` on the iPhone Lock Screen and in the Dynamic Island, `.small` in CarPlay when the activity
    /// declares `.supplementalActivityFamilies([.small])`.
    public var activityFamily: ActivityFamily = .medium
    /// The families the Live Activity may be drawn in, as `\.supportedActivityFamilies` (iOS 18): `.medium`
    /// and its supplemental families.
    public var supportedActivityFamilies: Set<ActivityFamily> {
        get { shared.supportedActivityFamilies }
        set { uniqueShared().supportedActivityFamilies = newValue }
    }
    /// Pixels per point of the device's screen (3 on a 430 pt iPhone, 2 on an iPad), as `\.displayScale`;
    /// asset images take the file of this scale, or the nearest one present.
    public var displayScale: Double = 3

    // MARK: Values modifiers pass down to the views below them
    /// The font of text below (`.font(_:)`); nil: the body font.
    public var font: Font?
    /// What text and symbols below are painted with (`.foregroundStyle(_:)`); the primary label colour
    /// by default.
    public var foregroundStyle: Paint = .primary
    /// The most lines text below may wrap to (`.lineLimit(_:)`); nil: no limit.
    public var lineLimit: Int?
    /// How lines of wrapped text below are aligned (`.multilineTextAlignment(_:)`); leading by default.
    public var multilineTextAlignment: TextAlignment = .leading
    /// The smallest fraction (0...1) text below may shrink to before it truncates (`.minimumScaleFactor(_:)`);
    /// 1 never shrinks.
    public var minimumScaleFactor: Double = 1
    /// Where text that does not fit is cut with an ellipsis (`.truncationMode(_:)`); the tail by default.
    public var truncationMode: Text.TruncationMode = .tail
    /// The tint of controls, gauges and progress views below (`.tint(_:)`); nil: each one's default
    /// (the accent colour; green for a toggle; the foreground style for a gauge).
    public var tint: Color?
    /// The gradient of `.tint(Gradient)`, which gauges and progress views below paint with; nil: `tint`.
    public var tintGradient: Paint?
    /// True after `.monospacedDigit()`: digits below take equal widths.
    public var isMonospacedDigit = false
    /// True after `.bold()`: text below is drawn bold.
    public var isBold = false
    /// True after `.italic()`: text below is drawn italic.
    public var isItalic = false
    /// The weight of text below (`.fontWeight(_:)`); nil: the font's own weight.
    public var fontWeight: Font.Weight?
    /// The look of gauges below (`.gaugeStyle(_:)`); nil: `.accessoryLinearCapacity`.
    public var gaugeStyle: GaugeKind?
    /// The look of progress views below (`.progressViewStyle(_:)`); linear by default.
    public var progressViewStyle: GaugeKind = .progressLinear
    /// True after `.unredacted()`: content below is drawn even when `redactionReasons` asks for redaction.
    public var isUnredacted = false
    /// How images below render in accented mode (`.widgetAccentedRenderingMode(_:)`); nil: the system default.
    public var accentedRenderingMode: WidgetAccentedRenderingMode?
    /// Whether buttons and toggles below react, as `EnvironmentValues.isEnabled`; `.disabled(true)` clears it.
    public var isEnabled = true
    /// The case text below is shown in, as `EnvironmentValues.textCase`; nil: as written.
    public var textCase: Text.Case?
    /// The SF Symbol variant of images below, as `EnvironmentValues.symbolVariants`.
    public var symbolVariants: SymbolVariants = .none
    /// The scale of symbols below, as `EnvironmentValues.imageScale`; one glyph in cells at every scale.
    public var imageScale: Image.Scale = .medium
    /// How buttons below are drawn (`buttonStyle(_:)`).
    public var buttonLook: ButtonLook = .plain
    /// The size of the widget's content area in points, given to `GeometryReader`.
    public var containerSize: CGSize = CGSize(width: 170, height: 170)

    /// The layout direction, as `EnvironmentValues.layoutDirection`: `.leftToRight` unless `--locale` names a
    /// right-to-left language (Arabic, Hebrew, Persian, Urdu...) or `.environment(\.layoutDirection, …)` sets it.
    /// Layout mirrors a right-to-left subtree: stacks run from the trailing edge, and leading is the right.
    public var layoutDirection: LayoutDirection = .leftToRight

    /// The values of custom `EnvironmentKey`s, each boxed in its key's value type.
    var custom: [ObjectIdentifier: EnvironmentValueBoxBase] {
        get { shared.custom }
        set { uniqueShared().custom = newValue }
    }

    /// The values that hold references and are set once by the host (locale, time zone, calendar, supported
    /// activity families, custom keys), in one copy-on-write box: every environment-writing modifier copies the
    /// environment, and a copy then retains this box alone instead of each of them.
    private var shared = SharedValues()

    /// `shared`, copied first if another environment holds it too, to be written.
    private mutating func uniqueShared() -> SharedValues {
        if !isKnownUniquelyReferenced(&shared) { shared = SharedValues(copying: shared) }
        return shared
    }

    /// The boxed values of `EnvironmentValues`; written only through `uniqueShared()`, when no other environment
    /// holds the box, so a box another environment (or thread) can see never changes.
    private final class SharedValues: @unchecked Sendable {
        var locale: Locale
        var timeZone: TimeZone
        var calendar: Calendar
        var supportedActivityFamilies: Set<ActivityFamily>
        var custom: [ObjectIdentifier: EnvironmentValueBoxBase]

        /// The defaults: en_US, the process's time zone, Gregorian, `.medium` only, no custom values.
        init() {
            locale = Locale(identifier: "en_US")
            timeZone = .current
            calendar = Calendar(identifier: .gregorian)
            supportedActivityFamilies = [.medium]
            custom = [:]
        }

        /// A box holding the same values as `other`.
        init(copying other: SharedValues) {
            locale = other.locale
            timeZone = other.timeZone
            calendar = other.calendar
            supportedActivityFamilies = other.supportedActivityFamilies
            custom = other.custom
        }
    }

    /// The defaults: a light `.systemSmall` widget in full colour, before the renderer sets the rest.
    public init() {}

    /// Reads or writes a custom value declared with an `EnvironmentKey`.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get {
            // No hashing while no custom value is set (the usual case), and no runtime cast when one is: a key's
            // identifier is only ever stored with a box of that key's value type.
            guard !custom.isEmpty, let box = custom[ObjectIdentifier(key)] else { return Key.defaultValue }
            return unsafeDowncast(box, to: EnvironmentValueBox<Key.Value>.self).value
        }
        set { custom[ObjectIdentifier(key)] = EnvironmentValueBox(newValue) }
    }

    /// True when text should be drawn redacted (a placeholder, or privacy-sensitive content while locked).
    public var isRedacting: Bool { !redactionReasons.isEmpty && !isUnredacted }

    /// The environment of the `body` being evaluated on this thread (the innermost one when a body
    /// resolves views itself); outside any body evaluation, the defaults.
    ///
    /// A `body` is synchronous, so the resolver keeps the current environment in a thread-local slot
    /// for exactly the duration of the evaluation: resolutions running at the same time on other
    /// threads each see their own.
    public static var current: EnvironmentValues {
        CurrentEnvironment.value(at: \.self)
    }

    /// Evaluates `body` with `environment` as `current` on this thread, then restores the previous one.
    @inlinable
    static func withCurrent<Result>(_ environment: EnvironmentValues, _ body: () -> Result) -> Result {
        withUnsafePointer(to: environment) { pointer in
            let previous = CurrentEnvironment.enter(pointer)
            defer { CurrentEnvironment.leave(restoring: previous) }
            return body()
        }
    }
}

/// A custom environment value, stored under its key's identifier (`EnvironmentValues.subscript(_:)`).
class EnvironmentValueBoxBase: @unchecked Sendable {}

/// A custom environment value of type `Value`: immutable once made.
final class EnvironmentValueBox<Value: Sendable>: EnvironmentValueBoxBase, @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The thread-local slot behind `EnvironmentValues.current`: the address of the environment of the
/// `body` being evaluated on this thread, or nil.
///
/// The address is only valid inside `EnvironmentValues.withCurrent`, which sets the slot on entry and
/// restores the previous value before it returns, on the same thread; every read happens on that thread
/// within that time (a `body` is synchronous), so the slot never holds a dangling address when read.
/// This costs two `pthread_setspecific` calls per body instead of a task-local push (an allocation
/// and a copy of the whole environment) and pop.
@usableFromInline
enum CurrentEnvironment {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "WidgetTerm could not create the thread-local key for @Environment (pthread_key_create: \(status))")
        return key
    }()

    /// What `current` returns outside any body evaluation.
    private static let defaults = EnvironmentValues()

    /// Makes `environment` current on this thread; returns the previous address to pass to `leave`.
    @usableFromInline
    static func enter(_ environment: UnsafePointer<EnvironmentValues>) -> UnsafeRawPointer? {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, environment)
        return UnsafeRawPointer(previous)
    }

    /// Restores what `enter` returned.
    @usableFromInline
    static func leave(restoring previous: UnsafeRawPointer?) {
        pthread_setspecific(key, previous)
    }

    /// Reads one value of the current environment (without copying the rest).
    static func value<Value>(at keyPath: KeyPath<EnvironmentValues, Value>) -> Value {
        guard let address = pthread_getspecific(key) else { return defaults[keyPath: keyPath] }
        return address.assumingMemoryBound(to: EnvironmentValues.self).pointee[keyPath: keyPath]
    }
}

/// A key for a custom environment value, as `SwiftUI.EnvironmentKey`.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

/// Reads a value from the environment of the body being resolved, as `SwiftUI.Environment`.
@propertyWrapper
public struct Environment<Value>: @unchecked Sendable {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Reads the environment value at `keyPath`, as `@Environment(\.widgetFamily)`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The value in the environment of the body being evaluated on this thread; outside a body, the default.
    public var wrappedValue: Value { CurrentEnvironment.value(at: keyPath) }
}

/// Light or dark appearance, as `SwiftUI.ColorScheme`.
public enum ColorScheme: String, Hashable, Sendable, CaseIterable { case light, dark }

/// How the system renders a widget, as `WidgetKit.WidgetRenderingMode` (iOS 16+).
public enum WidgetRenderingMode: String, Hashable, Sendable, CaseIterable {
    /// Colours as declared (Home Screen, Today view).
    case fullColor
    /// Two groups tinted by the system; only opacity counts (tinted and clear Home Screen).
    case accented
    /// Desaturated; brightness sets contrast against the material (Lock Screen).
    case vibrant
}

/// How an image renders in accented mode, as `WidgetKit.WidgetAccentedRenderingMode` (iOS 18+).
public enum WidgetAccentedRenderingMode: String, Hashable, Sendable, Codable {
    case accented, desaturated, accentedDesaturated, fullColor
}

/// Why content is redacted, as `SwiftUI.RedactionReasons`.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    /// The reasons' bits, one per static member.
    public let rawValue: Int
    /// Reasons from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// SwiftUI's `RedactionReasons.placeholder`: the widget shows its placeholder entry, drawn as grey bars.
    public static let placeholder = RedactionReasons(rawValue: 1)
    /// SwiftUI's `RedactionReasons.privacy`: the device is locked and `.privacySensitive()` content is hidden.
    public static let privacy = RedactionReasons(rawValue: 2)
    /// SwiftUI's `RedactionReasons.invalidated`: the content is out of date after an interaction, until
    /// the next entry.
    public static let invalidated = RedactionReasons(rawValue: 4)
}

/// Dynamic Type sizes, as `SwiftUI.DynamicTypeSize`; WidgetTerm renders at `.large`.
public enum DynamicTypeSize: Int, Hashable, Sendable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1, accessibility2, accessibility3,
        accessibility4, accessibility5
    /// Smaller sizes come first, from `xSmall` to `accessibility5`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Content size categories, as the older `SwiftUI.ContentSizeCategory`; each is one `DynamicTypeSize`, and
/// `EnvironmentValues.sizeCategory` reads and writes `dynamicTypeSize`. WidgetTerm renders at `.large`.
public enum ContentSizeCategory: Hashable, Sendable, CaseIterable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// True for the accessibility sizes, as `ContentSizeCategory.isAccessibilityCategory`.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The category of a Dynamic Type size.
    public init(_ size: DynamicTypeSize) { self = Self.allCases[size.rawValue] }

    /// The Dynamic Type size of this category.
    public var dynamicTypeSize: DynamicTypeSize { DynamicTypeSize(rawValue: Self.allCases.firstIndex(of: self)!)! }
}

extension EnvironmentValues {
    /// The content size category, as `EnvironmentValues.sizeCategory` (`@Environment(\.sizeCategory)`); it is
    /// `dynamicTypeSize` under its older name, so setting one changes the other.
    public var sizeCategory: ContentSizeCategory {
        get { ContentSizeCategory(dynamicTypeSize) }
        set { dynamicTypeSize = newValue.dynamicTypeSize }
    }
}

/// The sizes and shapes a widget can take, as `WidgetKit.WidgetFamily`.
public enum WidgetFamily: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline

    /// The family's name as in Swift, e.g. `systemSmall`.
    public var description: String { rawValue }

    /// True for the Lock Screen accessory families.
    public var isAccessory: Bool {
        self == .accessoryCircular || self == .accessoryRectangular || self == .accessoryInline
    }
}
