import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Legibility, measured

/// The legibility checks (ARCHITECTURE.md "Diagnostics"; issue 3):
///
/// - `contrast`: the WCAG 2.x contrast ratio of every painted text run and symbol against the cells really
///   behind it after the mode's transform; below 4.5:1 (3:1 for large text: ≥ 18 pt, or ≥ 14 pt bold) is an
///   error (`low-contrast`). WCAG 2.2 SC 1.4.3 "Contrast (Minimum)".
/// - `hueOnly`: elements (text runs, symbols, filled shapes) that differ only in colour, by ΔE2000 ≥ 20 in full
///   colour, and that the mode renders within ΔE2000 < 5 of each other, lose the meaning their hue carried: a
///   warning (`hue-only`). WCAG 2.2 SC 1.4.1 "Use of Color".
/// - `flattenedImages`: an asset image that accented mode flattens to one tint (`image-flattened`, warning).
public enum LegibilityCheck {
    /// WCAG 2.x minimum for normal text.
    public static let normalTextMinimum = 4.5
    /// WCAG 2.x minimum for large text.
    public static let largeTextMinimum = 3.0
    /// Full-colour colours at least this far apart (CIEDE2000) are meant to look different.
    public static let distinctHueDifference = 20.0
    /// Rendered colours closer than this (CIEDE2000) look the same.
    public static let indistinctDifference = 5.0

    /// WCAG's large text: at least 18 pt, or at least 14 pt and bold.
    public static func isLargeText(pointSize: Double, isBold: Bool) -> Bool {
        pointSize >= 18 || (pointSize >= 14 && isBold)
    }

    /// The minimum contrast ratio a run needs.
    public static func requiredRatio(for run: PaintedRun) -> Double {
        isLargeText(pointSize: run.pointSize, isBold: run.isBold) ? largeTextMinimum : normalTextMinimum
    }

    /// The lowest contrast over a run's inked cells as they are in `buffer` (a nil colour is `surface`), with
    /// the colours of that cell; nil when none of its cells still shows ink (painted over). A cell the widget's
    /// rounded corner took (`Painter.roundedCornerGlyphs`, drawn over text that reached the corner) is the shape's
    /// edge in the fill colour against the wallpaper, not text, and is not measured.
    public static func lowestContrast(of run: PaintedRun, in buffer: CellBuffer, surface: RGB)
        -> (ratio: Double, foreground: RGB, background: RGB, column: Int)?
    {
        var lowest: (ratio: Double, foreground: RGB, background: RGB, column: Int)?
        for column in run.column..<min(run.column + run.width, buffer.width)
        where column >= 0 && buffer.contains(column: column, row: run.row) {
            let cell = buffer[column, run.row]
            guard !cell.isContinuation, cell.glyph != " " else { continue }
            if Painter.roundedCornerGlyphs.contains(cell.glyph), !run.text.contains(cell.glyph.character) { continue }
            let foreground = cell.foreground ?? surface, background = cell.background ?? surface
            let ratio = ColorScience.contrastRatio(foreground, background)
            if lowest == nil || ratio < lowest!.ratio { lowest = (ratio, foreground, background, column) }
        }
        return lowest
    }

    /// Text and symbols below the WCAG minimum on this surface (`low-contrast`): an error below 3:1, which
    /// no text size makes legible; a warning between 3:1 and the minimum for its size (4.5:1 for normal text),
    /// which fails WCAG AA but still reads (Apple's own secondary label on white is 3.44:1).
    /// Colour emoji are skipped in full colour: the terminal draws them in their own colours.
    public static let contrast: WidgetCheck = { input in
        guard !input.isContentReplaced else { return [] }
        var findings: [Diagnostic] = []
        for run in input.frame.textRuns {
            if run.isSymbol, input.surface.mode == .fullColor, run.text.unicodeScalars.contains(where: \.properties.isEmojiPresentation) {
                continue
            }
            guard let measured = lowestContrast(of: run, in: input.frame.buffer, surface: input.style.surfaceForBlending) else { continue }
            let required = requiredRatio(for: run)
            guard measured.ratio < required else { continue }
            let size = isLargeText(pointSize: run.pointSize, isBold: run.isBold) ? "large" : "normal"
            let what = run.isSymbol ? "Symbol \"\(run.text)\"" : "\"\(run.text)\""
            let systemReason = systemOwnedContrast(run, ratio: measured.ratio, surface: input.surface)
            let message =
                "\(what) has contrast \(format(measured.ratio)):1 (\(measured.foreground.hex) on \(measured.background.hex)); "
                + "\(size) text needs \(format(required)):1. " + (systemReason ?? advice(for: input.surface.mode))
            let severity: Diagnostic.Severity = systemReason != nil ? .note : measured.ratio < 3 ? .error : .warning
            findings.append(
                input.diagnostic(
                    severity, code: "low-contrast", message: message, row: run.row, column: run.column,
                    values: [
                        "ratio": format(measured.ratio), "required": format(required), "text": run.text,
                        "foreground": measured.foreground.hex, "background": measured.background.hex,
                        "pointSize": format(run.pointSize, decimals: 0),
                    ]))
        }
        return findings
    }

    /// Why a contrast below WCAG's minimum is the system's doing rather than the widget's, or nil when the
    /// developer can fix it (DECISIONS.md "check separates what the developer can fix"):
    /// - StandBy at night: iOS draws every widget in dim red on black, whatever its colours.
    /// - One of Apple's own label styles (`.secondary`, `.tertiary`...) at 3:1 or more: Apple's secondary label on
    ///   white is 3.44:1 by design; below 3:1 the text is unreadable and the widget chose where to put it.
    static func systemOwnedContrast(_ run: PaintedRun, ratio: Double, surface: Surface) -> String? {
        if surface.place == .standBy && surface.mode == .vibrant {
            return "StandBy at night draws every widget in dim red on black; nothing in the widget changes this."
        }
        if run.isSystemStyle && ratio >= 3 {
            return "This is Apple's own hierarchical label style (.secondary is 3.44:1 on white by design); "
                + "use .primary where the text must be read at a glance."
        }
        return nil
    }

    static func advice(for mode: WidgetRenderingMode) -> String {
        switch mode {
        case .fullColor:
            return "Darken or lighten the text or what is behind it."
        case .accented:
            return "In accented mode colour is ignored and only opacity counts, so opaque fills behind text take the same tint: "
                + "put the fill in .containerBackground(for: .widget), lower its opacity, or drop it in this mode (@Environment(\\.widgetRenderingMode))."
        case .vibrant:
            return "In vibrant mode brightness sets contrast against the material: keep text white or light grey and "
                + "avoid bright fills behind it (a .background(...) stays; a container background is removed)."
        }
    }

    /// Elements whose difference in full colour was only their hue, drawn alike in this mode (`hue-only`, warning).
    public static let hueOnly: WidgetCheck = { input in
        guard input.surface.mode != .fullColor, !input.isContentReplaced else { return [] }
        let rendered = elements(of: input.frame)
        let reference = Dictionary(elements(of: input.fullColorFrame).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var labs: [RGB: LabColor] = [:]
        func lab(_ color: RGB) -> LabColor {
            if let known = labs[color] { return known }
            let value = ColorScience.lab(color)
            labs[color] = value
            return value
        }
        var parent = Array(rendered.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        // Pairs of rendered elements that are otherwise identical (and were so in full colour), joined into groups.
        var collapses: [(first: Int, second: Int, full: Double, rendered: Double)] = []
        for first in rendered.indices {
            guard let firstReference = reference[rendered[first].key] else { continue }
            for second in rendered.indices where second > first && rendered[second].identity == rendered[first].identity {
                guard let secondReference = reference[rendered[second].key],
                    secondReference.identity == firstReference.identity
                else { continue }
                let full = ColorScience.deltaE2000(lab(firstReference.color), lab(secondReference.color))
                guard full >= distinctHueDifference else { continue }
                let now = ColorScience.deltaE2000(lab(rendered[first].color), lab(rendered[second].color))
                guard now < indistinctDifference else { continue }
                parent[root(second)] = root(first)
                collapses.append((first, second, full, now))
            }
        }
        var groups: [Int: [Int]] = [:]
        var fullDifference: [Int: Double] = [:]
        var renderedDifference: [Int: Double] = [:]
        for collapse in collapses {
            let group = root(collapse.first)
            for member in [collapse.first, collapse.second] where !(groups[group]?.contains(member) ?? false) {
                groups[group, default: []].append(member)
            }
            fullDifference[group] = min(fullDifference[group] ?? .infinity, collapse.full)
            renderedDifference[group] = max(renderedDifference[group] ?? 0, collapse.rendered)
        }
        var findings: [Diagnostic] = []
        for (groupRoot, members) in groups.sorted(by: { $0.value.min()! < $1.value.min()! }) where members.count >= 2 {
            let sorted = members.sorted()
            let first = rendered[sorted[0]]
            let fullColors = sorted.compactMap { reference[rendered[$0].key]?.color.hex }
            let shownColors = sorted.map { rendered[$0].color.hex }
            let places = sorted.map { "\(rendered[$0].row):\(rendered[$0].column)" }
            var distinctFull: [String] = []
            for color in fullColors where !distinctFull.contains(color) { distinctFull.append(color) }
            let message =
                "\(sorted.count) × \(first.label) differ only in colour (\(distinctFull.joined(separator: ", ")) in full colour) and all show as "
                + "\(shownColors[0]) in \(input.surface.mode.rawValue) mode, so whatever the colour meant is lost. Add a difference "
                + "that survives the mode: a different symbol (checkmark.circle / xmark.circle), a word, or a shape."
            findings.append(
                input.diagnostic(
                    .warning, code: "hue-only", message: message, row: first.row, column: first.column,
                    values: [
                        "elements": places.joined(separator: " "), "fullColors": fullColors.joined(separator: " "),
                        "renderedColors": shownColors.joined(separator: " "),
                        "fullDeltaE": format(fullDifference[groupRoot] ?? 0, decimals: 1),
                        "renderedDeltaE": format(renderedDifference[groupRoot] ?? 0, decimals: 1),
                    ]))
        }
        return findings
    }

    /// An element compared across modes: `key` pairs it with itself in the other frame (paint order), `identity`
    /// is everything but its colour.
    struct Element {
        var key: String
        var identity: String
        var label: String
        var color: RGB
        var row: Int
        var column: Int
    }

    /// Text runs (by text), symbols and filled shapes (by kind and size), in paint order.
    static func elements(of frame: Frame) -> [Element] {
        var elements: [Element] = []
        var occurrences: [String: Int] = [:]
        func next(_ base: String) -> String {
            let count = occurrences[base, default: 0]
            occurrences[base] = count + 1
            return "\(base)#\(count)"
        }
        for run in frame.textRuns {
            if run.isSymbol {
                elements.append(
                    Element(
                        key: next("symbol"), identity: "symbol:\(run.text)", label: "symbol \"\(run.text)\"",
                        color: run.foreground, row: run.row, column: run.column))
            } else {
                elements.append(
                    Element(
                        key: next("text:\(run.text)"), identity: "text:\(run.text):\(run.isBold)",
                        label: "text \"\(run.text)\"", color: run.foreground, row: run.row, column: run.column))
            }
        }
        for shape in frame.shapes {
            let size = "\(shape.rect.width)x\(shape.rect.height)"
            // Keyed by kind and size too: the container background is a shape in full colour but glass in accented mode.
            elements.append(
                Element(
                    key: next("shape:\(shape.kind):\(size)"), identity: "shape:\(shape.kind):\(size)",
                    label: "\(name(of: shape.kind)) \(size)",
                    color: shape.fill, row: shape.rect.y, column: shape.rect.x))
        }
        return elements
    }

    static func name(of kind: ShapeKind) -> String {
        switch kind {
        case .rectangle: return "rectangle"
        case .roundedRectangle: return "rounded rectangle"
        case .capsule: return "capsule"
        case .circle: return "circle"
        case .ellipse: return "ellipse"
        case .containerRelative: return "container-relative shape"
        case .trimmed(let base, _, _): return "trimmed " + name(of: base)
        case .path: return "path"
        case .chart: return "chart"
        }
    }

    /// Asset images accented mode turned into one flat tint (`image-flattened`, warning).
    public static let flattenedImages: WidgetCheck = { input in
        guard !input.isContentReplaced else { return [] }
        return input.frame.images.filter { $0.treatment == .flattened }.map { image in
            input.diagnostic(
                .warning, code: "image-flattened",
                message: "Image \"\(image.name)\" shows as one flat \(image.color.hex) block in accented mode: iOS tints opaque "
                    + "images a single colour. For a photo or album art add .widgetAccentedRenderingMode(.fullColor); for an "
                    + "icon use .desaturated or .accentedDesaturated.",
                row: image.rect.y, column: image.rect.x,
                values: ["image": image.name, "color": image.color.hex, "size": "\(image.rect.width)x\(image.rect.height)"])
        }
    }

    /// `value` with `decimals` decimals (a ratio: two).
    static func format(_ value: Double, decimals: Int = 2) -> String { String(format: "%.\(decimals)f", value) }
}
