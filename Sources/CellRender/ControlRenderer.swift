import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Where a control appears

/// The places iOS 18+ shows a control (`ControlWidget`), each drawn at its own size
/// (docs/DECISIONS.md, "Control Center controls").
public enum ControlPlacement: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Control Center, one module (1 × 1): the symbol only.
    case small
    /// Control Center, two modules wide (2 × 1): symbol, title and value.
    case medium
    /// Control Center, two by two modules (2 × 2): symbol above title and value.
    case large
    /// A Lock Screen bottom slot (where the torch and camera are): the symbol in a disc.
    case lockScreen
    /// The Action button's press, shown in the Dynamic Island: symbol, title and value.
    case actionButton

    /// The raw value, as a command-line word and in the log.
    public var description: String { rawValue }

    /// What the placement is, for headings.
    public var title: String {
        switch self {
        case .small: return "Control Center, small (1×1)"
        case .medium: return "Control Center, medium (2×1)"
        case .large: return "Control Center, large (2×2)"
        case .lockScreen: return "Lock Screen bottom slot"
        case .actionButton: return "Action button (Dynamic Island)"
        }
    }

    /// The size in points: a Control Center module is 68 pt with 16 pt between modules, a Lock Screen slot
    /// 50 pt, the Action button's island 250 × 50 pt (measured from screenshots; Apple publishes no sizes).
    public var points: CGSize {
        switch self {
        case .small: return CGSize(width: 68, height: 68)
        case .medium: return CGSize(width: 152, height: 68)
        case .large: return CGSize(width: 152, height: 152)
        case .lockScreen: return CGSize(width: 50, height: 50)
        case .actionButton: return CGSize(width: 250, height: 50)
        }
    }

    /// The size in cells at `metric` (8 × 17 pt by default), at least 3 × 2.
    public func cells(metric: CellMetric = .standard) -> CellSize {
        CellSize(width: max(3, metric.columns(points.width)), height: max(2, metric.rows(points.height)))
    }
}

// MARK: - Drawing a control

/// Draws a resolved control template at a placement: Control Center's dark modules, a toggle that is on
/// filled with its tint, the whole control one tap target.
public enum ControlRenderer {
    /// Control Center's module grey (dark `systemGray5`), the background of a control that is off.
    static let moduleFill = Color(red: 0x2C / 255, green: 0x2C / 255, blue: 0x2E / 255)

    /// The frame of `control` at `placement`.
    ///
    /// - Parameters:
    ///   - control: the template, from `ControlDescriptor.previewTemplate` or `currentTemplate`.
    ///   - placement: where it is shown.
    ///   - date: the moment, for the layout of system-formatted text.
    ///   - metric: points per cell.
    /// - Returns: the cells, with one tap region over the whole control (`.intent` for a button, `.toggle` for a
    ///   toggle).
    public static func render(
        _ control: ResolvedControl, placement: ControlPlacement, date: Date = Date(timeIntervalSinceReferenceDate: 0),
        metric: CellMetric = .standard
    ) -> Frame {
        let size = placement.cells(metric: metric)
        let style = PaintStyle(colorScheme: .dark)
        let isOn: Bool
        if case .toggle(let on) = control.kind { isOn = on } else { isOn = false }
        let tint = control.tint ?? .accentColor
        let symbol = control.systemImage ?? "questionmark"
        let fill = isOn ? tint : moduleFill
        let value = control.valueText ?? ""
        let view: AnyView
        switch placement {
        case .small:
            view = AnyView(
                ZStack {
                    RoundedRectangle(cornerRadius: 20).fill(fill)
                    Image(systemName: symbol).foregroundStyle(Color.white)
                })
        case .medium:
            view = AnyView(
                ZStack {
                    RoundedRectangle(cornerRadius: 20).fill(fill)
                    HStack(spacing: 8) {
                        Image(systemName: symbol).foregroundStyle(Color.white)
                        VStack(alignment: .leading, spacing: 0) {
                            Text(control.title).font(.caption).bold().foregroundStyle(Color.white)
                            Text(value).font(.caption).foregroundStyle(Color.white.opacity(0.7))
                        }
                        Spacer(minLength: 0)
                    }
                    .padding(.horizontal, 8)
                })
        case .large:
            view = AnyView(
                ZStack {
                    RoundedRectangle(cornerRadius: 20).fill(fill)
                    VStack(alignment: .leading, spacing: 0) {
                        Image(systemName: symbol).foregroundStyle(Color.white)
                        Spacer(minLength: 0)
                        Text(control.title).font(.caption).bold().foregroundStyle(Color.white)
                        Text(value).font(.caption).foregroundStyle(Color.white.opacity(0.7))
                    }
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .padding(.horizontal, 8)
                    .padding(.vertical, 17)
                })
        case .lockScreen:
            view = AnyView(
                ZStack {
                    Circle().fill(isOn ? Color.white : moduleFill)
                    Image(systemName: symbol).foregroundStyle(isOn ? Color.black : Color.white)
                })
        case .actionButton:
            view = AnyView(
                ZStack {
                    Capsule().fill(Color.black)
                    HStack(spacing: 8) {
                        Image(systemName: symbol).foregroundStyle(isOn ? tint : Color.white)
                        Text(control.title).font(.caption).bold().foregroundStyle(Color.white)
                        Spacer(minLength: 0)
                        Text(value).font(.caption).foregroundStyle(isOn ? tint : Color.white.opacity(0.7))
                    }
                    .padding(.horizontal, 16)
                })
        }
        var environment = EnvironmentValues()
        environment.colorScheme = .dark
        let node = ResolveContext(environment: environment).resolve(view)
        let layoutEnvironment = LayoutEnvironment(
            metric: metric, date: date, format: SystemTextFormat(), symbolWidth: WidgetRenderer.symbolWidth(for: style))
        var painter = Painter(size: size, style: style, date: date, format: SystemTextFormat())
        painter.paint(CellLayout.layout(node, in: size, environment: layoutEnvironment))
        var frame = painter.frame
        let whole = CellRect(x: 0, y: 0, width: size.width, height: size.height)
        switch control.kind {
        case .button: frame.tapRegions = [TapRegion(rect: whole, action: .intent(control.action))]
        case .toggle(let on): frame.tapRegions = [TapRegion(rect: whole, action: .toggle(isOn: on, intent: control.action))]
        }
        return frame
    }
}
