import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - Hot reload of widget documents

extension PreviewApp {
    /// Takes the documents the watcher recompiled since the last frame: a good save replaces the widget (its
    /// instances are dropped, so its timeline is fetched again and every body re-evaluated); a broken save keeps
    /// the last good render and puts the error in a banner until the next good save.
    func applyDocumentChanges(at now: Date) {
        guard let watcher = documentWatcher else { return }
        for change in watcher.takeChanges() where change.index < configuration.widgets.count {
            switch change.result {
            case .success(let descriptor):
                let old = configuration.widgets[change.index]
                instances[old.kind] = nil
                instances[descriptor.kind] = nil
                if old.kind != descriptor.kind, let focused = focusedFamilyIndex[old.kind] { focusedFamilyIndex[descriptor.kind] = focused }
                configuration.widgets[change.index] = descriptor
                if widgetIndex == change.index { targetIndex = nil }
                documentErrors[change.index] = nil
                log.append(.info, "reloaded \(change.file) (\(descriptor.kind))", at: now)
                // The new timeline is fetched while this frame is composed, a moment after `now`: draw once more at
                // once, so its first entry (dated when it was fetched) shows without waiting for the next tick.
                terminal.wakeHandler()
            case .failure(let error):
                documentErrors[change.index] = error.description
                log.append(.diagnostic, "\(error.description) (the last good render stays)", at: now, severity: .error)
            }
        }
    }

    /// The error of the shown document's last broken save, on the rows under the header (at most two).
    func drawDocumentBanner(_ canvas: inout Canvas, width: Int) {
        guard let message = documentErrors[widgetIndex], canvas.height > 4 else { return }
        let style = TextStyle(foreground: RGB(0xFF, 0xFF, 0xFF), background: Chrome.error, attributes: .bold)
        let lines = Array(TextFitting.wrap("⚠ " + message, width: max(width - 2, 10), indent: "  ").prefix(2))
        for (offset, line) in lines.enumerated() {
            canvas.fill(CellRect(x: 0, y: 1 + offset, width: width, height: 1), background: Chrome.error)
            canvas.write(line, column: 1, row: 1 + offset, maxWidth: width - 2, style: style)
        }
    }
}
