import Foundation

// MARK: - Environment values

/// The values a view reads with `@Environment`, as `SwiftUI.EnvironmentValues`.
///
/// The resolver makes them current for the duration of each `body` evaluation (on the evaluating
/// thread, see `current`), so a widget's `@Environment(\.widgetFamily) var family` reads the family
/// being rendered.
public struct EnvironmentValues: Sendable {
    // MARK: Values widget code reads
    public var widgetFamily: WidgetFamily = .systemSmall
    public var colorScheme: ColorScheme = .light
    public var widgetRenderingMode: WidgetRenderingMode = .fullColor
    public var showsWidgetContainerBackground: Bool = true
    public var redactionReasons: RedactionReasons = []
    public var isLuminanceReduced: Bool = false
    public var widgetContentMargins: EdgeInsets = EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
    public var locale: Locale = Locale(identifier: "en_US")
    public var timeZone: TimeZone = .current
    public var calendar: Calendar = Calendar(identifier: .gregorian)
    public var dynamicTypeSize: DynamicTypeSize = .large
    public var isActivityFullscreen: Bool = false
    /// Pixels per point of the device's screen (3 on a 430 pt iPhone, 2 on an iPad), as `\.displayScale`;
    /// asset images take the file of this scale, or the nearest one present.
    public var displayScale: Double = 3

    // MARK: Values modifiers pass down to the views below them
    public var font: Font?
    public var foregroundStyle: Paint = .primary
    public var lineLimit: Int?
    public var multilineTextAlignment: TextAlignment = .leading
    public var minimumScaleFactor: Double = 1
    public var truncationMode: Text.TruncationMode = .tail
    public var tint: Color?
    /// The gradient of `.tint(Gradient)`, which gauges and progress views below paint with; nil: `tint`.
    public var tintGradient: Paint?
    public var isMonospacedDigit = false
    public var isBold = false
    public var isItalic = false
    public var fontWeight: Font.Weight?
    public var gaugeStyle: GaugeKind?
    public var progressViewStyle: GaugeKind = .progressLinear
    public var isUnredacted = false
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

    var custom: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// Reads or writes a custom value declared with an `EnvironmentKey`.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { custom[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
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

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

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
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1)
    public static let privacy = RedactionReasons(rawValue: 2)
    public static let invalidated = RedactionReasons(rawValue: 4)
}

/// Dynamic Type sizes, as `SwiftUI.DynamicTypeSize`; WidgetTerm renders at `.large`.
public enum DynamicTypeSize: Int, Hashable, Sendable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1, accessibility2, accessibility3,
        accessibility4, accessibility5
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

    public var description: String { rawValue }

    /// True for the Lock Screen accessory families.
    public var isAccessory: Bool {
        self == .accessoryCircular || self == .accessoryRectangular || self == .accessoryInline
    }
}
