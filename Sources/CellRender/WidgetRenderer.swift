import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Widget composition

/// Everything that decides how one widget render looks, besides the view tree.
public struct WidgetRenderOptions: Sendable {
    /// The widget family, which sets the size and the family's rules (margins, container background).
    public var family: WidgetFamily
    /// The simulated device whose family sizes, in points, become the widget's cells.
    public var device: DeviceProfile
    /// The iOS major version whose rules apply (container background, links).
    public var osVersion: Int
    /// The colour scheme, palette, rendering mode and surface the widget is painted in.
    public var style: PaintStyle
    /// The moment shown: formats system text and drives timer progress.
    public var date: Date
    /// How system text (dates, timers, relative times) is formatted, with its locale and time zone.
    public var format: SystemTextFormat
    /// Points per column and row: how points become cells.
    public var metric: CellMetric
    /// `contentMarginsDisabled()` on the configuration.
    public var contentMarginsDisabled: Bool
    /// True where iOS removes the container background even in full colour (iPhone StandBy, CarPlay).
    public var removesContainerBackground = false
    /// The text size category widget code sees (`\.dynamicTypeSize`); text styles take its point sizes.
    public var dynamicTypeSize: DynamicTypeSize = .large

    /// Options for rendering a `family` widget on `device` and iOS `osVersion` at `date`; by default the
    /// standard cell metric and content margins on.
    public init(
        family: WidgetFamily, device: DeviceProfile = .default, osVersion: Int = 26, style: PaintStyle, date: Date,
        format: SystemTextFormat = SystemTextFormat(), metric: CellMetric = .standard, contentMarginsDisabled: Bool = false
    ) {
        self.family = family
        self.device = device
        self.osVersion = osVersion
        self.style = style
        self.date = date
        self.format = format
        self.metric = metric
        self.contentMarginsDisabled = contentMarginsDisabled
    }

    /// The family's grid on the device, in cells.
    public var cellSize: CellSize {
        device.cells(of: family, metric: metric) ?? CellSize(width: 21, height: 10)
    }

    /// The content margins iOS 17+ applies (16 pt for system families; none for accessories or when disabled).
    public var contentMargins: CellInsets {
        guard osVersion >= 17, !contentMarginsDisabled, !family.isAccessory else { return .zero }
        return CellInsets(top: metric.rows(16), leading: metric.columns(16), bottom: metric.rows(16), trailing: metric.columns(16))
    }

    /// The environment a widget body sees for this render.
    public func environment(base: EnvironmentValues = EnvironmentValues()) -> EnvironmentValues {
        var environment = base
        environment.widgetFamily = family
        environment.colorScheme = style.colorScheme
        environment.widgetRenderingMode = style.renderingMode
        environment.showsWidgetContainerBackground = !family.isAccessory && style.renderingMode == .fullColor && !removesContainerBackground
        environment.locale = format.locale
        environment.layoutDirection = LayoutDirection(locale: format.locale)
        environment.timeZone = format.timeZone
        environment.displayScale = device.displayScale
        environment.dynamicTypeSize = dynamicTypeSize
        if let size = device.size(of: family) {
            let margin: Double = (osVersion >= 17 && !contentMarginsDisabled && !family.isAccessory) ? 16 : 0
            environment.containerSize = CGSize(width: size.width - 2 * margin, height: size.height - 2 * margin)
            environment.widgetContentMargins = EdgeInsets(top: margin, leading: margin, bottom: margin, trailing: margin)
        }
        return environment
    }
}

/// Lays out and paints a resolved widget in its family's cell grid: the container background over the
/// whole widget shape with rounded corners, then the content inside the content margins.
public enum WidgetRenderer {
    /// The text iOS 17+ shows in place of a widget that has no container background.
    public static let adoptContainerBackgroundText = "Please adopt containerBackground API"

    /// Renders `content` (with its `containerBackground`, if any) for `options`.
    public static func render(
        content: ViewNode, containerBackground: ViewNode?, diagnostics: [ResolveDiagnostic],
        options: WidgetRenderOptions
    ) -> Frame {
        let size = options.cellSize
        let layoutEnvironment = LayoutEnvironment(
            metric: options.metric, date: options.date, format: options.format,
            symbolWidth: symbolWidth(for: options.style))
        var painter = Painter(size: size, style: options.style, date: options.date, format: options.format)
        painter.osVersion = options.osVersion
        // The adopt-API text and the error state are drawn by the system, not the widget: never tinted.
        var systemStyle = options.style
        systemStyle.renderingMode = .fullColor
        systemStyle.prefersNarrowSymbols = false
        let whole = CellRect(x: 0, y: 0, width: size.width, height: size.height)
        var diagnostics = LiquidGlassChecks.applyingOSVersion(options.osVersion, to: diagnostics)
        var content = content
        diagnostics += TimerFrameCheck.diagnostics(in: content, at: options.date)
        if options.family == .accessoryInline {
            let inline = InlineAccessory.line(from: content)
            content = inline.line
            if !inline.ignored.isEmpty { diagnostics.append(InlineAccessory.diagnostic(ignored: inline.ignored)) }
        }

        if diagnostics.contains(where: \.isFatalToRender) {
            painter = Painter(size: size, style: systemStyle, date: options.date, format: options.format)
            paintMessage("⚠ Widget error", detail: "see diagnostics", in: whole, options: options, painter: &painter)
            return finish(painter, diagnostics)
        }
        let missingBackground = containerBackground == nil
        if missingBackground && options.osVersion >= 17 {
            diagnostics.append(
                ResolveDiagnostic(
                    code: "missing-container-background",
                    message:
                        "No .containerBackground(for: .widget): iOS \(options.osVersion) shows \"\(adoptContainerBackgroundText)\" instead of the content. "
                        + "Move the background into .containerBackground(for: .widget) { ... } (a .background(...) is not a container background)."
                ))
            painter = Painter(size: size, style: systemStyle, date: options.date, format: options.format)
            paintMessage(adoptContainerBackgroundText, detail: nil, in: whole, options: options, painter: &painter)
            return finish(painter, diagnostics)
        }
        let isSystem = !options.family.isAccessory
        // The container background: drawn in full colour, replaced by the theme's glass or tint in accented
        // mode, removed in vibrant mode and where the surface removes it (StandBy). A `.background(...)` in the
        // content is content: it stays in every mode and takes the mode's colour transform like any view.
        var paintedContainer = false
        // Before iOS 17 there is no container background: a widget without a background of its own sits on the
        // system background, white in light appearance and black in dark (docs/DECISIONS.md).
        let containerBackground =
            containerBackground
            ?? (options.osVersion < 17 && isSystem ? Self.systemBackgroundBeforeIOS17 : nil)
        if let containerBackground, isSystem, !options.removesContainerBackground {
            switch options.style.renderingMode {
            case .fullColor:
                let placed = CellLayout.layout(containerBackground, in: size, environment: layoutEnvironment)
                painter.paint(placed)
                paintedContainer = true
            case .accented:
                if let material = options.style.containerMaterial, material.alpha > 0 {
                    painter.fillSystemMaterial(whole, color: material)
                    paintedContainer = true
                }
            case .vibrant:
                break
            }
        }
        let contentRect = whole.inset(by: options.contentMargins)
        var placed = CellLayout.layout(content, in: contentRect.size, environment: layoutEnvironment)
        placed = translate(placed, x: contentRect.x, y: contentRect.y)
        painter.paint(placed)
        // The widget is clipped to its rounded shape: content that reaches a corner cell gives way to the corner, and
        // what the corner cut is reported (iOS shows no sign of it).
        if paintedContainer {
            let underCorners = CornerClippedContent.find(
                runs: painter.textRuns, in: painter.buffer, widget: whole,
                rightToLeft: LayoutDirection(locale: options.format.locale) == .rightToLeft)
            diagnostics += underCorners.map { $0.diagnostic(family: options.family) }
            painter.roundCorners(of: whole, kind: .containerRelative, clippingContent: true)
        }
        diagnostics += ClearGlassContrastCheck.diagnostics(in: placed, frame: painter.frame, surface: options.style.surfaceForBlending)
        let overflow = ContentOverflow.of(placed, within: whole)
        if overflow.isClipped {
            painter.markClippedEdges(of: whole, overflow)
            diagnostics.append(overflow.diagnostic(family: options.family, size: size))
        }
        return finish(painter, diagnostics)
    }

    /// What iOS 14–16 draw behind a system-family widget that has no background of its own: the system
    /// background colour (`UIColor.systemBackground`) over the whole widget shape.
    static let systemBackgroundBeforeIOS17 = ViewNode.shape(
        ShapeNode(kind: .rectangle, fill: .color(Color(storage: .system(.systemBackground)))))

    private static func finish(_ painter: Painter, _ diagnostics: [ResolveDiagnostic]) -> Frame {
        var frame = painter.frame
        frame.diagnostics = diagnostics + frame.diagnostics
        return frame
    }

    /// A plain message in the widget's shape (used for the adopt-API text and the error state).
    static func paintMessage(_ message: String, detail: String?, in rect: CellRect, options: WidgetRenderOptions, painter: inout Painter) {
        let background = Color(storage: .system(.secondarySystemBackground))
        var children: [ViewNode] = [
            .text(
                TextNode(
                    runs: [
                        TextRun(
                            content: .verbatim(message), font: .caption,
                            foreground: .hierarchical(level: 0, base: nil))
                    ],
                    lineLimit: nil, alignment: .center))
        ]
        if let detail {
            children.append(
                .text(
                    TextNode(
                        runs: [
                            TextRun(
                                content: .verbatim(detail), font: .caption2,
                                foreground: .hierarchical(level: 1, base: nil))
                        ],
                        lineLimit: 1, alignment: .center)))
        }
        let isSystem = !options.family.isAccessory
        let node = ViewNode.modified(
            .stack(StackNode(axis: .vertical, alignment: .center, spacing: nil, children: children)),
            .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, isFixed: false)))
        let tree =
            isSystem
            ? ViewNode.modified(node, .background(.shape(ShapeNode(kind: .rectangle, fill: .color(background))), alignment: .center)) : node
        var environment = LayoutEnvironment(
            metric: options.metric, date: options.date, format: options.format,
            symbolWidth: SymbolTable.displayWidth(forSystemName:))
        // Every character of the system's message is shown, wrapped by its glyphs: nothing hidden behind `⋯`.
        environment.measuresTextInPoints = false
        painter.paint(CellLayout.layout(tree, in: rect.size, environment: environment))
        if isSystem { painter.roundCorners(of: rect, kind: .containerRelative) }
    }

    /// The width layout measures a symbol with: the glyph the painter will draw (the one-column fallback in
    /// the monochrome modes), so layout and paint agree.
    public static func symbolWidth(for style: PaintStyle) -> @Sendable (String) -> Int {
        guard style.usesNarrowSymbols else { return SymbolTable.displayWidth(forSystemName:) }
        return { name in SymbolTable.glyph(forSystemName: name).map { DisplayWidth.of($0.fallback) } ?? 1 }
    }

    /// Moves a placed tree by (x, y) cells.
    public static func translate(_ node: PlacedNode, x: Int, y: Int) -> PlacedNode {
        guard x != 0 || y != 0 else { return node }
        var moved = node
        moved.frame.x += x
        moved.frame.y += y
        moved.children = node.children.map { translate($0, x: x, y: y) }
        if case .text(let text, let lines) = node.content { moved.content = .text(text, lines: lines) }
        return moved
    }
}
