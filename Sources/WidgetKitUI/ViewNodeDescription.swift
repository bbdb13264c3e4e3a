import Foundation

// MARK: - Printing a resolved tree

extension ViewNode: CustomStringConvertible {
    /// The tree as indented lines, one node per line: what the body returned, readable in a test failure
    /// or a bug report (`widgetterm render --format tree` prints it). Control characters in texts, names and
    /// URLs are escaped (`TerminalText`), so each node stays on its line and nothing reaches a terminal as a
    /// control sequence.
    public var description: String { lines(indent: 0).map { TerminalText.escaped($0) }.joined(separator: "\n") }

    private func lines(indent: Int) -> [String] {
        let pad = String(repeating: "  ", count: indent)
        switch self {
        case .empty: return [pad + "Empty"]
        case .group(let children): return [pad + "Group"] + children.flatMap { $0.lines(indent: indent + 1) }
        case .text(let text): return [pad + "Text " + text.summary]
        case .image(let image): return [pad + "Image \(image.source)" + (image.isResizable ? " resizable" : "")]
        case .shape(let shape):
            var line = pad + "Shape \(shape.kind)"
            if let fill = shape.fill { line += " fill \(fill.summary)" }
            if let stroke = shape.stroke { line += " stroke \(stroke.summary) \(shape.lineWidth)pt" }
            return [line]
        case .spacer(let minLength): return [pad + "Spacer" + (minLength.map { " min \($0)pt" } ?? "")]
        case .divider: return [pad + "Divider"]
        case .stack(let stack):
            let name = stack.axis == .vertical ? "VStack" : stack.axis == .horizontal ? "HStack" : "ZStack"
            let spacing = stack.spacing.map { " spacing \($0)pt" } ?? ""
            return [pad + "\(name) \(stack.alignment.horizontal)/\(stack.alignment.vertical)\(spacing)"]
                + stack.children.flatMap { $0.lines(indent: indent + 1) }
        case .gauge(let gauge): return [pad + "Gauge \(gauge.kind) \(String(format: "%.3f", gauge.fraction))"]
        case .modified(let inner, let modifier):
            var result = [pad + "." + modifier.summary]
            switch modifier {
            case .background(let node, _), .overlay(let node, _):
                result.append(pad + "  content:")
                result += inner.lines(indent: indent + 2)
                result.append(pad + "  \(modifier.name):")
                result += node.lines(indent: indent + 2)
                return result
            default:
                return result + inner.lines(indent: indent + 1)
            }
        }
    }
}

extension TextNode {
    var summary: String {
        let text = runs.map { run -> String in
            switch run.content {
            case .verbatim(let string): return string
            case .date(let date, let style): return "<\(style) \(date.formatted(.iso8601))>"
            case .timerInterval(let start, let end, _, let countsDown, _):
                return "<timerInterval \(start.formatted(.iso8601))...\(end.formatted(.iso8601))\(countsDown ? "" : " up")>"
            case .dateRange(let start, let end): return "<range \(start.formatted(.iso8601))...\(end.formatted(.iso8601))>"
            }
        }.joined()
        var extras: [String] = []
        if let font = runs.first?.font { extras.append("\(font.pointSize)pt") }
        if runs.contains(where: \.isBold) { extras.append("bold") }
        if let lineLimit { extras.append("lineLimit \(lineLimit)") }
        if isRedacted { extras.append("redacted") }
        return "\"\(text)\"" + (extras.isEmpty ? "" : " (" + extras.joined(separator: ", ") + ")")
    }
}

extension Paint {
    var summary: String {
        switch self {
        case .color(let color): return color.summary
        case .hierarchical(let level, let base):
            let name = ["primary", "secondary", "tertiary", "quaternary"][min(max(level, 0), 3)]
            return base.map { "\(name) of \($0.summary)" } ?? name
        case .linearGradient(let stops, _, _): return "gradient(" + stops.map(\.color.summary).joined(separator: ", ") + ")"
        case .radialGradient(let stops, _, _, _): return "radialGradient(" + stops.map(\.color.summary).joined(separator: ", ") + ")"
        case .angularGradient(let stops, _): return "angularGradient(" + stops.map(\.color.summary).joined(separator: ", ") + ")"
        }
    }
}

extension Color {
    var summary: String {
        let base: String
        switch storage {
        case .system(let name): base = name.rawValue
        case .rgb(let red, let green, let blue):
            base = String(format: "#%02X%02X%02X", Int((red * 255).rounded()), Int((green * 255).rounded()), Int((blue * 255).rounded()))
        case .asset(let name): base = "asset \(name)"
        case .catalog(let name, _): base = "catalog \(name)"
        }
        return alpha < 1 ? "\(base) \(String(format: "%.2f", alpha))" : base
    }
}

extension NodeModifier {
    var name: String {
        switch self {
        case .background: return "background"
        case .overlay: return "overlay"
        default: return summary
        }
    }

    var summary: String {
        switch self {
        case .padding(let insets):
            return "padding(top \(insets.top), leading \(insets.leading), bottom \(insets.bottom), trailing \(insets.trailing))"
        case .frame(let spec):
            let parts: [(String, Double?)] = [
                ("width", spec.width), ("height", spec.height), ("minWidth", spec.minWidth),
                ("idealWidth", spec.idealWidth), ("maxWidth", spec.maxWidth), ("minHeight", spec.minHeight),
                ("idealHeight", spec.idealHeight), ("maxHeight", spec.maxHeight),
            ]
            return "frame(" + parts.compactMap { name, value in value.map { "\(name) \($0)" } }.joined(separator: ", ") + ")"
        case .background: return "background"
        case .overlay: return "overlay"
        case .opacity(let value): return "opacity(\(value))"
        case .fixedSize(let horizontal, let vertical): return "fixedSize(horizontal \(horizontal), vertical \(vertical))"
        case .layoutPriority(let value): return "layoutPriority(\(value))"
        case .clipShape(let kind): return "clipShape(\(kind))"
        case .aspectRatio(let ratio, let mode): return "aspectRatio(\(ratio.map { "\($0)" } ?? "nil"), \(mode))"
        case .widgetURL(let url): return "widgetURL(\(url.absoluteString))"
        case .tapTarget(let action):
            switch action {
            case .link(let url): return "Link(\(url.absoluteString))"
            case .intent(let intent): return "Button(intent: \(intent))"
            case .toggle(let isOn, let intent): return "Toggle(isOn: \(isOn), intent: \(intent))"
            }
        case .widgetAccentable(let value): return "widgetAccentable(\(value))"
        case .invalidatableContent: return "invalidatableContent()"
        case .offset(let x, let y): return "offset(x \(x), y \(y))"
        case .hidden: return "hidden()"
        case .viewThatFits(let alternatives, _, _): return "ViewThatFits(\(alternatives.count) more)"
        case .layoutDirection(let direction): return "layoutDirection(\(direction))"
        case .zIndex(let value): return "zIndex(\(value))"
        }
    }
}
