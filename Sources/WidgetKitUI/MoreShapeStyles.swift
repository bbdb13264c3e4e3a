import Foundation

// MARK: - Radial and angular gradients

/// A radial gradient, as `SwiftUI.RadialGradient`: its stops run from `startRadius` to `endRadius` (points)
/// around `center`. Usable as a style and as a view; each cell takes the nearest stop at its centre.
public struct RadialGradient: ShapeStyle, PrimitiveView, Hashable {
    /// The colour stops, locations 0...1 from `startRadius` out to `endRadius`.
    public let stops: [GradientStop]
    /// The centre of the circles, in unit coordinates of the filled area.
    public let center: UnitPoint
    /// The radius, in points, where the first stop is drawn.
    public let startRadius: Double
    /// The radius, in points, where the last stop is drawn.
    public let endRadius: Double

    /// Evenly spaced `colors` from `startRadius` to `endRadius` points around `center`, as `RadialGradient(colors:center:startRadius:endRadius:)`.
    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// The stops of `gradient` from `startRadius` to `endRadius` points around `center`, as `RadialGradient(gradient:center:startRadius:endRadius:)`.
    public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
        stops = gradient.stops.map { GradientStop(color: $0.color, location: $0.location) }
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    /// `stops` from `startRadius` to `endRadius` points around `center`, as `RadialGradient(stops:center:startRadius:endRadius:)`.
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// The radial-gradient paint; it ignores the inherited foreground.
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        .radialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// Resolves the gradient, used as a view, to a rectangle filled with it.
    public func resolve(in context: ResolveContext) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: resolvePaint(inheriting: .primary)))
    }
}

/// An angular (conic) gradient, as `SwiftUI.AngularGradient`: its stops run clockwise around `center` from
/// `startAngle` (0 is 3 o'clock) to `endAngle`. Usable as a style and as a view.
public struct AngularGradient: ShapeStyle, PrimitiveView, Hashable {
    /// The colour stops, locations 0...1 as fractions of a whole clockwise turn from 3 o'clock.
    public let stops: [GradientStop]
    /// The gradient's centre, in unit coordinates of the filled area.
    public let center: UnitPoint

    /// Evenly spaced `colors` clockwise from `startAngle` to `endAngle` around `center`, as `AngularGradient(colors:center:startAngle:endAngle:)`.
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// The stops of `gradient` clockwise from `startAngle` to `endAngle` around `center`, as `AngularGradient(gradient:center:startAngle:endAngle:)`.
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        // Stops are kept as fractions of a whole turn from 3 o'clock.
        let start = startAngle.degrees / 360, span = (endAngle.degrees - startAngle.degrees) / 360
        stops = gradient.stops.map { stop in
            var location = (start + stop.location * span).truncatingRemainder(dividingBy: 1)
            if location < 0 { location += 1 }
            return GradientStop(color: stop.color, location: location)
        }
        self.center = center
    }

    /// A conic gradient over a whole turn from `angle`, as `AngularGradient(gradient:center:angle:)`.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }

    /// The angular-gradient paint; it ignores the inherited foreground.
    public func resolvePaint(inheriting foreground: Paint) -> Paint { .angularGradient(stops: stops, center: center) }

    /// Resolves the gradient, used as a view, to a rectangle filled with it.
    public func resolve(in context: ResolveContext) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: resolvePaint(inheriting: .primary)))
    }
}

extension Angle {
    /// The sum of two angles.
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    /// The difference of two angles.
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient style, as `ShapeStyle.radialGradient(colors:center:startRadius:endRadius:)`.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// A radial gradient style, as `ShapeStyle.radialGradient(_:center:startRadius:endRadius:)`.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient style, as `ShapeStyle.angularGradient(colors:center:startAngle:endAngle:)`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A conic gradient style, as `ShapeStyle.conicGradient(colors:center:angle:)`.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
}

// MARK: - Materials

/// A translucent material, as `SwiftUI.Material` (`.ultraThinMaterial` ... `.ultraThickMaterial`, `.bar`).
///
/// A terminal cannot blur what is behind a cell: a material is drawn as the system background of the
/// appearance at the material's opacity (ultra thin 0.3, thin 0.45, regular 0.6, thick 0.75, ultra thick
/// 0.9, bar 0.8), and `material-not-blurred` says so (docs/DECISIONS.md).
public struct Material: ShapeStyle, Hashable {
    /// The material's name, as written in Swift.
    public let name: String
    /// The opacity of the system background it is drawn as.
    public let opacity: Double

    // swift-format-ignore: DontRepeatTypeInStaticProperties
    /// SwiftUI's `Material.ultraThinMaterial`: the system background at opacity 0.3.
    public static let ultraThinMaterial = Material(name: "ultraThinMaterial", opacity: 0.3)
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    /// SwiftUI's `Material.thinMaterial`: the system background at opacity 0.45.
    public static let thinMaterial = Material(name: "thinMaterial", opacity: 0.45)
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    /// SwiftUI's `Material.regularMaterial`: the system background at opacity 0.6.
    public static let regularMaterial = Material(name: "regularMaterial", opacity: 0.6)
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    /// SwiftUI's `Material.thickMaterial`: the system background at opacity 0.75.
    public static let thickMaterial = Material(name: "thickMaterial", opacity: 0.75)
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    /// SwiftUI's `Material.ultraThickMaterial`: the system background at opacity 0.9.
    public static let ultraThickMaterial = Material(name: "ultraThickMaterial", opacity: 0.9)
    /// SwiftUI's `Material.bar`: the system background at opacity 0.8.
    public static let bar = Material(name: "bar", opacity: 0.8)

    /// The system background at this material's opacity, reporting `material-not-blurred` since cells cannot blur.
    public func resolvePaint(inheriting foreground: Paint) -> Paint {
        ResolveSink.current?.report(
            ResolveDiagnostic(
                code: "material-not-blurred",
                message: ".\(name) is drawn as the system background at opacity \(opacity): a terminal cannot blur "
                    + "what is behind it. iOS blurs the content behind the material."))
        return .color(Color(storage: .system(.systemBackground)).opacity(opacity))
    }
}

extension ShapeStyle where Self == Material {
    /// The ultra-thin material as a shape style, as `ShapeStyle.ultraThinMaterial`.
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    /// The thin material as a shape style, as `ShapeStyle.thinMaterial`.
    public static var thinMaterial: Material { .thinMaterial }
    /// The regular material as a shape style, as `ShapeStyle.regularMaterial`.
    public static var regularMaterial: Material { .regularMaterial }
    /// The thick material as a shape style, as `ShapeStyle.thickMaterial`.
    public static var thickMaterial: Material { .thickMaterial }
    /// The ultra-thick material as a shape style, as `ShapeStyle.ultraThickMaterial`.
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    /// The bar material as a shape style, as `ShapeStyle.bar`.
    public static var bar: Material { .bar }
}

// MARK: - Tint with a gradient, background with no style

extension View {
    /// Tints gauges and progress views below with a gradient, as `View.tint(_:)` with a `Gradient`. A gauge is
    /// drawn in the gradient's colour at its value (the nearest stop), not along its whole length, and
    /// `gradient-tint-drawn-approximately` says so; other controls take the first stop.
    public consuming func tint(_ gradient: Gradient) -> EnvironmentModifiedView<Self> {
        let stops = gradient.stops.map { GradientStop(color: $0.color, location: $0.location) }
        return environmentModified {
            $0.tint = stops.first?.color
            $0.tintGradient = .linearGradient(stops: stops, start: .leading, end: .trailing)
            ResolveSink.current?.report(
                ResolveDiagnostic(
                    code: "gradient-tint-drawn-approximately",
                    message: ".tint(Gradient): a gauge is drawn in the gradient's colour at its value; iOS draws the "
                        + "gradient along the gauge."))
        }
    }

    /// Fills the area behind this view with the system background, as `View.background(ignoresSafeAreaEdges:)`.
    public consuming func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> StyleDecoratedView<Self, BackgroundStyle> {
        background(BackgroundStyle(), ignoresSafeAreaEdges: edges)
    }
}
