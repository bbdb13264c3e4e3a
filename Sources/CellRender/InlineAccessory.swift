import Foundation
import WidgetKitUI

// MARK: - accessoryInline: one line of text and an optional image

/// What iOS draws for an `accessoryInline` widget, whatever its body: one line, made of the first image and
/// the first text the body contains ("accessoryInline: … a single row of text and an optional image";
/// `WidgetFamily.accessoryInline`, Apple Developer Documentation). Stacks, shapes, gauges, further texts and
/// images are not drawn (docs/DECISIONS.md "accessoryInline draws one line from any body").
public enum InlineAccessory {
    /// The line iOS draws for `content`, and a description of each view it leaves out (empty when none).
    ///
    /// The line is an `HStack` of the first image (if any) and the first text (if any), the text on one line;
    /// `widgetURL`, link and accent modifiers around either view are kept.
    public static func line(from content: ViewNode) -> (line: ViewNode, ignored: [String]) {
        var walk = Walk()
        walk.visit(content, wrappers: [])
        var children: [ViewNode] = []
        if let image = walk.image { children.append(image) }
        if let text = walk.text { children.append(text) }
        var line = ViewNode.stack(StackNode(axis: .horizontal, alignment: .center, spacing: nil, children: children))
        for url in walk.widgetURLs { line = .modified(line, .widgetURL(url)) }
        return (line, walk.ignored)
    }

    private struct Walk {
        var text: ViewNode?
        var image: ViewNode?
        var widgetURLs: [URL] = []
        var ignored: [String] = []

        /// `wrappers`: the modifiers kept around a chosen view (accent group, tap target), innermost last.
        mutating func visit(_ node: ViewNode, wrappers: [NodeModifier]) {
            switch node {
            case .empty, .spacer:
                return
            case .group(let children):
                for child in children { visit(child, wrappers: wrappers) }
            case .stack(let stack):
                for child in stack.children { visit(child, wrappers: wrappers) }
            case .text(var textNode):
                guard text == nil else {
                    ignored.append("Text \"\(Self.plain(textNode))\"")
                    return
                }
                textNode.lineLimit = 1
                text = Self.wrap(.text(textNode), in: wrappers)
            case .image(let imageNode):
                guard image == nil else {
                    ignored.append("a second Image (\(Self.describe(imageNode.source)))")
                    return
                }
                image = Self.wrap(.image(imageNode), in: wrappers)
            case .shape:
                ignored.append("a shape")
            case .divider:
                ignored.append("a Divider")
            case .gauge:
                ignored.append("a Gauge or ProgressView")
            case .modified(let inner, let modifier):
                switch modifier {
                case .widgetURL(let url):
                    widgetURLs.append(url)
                    visit(inner, wrappers: wrappers)
                case .widgetAccentable, .tapTarget:
                    visit(inner, wrappers: wrappers + [modifier])
                case .hidden:
                    return
                case .background(let extra, _), .overlay(let extra, _):
                    visit(inner, wrappers: wrappers)
                    visit(extra, wrappers: wrappers)
                default:
                    visit(inner, wrappers: wrappers)
                }
            }
        }

        static func wrap(_ node: ViewNode, in wrappers: [NodeModifier]) -> ViewNode {
            wrappers.reversed().reduce(node) { .modified($0, $1) }
        }

        static func plain(_ text: TextNode) -> String {
            text.runs.map { run in
                if case .verbatim(let string) = run.content { return string }
                return "…"
            }.joined()
        }

        static func describe(_ source: ImageSource) -> String {
            switch source {
            case .systemSymbol(let name): return name
            case .asset(let name), .bitmap(let name): return name
            case .catalog: return "an asset"
            }
        }
    }

    /// The `inline-views-ignored` diagnostic for the views `line(from:)` left out.
    public static func diagnostic(ignored: [String]) -> ResolveDiagnostic {
        ResolveDiagnostic(
            code: "inline-views-ignored",
            message: "accessoryInline shows one line: the first Image and the first Text. iOS ignores the rest here: "
                + ignored.joined(separator: ", ") + ". Give this family its own body (@Environment(\\.widgetFamily)).")
    }
}
