import Foundation
import WidgetKitUI

// MARK: - A push to a control

extension ControlSession {
    /// A control push arrived (APNs, to the token its `ControlPushHandler` received): the system reloads the control,
    /// calling `currentValue()` again (Apple, "Updating controls locally and remotely": a control reloads "when the
    /// system receives a specific remote push notification"). On an error or a timeout the control keeps its value and
    /// a diagnostic says why, as for any reload.
    /// - Returns: true when the new value was read.
    @discardableResult
    public func receivePush() -> Bool { refresh(reason: "push") }
}
