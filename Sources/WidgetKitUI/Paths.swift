import Foundation

// MARK: - Path: custom outlines

/// A resolved custom outline: polylines in points, with the size of the rectangle they were drawn in.
///
/// Curves are flattened into line segments when the path is built. The painter scales the points from
/// `referenceSize` to the view's frame; a nil `referenceSize` means a bare `Path` view, whose points are
/// the view's own coordinates (8 points a column, 17 a row).
public struct PathOutline: Equatable, Sendable, Codable {
    /// A point of an outline, in points.
    public struct Point: Equatable, Sendable, Codable {
        /// Horizontal position, in points from the left of the reference rectangle.
        public var x: Double
        /// Vertical position, in points down from the top of the reference rectangle.
        public var y: Double
        /// The point at `x`, `y` points.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// One connected run of line segments; a closed one also joins its last point to its first.
    public struct Subpath: Equatable, Sendable, Codable {
        /// The run's points in drawing order, in points; curves are already flattened.
        public var points: [Point]
        /// True when the last point joins back to the first.
        public var isClosed: Bool
    }

    /// The outline's connected runs, each drawn on its own.
    public var subpaths: [Subpath]
    /// The size (points) of the rectangle `path(in:)` was given; nil for a bare `Path`.
    public var referenceSize: CGSize?

    /// An outline of `subpaths`, drawn in a rectangle of `referenceSize` points (nil for a bare `Path`).
    public init(subpaths: [Subpath], referenceSize: CGSize?) {
        self.subpaths = subpaths
        self.referenceSize = referenceSize
    }
}

/// An outline made of lines, curves and arcs, as `SwiftUI.Path`; usable as a shape and as a view.
///
/// Quadratic and cubic curves and arcs are kept as 16 line segments each, finer than a braille dot at
/// widget sizes.
public struct Path: Shape, Equatable {
    var subpaths: [PathOutline.Subpath] = []

    /// An empty path.
    public init() {}
    /// A path built by `callback`, as `Path(_:)`.
    public init(_ callback: (inout Path) -> Void) { callback(&self) }
    /// A rectangle's outline, as `Path(_:)` with a `CGRect`.
    public init(_ rect: CGRect) { addRect(rect) }
    /// An ellipse inscribed in `rect`, as `Path(ellipseIn:)`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }
    /// A rounded rectangle, as `Path(roundedRect:cornerRadius:style:)`; radius in points.
    public init(roundedRect rect: CGRect, cornerRadius: Double, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A bare path is drawn at its own coordinates in the view's frame.
    public var shapeKind: ShapeKind { .path(PathOutline(subpaths: subpaths, referenceSize: nil)) }
    /// A path is its own outline, whatever the rectangle.
    public func path(in rect: CGRect) -> Path { self }

    /// True when the path has no points.
    public var isEmpty: Bool { subpaths.allSatisfy { $0.points.isEmpty } }

    /// The smallest rectangle holding every point, as `Path.boundingRect`.
    public var boundingRect: CGRect {
        let points = subpaths.flatMap(\.points)
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The point the next segment starts from, as `Path.currentPoint`.
    public var currentPoint: CGPoint? {
        guard let point = subpaths.last?.points.last else { return nil }
        return CGPoint(x: point.x, y: point.y)
    }

    /// Starts a new subpath at `point`, as `Path.move(to:)`.
    public mutating func move(to point: CGPoint) {
        subpaths.append(PathOutline.Subpath(points: [Self.point(point)], isClosed: false))
    }

    /// A straight line to `point`, as `Path.addLine(to:)`.
    public mutating func addLine(to point: CGPoint) {
        if subpaths.isEmpty || subpaths[subpaths.count - 1].isClosed {
            move(to: currentPoint ?? point)
        }
        subpaths[subpaths.count - 1].points.append(Self.point(point))
    }

    /// Straight lines through `points`, the first starting a new subpath, as `Path.addLines(_:)`.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A quadratic Bézier curve, as `Path.addQuadCurve(to:control:)`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        let start = currentPoint ?? end
        for step in 1...16 {
            let t = Double(step) / 16, u = 1 - t
            addLine(
                to: CGPoint(
                    x: u * u * start.x + 2 * u * t * control.x + t * t * end.x,
                    y: u * u * start.y + 2 * u * t * control.y + t * t * end.y))
        }
    }

    /// A cubic Bézier curve, as `Path.addCurve(to:control1:control2:)`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        let start = currentPoint ?? end
        for step in 1...16 {
            let t = Double(step) / 16, u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            addLine(
                to: CGPoint(
                    x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                    y: a * start.y + b * control1.y + c * control2.y + d * end.y))
        }
    }

    /// A circular arc, as `Path.addArc(center:radius:startAngle:endAngle:clockwise:)`. Angles run from the
    /// positive x axis towards positive y (down the screen); `clockwise` is in SwiftUI's flipped sense, so
    /// `clockwise: false` sweeps with increasing angle. A line joins the current point to the arc's start.
    public mutating func addArc(
        center: CGPoint, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool
    ) {
        var sweep = endAngle.radians - startAngle.radians
        if clockwise {
            while sweep > 0 { sweep -= 2 * .pi }
        } else {
            while sweep < 0 { sweep += 2 * .pi }
        }
        let begin = CGPoint(
            x: center.x + radius * cos(startAngle.radians), y: center.y + radius * sin(startAngle.radians))
        if currentPoint == nil || subpaths.last?.isClosed == true { move(to: begin) } else { addLine(to: begin) }
        for step in 1...16 {
            let angle = startAngle.radians + sweep * Double(step) / 16
            addLine(to: CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
        }
    }

    /// A closed rectangle, as `Path.addRect(_:)`.
    public mutating func addRect(_ rect: CGRect) {
        addLines([
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ])
        closeSubpath()
    }

    /// A closed rounded rectangle, as `Path.addRoundedRect(in:cornerSize:style:)`.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        let radius = min(cornerSize.width, rect.width / 2, rect.height / 2)
        guard radius > 0 else { return addRect(rect) }
        move(to: CGPoint(x: rect.minX + radius, y: rect.minY))
        addArc(
            center: CGPoint(x: rect.maxX - radius, y: rect.minY + radius), radius: radius, startAngle: .degrees(-90),
            endAngle: .degrees(0), clockwise: false)
        addArc(
            center: CGPoint(x: rect.maxX - radius, y: rect.maxY - radius), radius: radius, startAngle: .degrees(0),
            endAngle: .degrees(90), clockwise: false)
        addArc(
            center: CGPoint(x: rect.minX + radius, y: rect.maxY - radius), radius: radius, startAngle: .degrees(90),
            endAngle: .degrees(180), clockwise: false)
        addArc(
            center: CGPoint(x: rect.minX + radius, y: rect.minY + radius), radius: radius, startAngle: .degrees(180),
            endAngle: .degrees(270), clockwise: false)
        closeSubpath()
    }

    /// A closed ellipse inscribed in `rect`, starting at its trailing middle, as `Path.addEllipse(in:)`.
    public mutating func addEllipse(in rect: CGRect) {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        move(to: CGPoint(x: rect.maxX, y: rect.midY))
        for step in 1...32 {
            let angle = 2 * Double.pi * Double(step) / 32
            addLine(
                to: CGPoint(x: center.x + rect.width / 2 * cos(angle), y: center.y + rect.height / 2 * sin(angle)))
        }
        closeSubpath()
    }

    /// Another path's subpaths, as `Path.addPath(_:)`.
    public mutating func addPath(_ path: Path) { subpaths += path.subpaths }

    /// Closes the current subpath, as `Path.closeSubpath()`.
    public mutating func closeSubpath() {
        guard !subpaths.isEmpty else { return }
        subpaths[subpaths.count - 1].isClosed = true
    }

    static func point(_ point: CGPoint) -> PathOutline.Point { PathOutline.Point(x: point.x, y: point.y) }
}

extension Shape {
    /// The rectangle (points) a custom shape's `path(in:)` is drawn in; the painter scales it to the frame.
    public static var pathReferenceRect: CGRect { CGRect(x: 0, y: 0, width: 160, height: 160) }

    /// A custom shape's outline is its `path(in:)` in `pathReferenceRect`, scaled to its frame when painted.
    public var shapeKind: ShapeKind {
        let rect = Self.pathReferenceRect
        return .path(PathOutline(subpaths: path(in: rect).subpaths, referenceSize: rect.size))
    }

    /// A built-in shape's outline in `rect`, as `Shape.path(in:)`.
    public func path(in rect: CGRect) -> Path {
        switch shapeKind {
        case .circle:
            let side = min(rect.width, rect.height)
            return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
        case .ellipse: return Path(ellipseIn: rect)
        case .roundedRectangle(let radius): return Path(roundedRect: rect, cornerRadius: radius)
        case .capsule: return Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
        case .path(let outline) where outline.referenceSize == nil:
            var path = Path()
            path.subpaths = outline.subpaths
            return path
        default: return Path(rect)
        }
    }

    /// Part of the shape's outline, as `Shape.trim(from:to:)`: fractions 0...1 of the outline, starting at the
    /// trailing middle (3 o'clock) and running clockwise. Stroked, it draws a ring's progress arc.
    public func trim(from startFraction: Double = 0, to endFraction: Double = 1) -> TrimmedShape {
        TrimmedShape(base: shapeKind, from: min(max(startFraction, 0), 1), to: min(max(endFraction, 0), 1))
    }
}

/// A shape cut to part of its outline (`Shape.trim(from:to:)`).
public struct TrimmedShape: Shape {
    let base: ShapeKind
    let from: Double
    let to: Double
    /// The outline of the base shape, cut to the fractions `from`...`to`.
    public var shapeKind: ShapeKind { .trimmed(base, from: from, to: to) }
}

/// Whether an element is shown, as `SwiftUI.Visibility`.
public enum Visibility: Hashable, Sendable, CaseIterable {
    /// The element's default: for chart axes, shown.
    case automatic
    case visible
    case hidden
}
