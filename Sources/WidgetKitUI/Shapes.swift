import Foundation

// MARK: - Shapes

/// A 2D shape that fills its frame with the foreground style, as `SwiftUI.Shape`.
public protocol Shape: PrimitiveView, Sendable {
    /// The outline kind used by the cell painter; a custom shape gets it from `path(in:)`.
    var shapeKind: ShapeKind { get }
    /// The outline in `rect` (points), as `Shape.path(in:)`: what a custom shape implements.
    func path(in rect: CGRect) -> Path
}

extension Shape {
    /// Resolves the shape to its outline filled with the environment's foreground style.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        .shape(ShapeNode(kind: shapeKind, fill: context.environment.foregroundStyle))
    }

    /// Fills the shape with a style, as `Shape.fill(_:style:)`.
    @inlinable
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> ShapeView {
        ShapeView(kind: shapeKind, fill: AnyShapeStyle(content))
    }

    /// Fills the shape with the foreground style, as `Shape.fill(style:)` (written `.fill()`): what the shape draws
    /// without a modifier, as a `ShapeView` a stroke can follow.
    @inlinable
    public func fill(style: FillStyle = FillStyle()) -> ShapeView {
        fill(ForegroundStyle(), style: style)
    }

    /// Strokes the outline with the foreground style, as `Shape.stroke(lineWidth:)`; `lineWidth` in points.
    @inlinable
    public func stroke(lineWidth: Double = 1) -> ShapeView {
        stroke(ForegroundStyle(), lineWidth: lineWidth)
    }

    /// Strokes the outline with the foreground style and a stroke style, as `Shape.stroke(style:)`.
    @inlinable
    public func stroke(style: StrokeStyle) -> ShapeView {
        stroke(ForegroundStyle(), lineWidth: style.lineWidth)
    }

    /// Strokes the outline, as `Shape.stroke(_:lineWidth:)`; `lineWidth` in points.
    @inlinable
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> ShapeView {
        ShapeView(kind: shapeKind, stroke: AnyShapeStyle(content), lineWidth: lineWidth)
    }

    /// Strokes the outline with a stroke style.
    @inlinable
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> ShapeView {
        ShapeView(kind: shapeKind, stroke: AnyShapeStyle(content), lineWidth: style.lineWidth)
    }

    /// Strokes the outline inside its frame, as `Shape.strokeBorder(_:lineWidth:)`.
    @inlinable
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> ShapeView {
        stroke(content, lineWidth: lineWidth)
    }
}

/// The foreground style a view inherits, as `SwiftUI.ForegroundStyle` (`.foreground`): what a shape without a
/// style paints with.
public struct ForegroundStyle: ShapeStyle, Hashable {
    /// The inherited foreground style, as `ForegroundStyle()`.
    public init() {}
    /// The inherited foreground itself.
    public func resolvePaint(inheriting foreground: Paint) -> Paint { foreground }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The foreground style the view inherits, as `ShapeStyle.foreground`.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// Fill options, as `SwiftUI.FillStyle`; accepted for source compatibility.
public struct FillStyle: Sendable {
    /// Fill options, as `FillStyle(eoFill:antialiased:)`; cells fill every shape the same way, so both are ignored.
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// Stroke options, as `SwiftUI.StrokeStyle`; only the width (points) matters in cells.
public struct StrokeStyle: Sendable {
    /// The stroke's width, in points.
    public var lineWidth: Double
    /// A stroke `lineWidth` points wide, as `StrokeStyle(lineWidth:lineCap:lineJoin:dash:)`; cap, join and dash are ignored in cells.
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, dash: [Double] = []) {
        self.lineWidth = lineWidth
    }
    /// Line ends, as `CGLineCap`; ignored in cells.
    public enum LineCap: Sendable { case butt, round, square }
    /// Line joins, as `CGLineJoin`; ignored in cells.
    public enum LineJoin: Sendable { case miter, round, bevel }
}

/// A shape with its fill or stroke decided.
public struct ShapeView: PrimitiveView {
    let kind: ShapeKind
    var fill: AnyShapeStyle?
    var stroke: AnyShapeStyle?
    var lineWidth: Double = 1

    @usableFromInline
    init(kind: ShapeKind, fill: AnyShapeStyle? = nil, stroke: AnyShapeStyle? = nil, lineWidth: Double = 1) {
        self.kind = kind
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
    }

    /// Strokes the outline of a filled shape too, as `Shape.fill(_:).stroke(_:lineWidth:)` (iOS 17).
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> ShapeView {
        ShapeView(kind: kind, fill: fill, stroke: AnyShapeStyle(content), lineWidth: lineWidth)
    }

    /// Strokes the outline of a filled shape with a stroke style (iOS 17).
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> ShapeView {
        stroke(content, lineWidth: style.lineWidth)
    }

    /// Resolves to the outline with its fill and stroke, each style inheriting the environment's foreground style.
    public func resolve(in context: ResolveContext) -> ViewNode {
        let inherited = context.environment.foregroundStyle
        return .shape(
            ShapeNode(
                kind: kind, fill: fill?.resolvePaint(inheriting: inherited, in: context.environment),
                stroke: stroke?.resolvePaint(inheriting: inherited, in: context.environment), lineWidth: lineWidth))
    }
}

/// A rectangle, as `SwiftUI.Rectangle`.
public struct Rectangle: Shape {
    /// A rectangle filling its frame.
    public init() {}
    /// The rectangle outline.
    public var shapeKind: ShapeKind { .rectangle }
}

/// A rectangle with rounded corners, as `SwiftUI.RoundedRectangle`; radius in points.
public struct RoundedRectangle: Shape {
    /// The corner radius, in points.
    public let cornerRadius: Double
    /// Corners of `cornerRadius` points, as `RoundedRectangle(cornerRadius:style:)`; the style is ignored in cells.
    public init(cornerRadius: Double, style: RoundedCornerStyle = .continuous) { self.cornerRadius = cornerRadius }
    /// Corners of `cornerSize`, as `RoundedRectangle(cornerSize:style:)`; only the width is used, as the radius in points.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { cornerRadius = cornerSize.width }
    /// The rounded-rectangle outline with this corner radius.
    public var shapeKind: ShapeKind { .roundedRectangle(cornerRadius: cornerRadius) }
}

/// Corner curve styles, as `SwiftUI.RoundedCornerStyle`.
public enum RoundedCornerStyle: Sendable { case circular, continuous }

/// A capsule, as `SwiftUI.Capsule`.
public struct Capsule: Shape {
    /// A capsule, as `Capsule(style:)`; the corner style is ignored in cells.
    public init(style: RoundedCornerStyle = .continuous) {}
    /// The capsule outline: a rectangle with half-circle ends on its shorter side.
    public var shapeKind: ShapeKind { .capsule }
}

/// A circle, as `SwiftUI.Circle`.
public struct Circle: Shape {
    /// A circle, centred, as wide as the shorter side of its frame.
    public init() {}
    /// The circle outline.
    public var shapeKind: ShapeKind { .circle }
}

/// An ellipse, as `SwiftUI.Ellipse`.
public struct Ellipse: Shape {
    /// An ellipse filling its frame.
    public init() {}
    /// The ellipse outline.
    public var shapeKind: ShapeKind { .ellipse }
}

/// The widget's own corner shape, as `SwiftUI.ContainerRelativeShape`.
public struct ContainerRelativeShape: Shape {
    /// The widget's corner shape, as `ContainerRelativeShape()`.
    public init() {}
    /// The container-relative outline: rounded as the widget's corners are.
    public var shapeKind: ShapeKind { .containerRelative }
}

extension Color: PrimitiveView {
    /// A colour is a primitive view: it has no body.
    public typealias Body = Never
    /// A colour used as a view fills its frame.
    public func resolve(in context: ResolveContext) -> ViewNode { .shape(ShapeNode(kind: .rectangle, fill: .color(self))) }
}

extension LinearGradient: PrimitiveView {
    /// A linear gradient is a primitive view: it has no body.
    public typealias Body = Never
    /// Resolves the gradient, used as a view, to a rectangle filled with it.
    public func resolve(in context: ResolveContext) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: resolvePaint(inheriting: .primary)))
    }
}

extension ShapeStyle where Self: View {}
