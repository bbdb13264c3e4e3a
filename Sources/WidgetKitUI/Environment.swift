import Foundation

// MARK: - Environment values

/// The values a view reads with `@Environment`, as `SwiftUI.EnvironmentValues`.
///
/// The resolver sets them for the duration of each `body` evaluation (a task-local value), so a
/// widget's `@Environment(\.widgetFamily) var family` reads the family being rendered.
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

    // MARK: Values modifiers pass down to the views below them
    public var font: Font?
    public var foregroundStyle: Paint = .primary
    public var lineLimit: Int?
    public var multilineTextAlignment: TextAlignment = .leading
    public var minimumScaleFactor: Double = 1
    public var truncationMode: Text.TruncationMode = .tail
    public var tint: Color?
    public var isMonospacedDigit = false
    public var isBold = false
    public var isItalic = false
    public var fontWeight: Font.Weight?
    public var gaugeStyle: GaugeKind?
    public var progressViewStyle: GaugeKind = .progressLinear
    public var isUnredacted = false
    public var accentedRenderingMode: WidgetAccentedRenderingMode?
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

    /// The environment for the running body. Set by the resolver; outside a render it holds defaults.
    @TaskLocal public static var current = EnvironmentValues()
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

    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
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
public enum WidgetAccentedRenderingMode: String, Hashable, Sendable {
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
