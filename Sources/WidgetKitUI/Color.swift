import Foundation

// MARK: - Color

/// A colour, as SwiftUI's `Color`: a system colour that adapts to light and dark appearance,
/// an explicit sRGB value, or a named asset. Mirrors `SwiftUI.Color`.
///
/// Colour values are resolved at paint time (`resolved(in:)`) so a theme can supply the system
/// palette; `opacity(_:)` multiplies the alpha.
public struct Color: Hashable, Sendable, Codable {
    /// Where the colour's components come from.
    public enum Storage: Hashable, Sendable, Codable {
        /// An Apple system colour, resolved per colour scheme.
        case system(SystemColor)
        /// Explicit sRGB components, each 0...1.
        case rgb(red: Double, green: Double, blue: Double)
        /// A colour named in widget code that no asset catalog had: drawn as grey (a diagnostic says so).
        case asset(String)
        /// A colour set from the app's asset catalog, with its light and dark values. Boxed (`indirect`): its
        /// payload is three times the others', and every `Color`, `Paint` and text run would carry that size.
        indirect case catalog(name: String, CatalogColor)
    }

    /// Where the components come from: a system colour, sRGB values or an asset's colour set.
    public var storage: Storage
    /// Alpha, 0...1.
    public var alpha: Double

    /// A colour from `storage`, with `alpha` clamped to 0...1.
    public init(storage: Storage, alpha: Double = 1) {
        self.storage = storage
        self.alpha = min(max(alpha, 0), 1)
    }

    /// An sRGB colour. Components are 0...1, as in `Color(red:green:blue:opacity:)`.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(storage: .rgb(red: red, green: green, blue: blue), alpha: opacity)
    }

    /// An sRGB colour from 0...1 components; the colour space argument is accepted for source compatibility.
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(red: red, green: green, blue: blue, opacity: opacity)
    }

    /// A grey of the given white level, 0...1.
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour set from the app's asset catalog (`Name.colorset`), light and dark, as `Color(_:bundle:)`.
    ///
    /// The catalogs are the host's (``HostContext/resources``, `--assets DIR`). A name no catalog has draws
    /// as a neutral grey and reports a `missing-color-asset` diagnostic naming the catalogs searched; with no
    /// catalogs set, the grey is drawn without a diagnostic (a widget previewed without its app's resources).
    public init(_ name: String, bundle: Bundle? = nil) {
        guard let resources = HostContext.current.resources else {
            self.init(storage: .asset(name))
            return
        }
        if let color = resources.color(named: name) {
            self.init(storage: .catalog(name: name, color))
        } else {
            HostContext.reportResourceProblem(
                code: "missing-color-asset",
                message: "Color(\"\(name)\") found no colour set \"\(name)\"; it draws as grey. "
                    + HostContext.searchedDescription(resources, lookingFor: "\(name).colorset"))
            self.init(storage: .asset(name))
        }
    }

    /// A `UIColor` stand-in, for code that bridges UIKit colours.
    public init(uiColor: UIColor) {
        self = uiColor.color
    }

    /// A `UIColor` stand-in, as `Color(_:)` with a UIKit colour.
    public init(_ uiColor: UIColor) {
        self = uiColor.color
    }

    /// The same colour with its alpha multiplied by `opacity` (0...1).
    public func opacity(_ opacity: Double) -> Color {
        Color(storage: storage, alpha: alpha * opacity)
    }

    /// SwiftUI's colour-space tag; every colour here is sRGB.
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }

    /// A gradient from this colour, as `Color.gradient` (a slightly lighter top to the colour).
    public var gradient: AnyGradient { AnyGradient(base: self) }

    // MARK: System colours (Apple Human Interface Guidelines, "Color", system colors)

    /// SwiftUI's `Color.red`: the system red, sRGB (255, 59, 48) in light and (255, 69, 58) in dark appearance.
    public static let red = Color(storage: .system(.red))
    /// SwiftUI's `Color.orange`: the system orange, sRGB (255, 149, 0) in light and (255, 159, 10) in dark appearance.
    public static let orange = Color(storage: .system(.orange))
    /// SwiftUI's `Color.yellow`: the system yellow, sRGB (255, 204, 0) in light and (255, 214, 10) in dark appearance.
    public static let yellow = Color(storage: .system(.yellow))
    /// SwiftUI's `Color.green`: the system green, sRGB (52, 199, 89) in light and (48, 209, 88) in dark appearance.
    public static let green = Color(storage: .system(.green))
    /// SwiftUI's `Color.mint`: the system mint, sRGB (0, 199, 190) in light and (99, 230, 226) in dark appearance.
    public static let mint = Color(storage: .system(.mint))
    /// SwiftUI's `Color.teal`: the system teal, sRGB (48, 176, 199) in light and (64, 200, 224) in dark appearance.
    public static let teal = Color(storage: .system(.teal))
    /// SwiftUI's `Color.cyan`: the system cyan, sRGB (50, 173, 230) in light and (100, 210, 255) in dark appearance.
    public static let cyan = Color(storage: .system(.cyan))
    /// SwiftUI's `Color.blue`: the system blue, sRGB (0, 122, 255) in light and (10, 132, 255) in dark appearance.
    public static let blue = Color(storage: .system(.blue))
    /// SwiftUI's `Color.indigo`: the system indigo, sRGB (88, 86, 214) in light and (94, 92, 230) in dark appearance.
    public static let indigo = Color(storage: .system(.indigo))
    /// SwiftUI's `Color.purple`: the system purple, sRGB (175, 82, 222) in light and (191, 90, 242) in dark appearance.
    public static let purple = Color(storage: .system(.purple))
    /// SwiftUI's `Color.pink`: the system pink, sRGB (255, 45, 85) in light and (255, 55, 95) in dark appearance.
    public static let pink = Color(storage: .system(.pink))
    /// SwiftUI's `Color.brown`: the system brown, sRGB (162, 132, 94) in light and (172, 142, 104) in dark appearance.
    public static let brown = Color(storage: .system(.brown))
    /// SwiftUI's `Color.gray`: the system gray, sRGB (142, 142, 147) in light and (142, 142, 147) in dark appearance.
    public static let gray = Color(storage: .system(.gray))
    /// SwiftUI's `Color.black`: sRGB (0, 0, 0) in both appearances.
    public static let black = Color(storage: .system(.black))
    /// SwiftUI's `Color.white`: sRGB (255, 255, 255) in both appearances.
    public static let white = Color(storage: .system(.white))
    /// SwiftUI's `Color.clear`: fully transparent, so cells beneath show through.
    public static let clear = Color(storage: .system(.clear))
    /// The primary label colour: black in light appearance, white in dark.
    public static let primary = Color(storage: .system(.label))
    /// The secondary label colour.
    public static let secondary = Color(storage: .system(.secondaryLabel))
    /// The app's accent colour (system blue here).
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    // Apple's name: `Color.accentColor`.
    /// SwiftUI's `Color.accentColor`: the app's accent colour, drawn as system blue (WidgetTerm does not read
    /// the app's `AccentColor` asset).
    public static let accentColor = Color(storage: .system(.blue))
}

/// The system colours WidgetTerm knows with Apple's light and dark values.
public enum SystemColor: String, Hashable, Sendable, CaseIterable, Codable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray
    case black, white, clear
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel
    case systemBackground, secondarySystemBackground, tertiarySystemBackground
    case systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
}

/// A `UIColor` stand-in so widget code that bridges UIKit colours compiles.
public struct UIColor: Sendable {
    let color: Color
    /// An sRGB colour from 0...1 components, as `UIColor(red:green:blue:alpha:)`.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        color = Color(red: red, green: green, blue: blue, opacity: alpha)
    }
    /// A grey from a 0...1 white level, as `UIColor(white:alpha:)`.
    public init(white: Double, alpha: Double) { color = Color(white: white, opacity: alpha) }
    /// UIKit's `UIColor.systemBackground`: white in light appearance, black in dark.
    public static let systemBackground = UIColor(Color(storage: .system(.systemBackground)))
    /// UIKit's `UIColor.secondarySystemBackground`: (242, 242, 247) light, (28, 28, 30) dark.
    public static let secondarySystemBackground = UIColor(Color(storage: .system(.secondarySystemBackground)))
    /// UIKit's `UIColor.tertiarySystemBackground`: white in light appearance, (44, 44, 46) dark.
    public static let tertiarySystemBackground = UIColor(Color(storage: .system(.tertiarySystemBackground)))
    /// UIKit's `UIColor.label`: black in light appearance, white in dark.
    public static let label = UIColor(Color(storage: .system(.label)))
    /// UIKit's `UIColor.secondaryLabel`: (60, 60, 67) light and (235, 235, 245) dark, at 60 % opacity.
    public static let secondaryLabel = UIColor(Color(storage: .system(.secondaryLabel)))
    /// UIKit's `UIColor.systemGray5`: (229, 229, 234) light, (44, 44, 46) dark.
    public static let systemGray5 = UIColor(Color(storage: .system(.systemGray5)))
    /// UIKit's `UIColor.systemGray6`: (242, 242, 247) light, (28, 28, 30) dark.
    public static let systemGray6 = UIColor(Color(storage: .system(.systemGray6)))
    /// The UIKit colour of a SwiftUI colour, as `UIColor(_:)` (iOS 14).
    public init(_ color: Color) { self.color = color }
}

/// `#colorLiteral(red:green:blue:alpha:)` makes a `UIColor`, as Xcode's colour literal does on iOS, so
/// `Color(#colorLiteral(red: 0.94, green: 0.35, blue: 0.19, alpha: 1))` compiles as written. Components are
/// 0...1 sRGB (Apple: UIKit declares `UIColor: _ExpressibleByColorLiteral` and `_ColorLiteralType = UIColor`).
extension UIColor: _ExpressibleByColorLiteral {
    /// The colour of a `#colorLiteral`: sRGB components and alpha, each 0...1.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
}

/// The type a `#colorLiteral` without a type context makes: `UIColor`, as in UIKit.
public typealias _ColorLiteralType = UIColor

/// A gradient made from one colour (`Color.gradient`).
public struct AnyGradient: Hashable, Sendable {
    /// The colour the gradient is made from: it runs from this colour at 85 % opacity at the top to the
    /// colour itself at the bottom.
    public var base: Color
}

// MARK: - Paint: a resolved ShapeStyle

/// A resolved `ShapeStyle`: what a foreground, fill or stroke paints with.
public enum Paint: Hashable, Sendable, Codable {
    /// A plain colour.
    case color(Color)
    /// A hierarchical level (0 primary, 1 secondary, 2 tertiary, 3 quaternary) of a base colour;
    /// a nil base is the label colour of the current appearance.
    case hierarchical(level: Int, base: Color?)
    /// A linear gradient: colour stops (location 0...1) between two unit points.
    case linearGradient(stops: [GradientStop], start: UnitPoint, end: UnitPoint)
    /// A radial gradient: colour stops (location 0...1) from `startRadius` to `endRadius` (points) around `center`.
    case radialGradient(stops: [GradientStop], center: UnitPoint, startRadius: Double, endRadius: Double)
    /// An angular (conic) gradient: colour stops (location 0...1) clockwise around `center` from 3 o'clock.
    case angularGradient(stops: [GradientStop], center: UnitPoint)

    /// The primary label colour.
    public static let primary = Paint.hierarchical(level: 0, base: nil)

    /// The colour a single cell shows for this paint at `position` 0...1 along the paint's axis.
    public func color(at position: Double) -> Color? {
        switch self {
        case .color(let color): return color
        case .hierarchical: return nil
        case .linearGradient(let stops, _, _), .radialGradient(let stops, _, _, _), .angularGradient(let stops, _):
            // The nearest stop: cells are too coarse for blending to read better than banding.
            return stops.min { abs($0.location - position) < abs($1.location - position) }?.color
        }
    }
}

/// A colour stop of a gradient; `location` is 0...1.
public struct GradientStop: Hashable, Sendable, Codable {
    /// The colour at this stop.
    public var color: Color
    /// Where the stop sits along the gradient, 0...1.
    public var location: Double
}

/// A point in a view's unit square, as SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable, Codable {
    /// The horizontal position, 0 at the leading edge and 1 at the trailing edge.
    public var x: Double
    /// The vertical position, 0 at the top and 1 at the bottom.
    public var y: Double
    /// A point from fractions of the view's width and height (0...1; values outside lie beyond the view).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    /// SwiftUI's `UnitPoint.zero`: the top-leading corner (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// SwiftUI's `UnitPoint.center`: the centre (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// SwiftUI's `UnitPoint.leading`: the middle of the leading edge (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// SwiftUI's `UnitPoint.trailing`: the middle of the trailing edge (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// SwiftUI's `UnitPoint.top`: the middle of the top edge (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// SwiftUI's `UnitPoint.bottom`: the middle of the bottom edge (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// SwiftUI's `UnitPoint.topLeading`: the top-leading corner (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// SwiftUI's `UnitPoint.topTrailing`: the top-trailing corner (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// SwiftUI's `UnitPoint.bottomLeading`: the bottom-leading corner (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// SwiftUI's `UnitPoint.bottomTrailing`: the bottom-trailing corner (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

// MARK: - ShapeStyle

/// Something that can paint a shape or text: a colour, a hierarchical level, a gradient.
/// Mirrors `SwiftUI.ShapeStyle`.
///
/// A style of the developer's own implements `resolve(in:)` (iOS 17), returning another style for the
/// environment where it is used (its colour scheme, rendering mode...); WidgetTerm's built-in styles implement
/// `resolvePaint(inheriting:)` instead.
public protocol ShapeStyle: Sendable {
    /// The style `resolve(in:)` returns: a custom style's own choice, or the built-in style itself.
    associatedtype Resolved: ShapeStyle = Self
    /// The paint this style resolves to, given the foreground style it inherits.
    func resolvePaint(inheriting foreground: Paint) -> Paint
    /// The style to draw in `environment`, as `ShapeStyle.resolve(in:)`.
    func resolve(in environment: EnvironmentValues) -> Resolved
}

extension ShapeStyle where Resolved == Self {
    /// A built-in style resolves to itself.
    public func resolve(in environment: EnvironmentValues) -> Self { self }
}

extension ShapeStyle {
    /// A custom style's paint: what the style its `resolve(in:)` returns for the current environment paints.
    /// A style that implements neither requirement paints the inherited foreground.
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        guard Resolved.self != Self.self else { return foreground }
        return resolve(in: EnvironmentValues.current).resolvePaint(inheriting: foreground)
    }

    /// True when the style reads the environment (a custom `resolve(in:)`, also inside `AnyShapeStyle`).
    @usableFromInline
    var resolvesInEnvironment: Bool {
        if Resolved.self != Self.self { return true }
        // A type comparison, not a cast: `as?` from a generic style is a runtime cast every time a style is resolved.
        guard Self.self == AnyShapeStyle.self else { return false }
        switch unsafeBitCast(self, to: AnyShapeStyle.self).storage {
        case .color: return false
        case .style(let style): return style.resolvesInEnvironment
        }
    }

    /// The paint in `environment`: a custom style's `resolve(in:)` is given that environment (the one where the
    /// modifier stands), not only the enclosing body's.
    @inlinable
    func resolvePaint(inheriting foreground: Paint, in environment: EnvironmentValues) -> Paint {
        guard resolvesInEnvironment else { return resolvePaint(inheriting: foreground) }
        return EnvironmentValues.withCurrent(environment) { resolvePaint(inheriting: foreground) }
    }
}

extension Color: ShapeStyle {
    /// The colour itself, whatever the inherited foreground.
    public func resolvePaint(inheriting foreground: Paint) -> Paint { .color(self) }
}

/// The hierarchical foreground levels `.primary`, `.secondary`, `.tertiary`, `.quaternary`.
/// Mirrors `SwiftUI.HierarchicalShapeStyle`.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    /// 0 primary, 1 secondary, 2 tertiary, 3 quaternary.
    public let level: Int
    package init(level: Int) { self.level = level }
    /// This level of the inherited foreground's colour; over a gradient, this level of the label colour.
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        switch foreground {
        case .color(let base): return .hierarchical(level: level, base: base)
        case .hierarchical(_, let base): return .hierarchical(level: level, base: base)
        case .linearGradient, .radialGradient, .angularGradient: return .hierarchical(level: level, base: nil)
        }
    }
    /// SwiftUI's `HierarchicalShapeStyle.primary`: level 0, the foreground colour itself (`label` by default).
    public static let primary = HierarchicalShapeStyle(level: 0)
    /// SwiftUI's `HierarchicalShapeStyle.secondary`: level 1, a custom foreground at 60 % opacity, else `secondaryLabel`.
    public static let secondary = HierarchicalShapeStyle(level: 1)
    /// SwiftUI's `HierarchicalShapeStyle.tertiary`: level 2, a custom foreground at 30 % opacity, else `tertiaryLabel`.
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    /// SwiftUI's `HierarchicalShapeStyle.quaternary`: level 3, a custom foreground at 18 % opacity, else `quaternaryLabel`.
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

/// A linear gradient, as `SwiftUI.LinearGradient`; usable as a style and as a view.
public struct LinearGradient: ShapeStyle, Hashable {
    /// The colour stops, locations 0...1 from `startPoint` to `endPoint`.
    public let stops: [GradientStop]
    /// Where location 0 of the gradient lies, in the view's unit square.
    public let startPoint: UnitPoint
    /// Where location 1 of the gradient lies, in the view's unit square.
    public let endPoint: UnitPoint

    /// A gradient with `colors` spaced evenly from `startPoint` to `endPoint`, as
    /// `LinearGradient(colors:startPoint:endPoint:)`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        let count = max(colors.count - 1, 1)
        stops = colors.enumerated().map { GradientStop(color: $1, location: Double($0) / Double(count)) }
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// A gradient with `gradient`'s stops from `startPoint` to `endPoint`, as
    /// `LinearGradient(gradient:startPoint:endPoint:)`.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        stops = gradient.stops.map { GradientStop(color: $0.color, location: $0.location) }
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// The gradient's stops between its two points; in cells each cell takes the nearest stop's colour.
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        .linearGradient(stops: stops, start: startPoint, end: endPoint)
    }
}

/// A list of colour stops, as `SwiftUI.Gradient`.
public struct Gradient: Hashable, Sendable {
    /// One stop: a colour at a location 0...1.
    public struct Stop: Hashable, Sendable {
        /// The colour at this stop.
        public var color: Color
        /// Where the stop sits along the gradient, 0...1.
        public var location: Double
        /// A stop of `color` at `location` (0...1), as `Gradient.Stop(color:location:)`.
        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }
    /// The stops in order along the gradient.
    public var stops: [Stop]
    /// Stops for `colors` spaced evenly from 0 to 1, as `Gradient(colors:)`.
    public init(colors: [Color]) {
        let count = max(colors.count - 1, 1)
        stops = colors.enumerated().map { Stop(color: $1, location: Double($0) / Double(count)) }
    }
    /// A gradient with these stops, as `Gradient(stops:)`.
    public init(stops: [Stop]) { self.stops = stops }
}

extension AnyGradient: ShapeStyle {
    /// A top-to-bottom linear gradient from the base at 85 % opacity to the base itself.
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        .linearGradient(
            stops: [
                GradientStop(color: base.opacity(0.85), location: 0),
                GradientStop(color: base, location: 1),
            ],
            start: .top, end: .bottom)
    }
}

/// The tint of the enclosing view (`.tint(_:)`), as `SwiftUI.TintShapeStyle`.
public struct TintShapeStyle: ShapeStyle {
    package init() {}
    /// The environment's tint (`.tint(_:)`), or the accent colour when none is set.
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        .color(EnvironmentValues.current.tint ?? .accentColor)
    }
}

/// A type-erased style, as `SwiftUI.AnyShapeStyle`.
public struct AnyShapeStyle: ShapeStyle {
    /// The wrapped style. A colour (the usual fill or stroke) is kept as it is: in an existential it is larger than
    /// the inline buffer, so wrapping it allocated a box for every shape a body built.
    @usableFromInline
    enum Storage: Sendable {
        case color(Color)
        case style(any ShapeStyle)
    }

    @usableFromInline let storage: Storage

    /// Wraps `style`, as `AnyShapeStyle(_:)`.
    @inlinable
    public init<S: ShapeStyle>(_ style: S) {
        // Type comparisons, not casts: `as?` from a generic style is a runtime cast.
        if S.self == Color.self {
            storage = .color(unsafeBitCast(style, to: Color.self))
        } else if S.self == AnyShapeStyle.self {
            storage = unsafeBitCast(style, to: AnyShapeStyle.self).storage
        } else {
            storage = .style(style)
        }
    }

    /// What the wrapped style resolves to.
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        switch storage {
        case .color(let color): return .color(color)
        case .style(let style): return style.resolvePaint(inheriting: foreground)
        }
    }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// SwiftUI's `ShapeStyle.primary`: hierarchical level 0 of the foreground.
    public static var primary: HierarchicalShapeStyle { .primary }
    /// SwiftUI's `ShapeStyle.secondary`: hierarchical level 1 of the foreground.
    public static var secondary: HierarchicalShapeStyle { .secondary }
    /// SwiftUI's `ShapeStyle.tertiary`: hierarchical level 2 of the foreground.
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    /// SwiftUI's `ShapeStyle.quaternary`: hierarchical level 3 of the foreground.
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// The system background of the current appearance, as `SwiftUI.BackgroundStyle` (`.background`).
public struct BackgroundStyle: ShapeStyle {
    /// The background style, as `BackgroundStyle()`.
    public init() {}
    /// The system background: white in light appearance, black in dark.
    public func resolvePaint(inheriting foreground: Paint) -> Paint { .color(Color(storage: .system(.systemBackground))) }
}

extension ShapeStyle where Self == BackgroundStyle {
    /// SwiftUI's `ShapeStyle.background`: the system background colour.
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// The system fill colours, as `SwiftUI.FillShapeStyle` (`.fill`, `.fill.secondary`...): translucent greys
/// that Xcode's widget template uses for backgrounds (`.containerBackground(.fill.tertiary, for: .widget)`).
public struct FillShapeStyle: ShapeStyle {
    /// 0 primary ... 3 quaternary.
    public let level: Int
    /// The primary fill (level 0).
    public init() { level = 0 }
    init(level: Int) { self.level = level }

    /// SwiftUI's `.fill.secondary`: systemGray at 16 % opacity.
    public var secondary: FillShapeStyle { FillShapeStyle(level: 1) }
    /// SwiftUI's `.fill.tertiary`: systemGray at 12 % opacity.
    public var tertiary: FillShapeStyle { FillShapeStyle(level: 2) }
    /// SwiftUI's `.fill.quaternary`: systemGray at 8 % opacity.
    public var quaternary: FillShapeStyle { FillShapeStyle(level: 3) }

    /// Apple's system fill opacities over systemGray (120,120,128): 0.2, 0.16, 0.12, 0.08 in light
    /// appearance (the dark values differ slightly; one set serves both here).
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        let opacity = [0.2, 0.16, 0.12, 0.08][min(max(level, 0), 3)]
        return .color(Color(red: 120 / 255, green: 120 / 255, blue: 128 / 255, opacity: opacity))
    }
}

extension ShapeStyle where Self == FillShapeStyle {
    /// SwiftUI's `ShapeStyle.fill`: the primary system fill, systemGray at 20 % opacity.
    public static var fill: FillShapeStyle { FillShapeStyle() }
}

extension ShapeStyle where Self == TintShapeStyle {
    /// SwiftUI's `ShapeStyle.tint`: the environment's tint, or the accent colour when none is set.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == Color {
    /// `.red` where a shape style is expected: `Color.red`.
    public static var red: Color { Color.red }
    /// `.orange` where a shape style is expected: `Color.orange`.
    public static var orange: Color { Color.orange }
    /// `.yellow` where a shape style is expected: `Color.yellow`.
    public static var yellow: Color { Color.yellow }
    /// `.green` where a shape style is expected: `Color.green`.
    public static var green: Color { Color.green }
    /// `.mint` where a shape style is expected: `Color.mint`.
    public static var mint: Color { Color.mint }
    /// `.teal` where a shape style is expected: `Color.teal`.
    public static var teal: Color { Color.teal }
    /// `.cyan` where a shape style is expected: `Color.cyan`.
    public static var cyan: Color { Color.cyan }
    /// `.blue` where a shape style is expected: `Color.blue`.
    public static var blue: Color { Color.blue }
    /// `.indigo` where a shape style is expected: `Color.indigo`.
    public static var indigo: Color { Color.indigo }
    /// `.purple` where a shape style is expected: `Color.purple`.
    public static var purple: Color { Color.purple }
    /// `.pink` where a shape style is expected: `Color.pink`.
    public static var pink: Color { Color.pink }
    /// `.brown` where a shape style is expected: `Color.brown`.
    public static var brown: Color { Color.brown }
    /// `.gray` where a shape style is expected: `Color.gray`.
    public static var gray: Color { Color.gray }
    /// `.black` where a shape style is expected: `Color.black`.
    public static var black: Color { Color.black }
    /// `.white` where a shape style is expected: `Color.white`.
    public static var white: Color { Color.white }
    /// `.clear` where a shape style is expected: `Color.clear`.
    public static var clear: Color { Color.clear }
    /// `.accentColor` where a shape style is expected: `Color.accentColor`.
    public static var accentColor: Color { Color.accentColor }
}

extension ShapeStyle where Self == LinearGradient {
    /// SwiftUI's `ShapeStyle.linearGradient(colors:startPoint:endPoint:)`: `colors` spaced evenly between
    /// the two points.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
}

// MARK: - Palette

/// An sRGB colour with alpha, each component 0...1: what a `Color` resolves to on a surface.
public struct RGBA: Hashable, Sendable, Codable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    /// A colour from 0...1 components; alpha defaults to opaque.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
    /// From 0...255 components.
    public init(_ red: Int, _ green: Int, _ blue: Int, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }
}

/// Apple's system colour values for one appearance (HIG "Color", iOS system colors).
public struct SystemPalette: Sendable, Equatable {
    /// The sRGB value of each system colour in this appearance.
    public var values: [SystemColor: RGBA]

    /// A palette with these values; colours it lacks resolve to grey (142, 142, 147).
    public init(values: [SystemColor: RGBA]) { self.values = values }

    /// True for a dark appearance's palette (its label colour is light): asset colours take their dark value.
    public var isDark: Bool { self[.label].red + self[.label].green + self[.label].blue > 1.5 }

    /// The value of a system colour; unknown entries fall back to grey.
    public subscript(color: SystemColor) -> RGBA { values[color] ?? RGBA(142, 142, 147) }

    /// iOS light appearance.
    public static let light = SystemPalette(values: [
        .red: RGBA(255, 59, 48), .orange: RGBA(255, 149, 0), .yellow: RGBA(255, 204, 0),
        .green: RGBA(52, 199, 89), .mint: RGBA(0, 199, 190), .teal: RGBA(48, 176, 199),
        .cyan: RGBA(50, 173, 230), .blue: RGBA(0, 122, 255), .indigo: RGBA(88, 86, 214),
        .purple: RGBA(175, 82, 222), .pink: RGBA(255, 45, 85), .brown: RGBA(162, 132, 94),
        .gray: RGBA(142, 142, 147), .black: RGBA(0, 0, 0), .white: RGBA(255, 255, 255),
        .clear: RGBA(0, 0, 0, alpha: 0),
        .label: RGBA(0, 0, 0), .secondaryLabel: RGBA(60, 60, 67, alpha: 0.6),
        .tertiaryLabel: RGBA(60, 60, 67, alpha: 0.3), .quaternaryLabel: RGBA(60, 60, 67, alpha: 0.18),
        .systemBackground: RGBA(255, 255, 255), .secondarySystemBackground: RGBA(242, 242, 247),
        .tertiarySystemBackground: RGBA(255, 255, 255),
        .systemGray2: RGBA(174, 174, 178), .systemGray3: RGBA(199, 199, 204), .systemGray4: RGBA(209, 209, 214),
        .systemGray5: RGBA(229, 229, 234), .systemGray6: RGBA(242, 242, 247),
    ])

    /// iOS dark appearance.
    public static let dark = SystemPalette(values: [
        .red: RGBA(255, 69, 58), .orange: RGBA(255, 159, 10), .yellow: RGBA(255, 214, 10),
        .green: RGBA(48, 209, 88), .mint: RGBA(99, 230, 226), .teal: RGBA(64, 200, 224),
        .cyan: RGBA(100, 210, 255), .blue: RGBA(10, 132, 255), .indigo: RGBA(94, 92, 230),
        .purple: RGBA(191, 90, 242), .pink: RGBA(255, 55, 95), .brown: RGBA(172, 142, 104),
        .gray: RGBA(142, 142, 147), .black: RGBA(0, 0, 0), .white: RGBA(255, 255, 255),
        .clear: RGBA(0, 0, 0, alpha: 0),
        .label: RGBA(255, 255, 255), .secondaryLabel: RGBA(235, 235, 245, alpha: 0.6),
        .tertiaryLabel: RGBA(235, 235, 245, alpha: 0.3), .quaternaryLabel: RGBA(235, 235, 245, alpha: 0.16),
        .systemBackground: RGBA(0, 0, 0), .secondarySystemBackground: RGBA(28, 28, 30),
        .tertiarySystemBackground: RGBA(44, 44, 46),
        .systemGray2: RGBA(99, 99, 102), .systemGray3: RGBA(72, 72, 74), .systemGray4: RGBA(58, 58, 60),
        .systemGray5: RGBA(44, 44, 46), .systemGray6: RGBA(28, 28, 30),
    ])
}

extension Color {
    /// The sRGB value of this colour in a palette (alpha included).
    public func resolved(in palette: SystemPalette) -> RGBA {
        var value: RGBA
        switch storage {
        case .system(let system): value = palette[system]
        case .rgb(let red, let green, let blue): value = RGBA(red: red, green: green, blue: blue)
        case .asset: value = palette[.gray]
        case .catalog(_, let color): value = palette.isDark ? color.dark : color.light
        }
        value.alpha *= alpha
        return value
    }
}

extension Paint {
    private static let labelLevels: [SystemColor] = [.label, .secondaryLabel, .tertiaryLabel, .quaternaryLabel]

    /// True when the paint shows one colour everywhere (not a gradient): painters resolve it once per view.
    public var isUniform: Bool {
        switch self {
        case .color, .hierarchical: return true
        case .linearGradient, .radialGradient, .angularGradient: return false
        }
    }

    /// The colour of a hierarchical level: the label colours for a nil base, else the base at the level's opacity.
    public func baseColor(at position: Double = 0) -> Color {
        switch self {
        case .color(let color): return color
        case .hierarchical(let level, let base):
            if let base { return base.opacity(HierarchicalShapeStyle.opacity(ofLevel: level)) }
            return Color(storage: .system(Self.labelLevels[min(max(level, 0), 3)]))
        case .linearGradient, .radialGradient, .angularGradient: return color(at: position) ?? .primary
        }
    }
}

extension HierarchicalShapeStyle {
    /// The opacity SwiftUI applies for a hierarchical level of a custom colour.
    public static func opacity(ofLevel level: Int) -> Double {
        switch level {
        case ...0: return 1
        case 1: return 0.6
        case 2: return 0.3
        default: return 0.18
        }
    }
}
