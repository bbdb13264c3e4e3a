import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - A control, checked as `widgetterm check` runs it

/// What `widgetterm check` finds on one control (`ControlWidget`, iOS 18+), and how many places it was drawn at.
public struct ControlCheckResult: Sendable {
    /// The findings, in the order found: `control-value-failed` first (from the `currentValue()` call), then the
    /// template's own (`ControlChecks.check`).
    public var findings: [Diagnostic]
    /// How many placements (`ControlPlacement`) the control was rendered at.
    public var placements: Int
}

extension ControlChecks {
    /// Runs a control as iOS shows it and checks it, without tapping it: the add sheet's `previewValue`, then one
    /// `currentValue()` call (Apple, "Creating controls to perform actions across the system": the system asks the
    /// value provider when the control appears), then the template that call gave (or the preview's, when it failed)
    /// drawn at every placement.
    ///
    /// - Parameters:
    ///   - descriptor: the control, from a bundle's `controlDescriptors` or a control document.
    ///   - host: where the provider's App Group and `ControlCenter` calls go.
    ///   - timeLimit: seconds `currentValue()` may take before it counts as failed.
    /// - Returns: `control-value-failed` (error) when `currentValue()` threw or timed out; the findings of
    ///   `check(_:kind:lacksPreviewValue:)` on the template shown.
    public static func run(_ descriptor: ControlDescriptor, host: HostContext = .current, timeLimit: TimeInterval = 5)
        -> ControlCheckResult
    {
        let session = ControlSession(descriptor: descriptor, host: host, timeLimit: timeLimit)
        let shown = session.current
        for placement in ControlPlacement.allCases { _ = ControlRenderer.render(shown, placement: placement) }
        let findings =
            session.diagnostics + check(shown, kind: descriptor.kind, lacksPreviewValue: descriptor.lacksPreviewValue)
        return ControlCheckResult(findings: findings, placements: ControlPlacement.allCases.count)
    }
}
