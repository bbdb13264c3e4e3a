import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - The Edit Widget sheet (`e`)

/// The Edit Widget sheet of the focused widget, as iOS shows it when a person long-presses a configurable
/// widget and picks Edit Widget: one row per `@Parameter` with its value. Enter changes the selected row: a
/// list for an enum, an entity or a `DynamicOptionsProvider`, typed input for text and numbers, a toggle for
/// a `Bool`. Each change is set on the widget's `IntentParameterSettings` and reloads its timelines
/// (`ReloadReason.configurationEdited`, outside the budget). On the Control Center screen the sheet edits the
/// selected control's parameters (`AppIntentControlConfiguration`), and a change asks its `currentValue()` again.
final class EditWidgetSheet {
    /// What the sheet is doing.
    enum Stage: Equatable {
        /// The parameter rows, `selected` highlighted.
        case parameters
        /// A list of choices for the selected parameter, `index` highlighted.
        case choosing([IntentParameterOption], index: Int)
        /// Typed text for the selected parameter.
        case typing(String)
    }

    /// Why a widget or control has no parameter rows: `this widget has no parameters (StaticConfiguration)`, or an
    /// intent that declares none.
    static func noParameters(isControl: Bool, isStatic: Bool) -> String {
        let subject = isControl ? "this control" : "this widget"
        guard isStatic else { return "\(subject)'s intent declares no parameters" }
        return "\(subject) has no parameters (\(isControl ? "StaticControlConfiguration" : "StaticConfiguration"))"
    }

    /// One row: a parameter and the value it has now (nil when it has none).
    struct Row {
        var info: IntentParameterInfo
        var value: IntentParameterOption?
    }

    var isShown = false
    var stage = Stage.parameters
    var selected = 0
    var rows: [Row] = []
    /// The widget's name in the title.
    var title = ""
    /// The kind of the control being edited; nil while a widget is.
    var controlKind: String?
    /// The last refusal (a value that does not fit), shown under the rows until the next key.
    var message: String?
}

extension PreviewApp {
    /// Opens the sheet for the focused widget (on the Control Center screen, the selected control), or closes it.
    func toggleEditSheet() {
        if editSheet.isShown {
            editSheet.isShown = false
            return
        }
        let now = HostClock.now
        if controlScreen.isShown {
            guard let control = controlScreen.selectedControl else { return }
            openEditSheet(title: control.displayName, controlKind: control.kind)
            log.append(.info, "Edit Control: \(control.kind) — \(editSheetGuide(isStatic: control.configuration == nil))", at: now)
            return
        }
        guard let widget = currentWidget else { return }
        openEditSheet(title: widget.displayName, controlKind: nil)
        log.append(.info, "Edit Widget: \(widget.kind) — \(editSheetGuide(isStatic: widget.configuration == nil))", at: now)
    }

    /// What the log says when the sheet opens: the keys when there are parameters to edit, else that there is nothing
    /// to edit and why (a static configuration, or an intent without parameters).
    private func editSheetGuide(isStatic: Bool) -> String {
        guard editSheet.rows.isEmpty else { return "↑↓ move, Enter change, Esc done" }
        return "nothing to edit: " + EditWidgetSheet.noParameters(isControl: editSheet.controlKind != nil, isStatic: isStatic)
    }

    private func openEditSheet(title: String, controlKind: String?) {
        editSheet.isShown = true
        editSheet.stage = .parameters
        editSheet.selected = 0
        editSheet.message = nil
        editSheet.title = title
        editSheet.controlKind = controlKind
        refreshEditRows()
    }

    /// The settings the sheet edits: the control's, or the focused widget's.
    private var editedConfiguration: IntentParameterSettings? {
        guard let kind = editSheet.controlKind else { return currentWidget?.configuration }
        return controlScreen.controls.first { $0.kind == kind }?.configuration
    }

    /// Reads each parameter's value again from the widget's (or control's) configuration.
    func refreshEditRows() {
        guard let configuration = editedConfiguration else {
            editSheet.rows = []
            return
        }
        editSheet.rows = configuration.parameters.map { EditWidgetSheet.Row(info: $0, value: configuration.currentValue(of: $0.name)) }
    }

    /// Keys while the sheet is shown; every key but Ctrl-C is the sheet's.
    func handleEditKey(_ key: Key) -> Bool {
        if key == .control("c") { return false }
        editSheet.message = nil
        switch editSheet.stage {
        case .parameters:
            switch key {
            case .up, .backTab: editSheet.selected = max(editSheet.selected - 1, 0)
            case .down, .tab: editSheet.selected = min(editSheet.selected + 1, max(editSheet.rows.count - 1, 0))
            case .enter, .character(" "): beginEdit()
            case .escape, .character("e"), .character("q"): editSheet.isShown = false
            default: break
            }
        case .choosing(let options, let index):
            switch key {
            case .up: editSheet.stage = .choosing(options, index: max(index - 1, 0))
            case .down: editSheet.stage = .choosing(options, index: min(index + 1, max(options.count - 1, 0)))
            case .enter:
                editSheet.stage = .parameters
                if options.indices.contains(index) { applyEdit(options[index].value) }
            case .escape: editSheet.stage = .parameters
            default: break
            }
        case .typing(let text):
            switch key {
            case .character(let character): editSheet.stage = .typing(text + String(character))
            case .backspace: editSheet.stage = .typing(String(text.dropLast()))
            case .enter:
                editSheet.stage = .parameters
                applyEdit(text)
            case .escape: editSheet.stage = .parameters
            default: break
            }
        }
        return true
    }

    /// Enter on a row: flips a toggle, opens a list of choices, or starts typing from the current value.
    private func beginEdit() {
        guard editSheet.rows.indices.contains(editSheet.selected), let configuration = editedConfiguration else { return }
        let row = editSheet.rows[editSheet.selected]
        if row.info.kind == .toggle {
            applyEdit(row.value?.value == "true" ? "false" : "true")
        } else if row.info.hasChoices {
            guard let options = configuration.options(for: row.info.name), !options.isEmpty else {
                editSheet.message = "\(row.info.title): no choices (the query failed or took over 5 s)"
                return
            }
            editSheet.stage = .choosing(options, index: options.firstIndex { $0.value == row.value?.value } ?? 0)
        } else {
            editSheet.stage = .typing(row.value?.value ?? "")
        }
    }

    /// Sets the selected parameter to `value` and reloads the widget's timelines in every family shown (a control:
    /// asks its `currentValue()` again).
    private func applyEdit(_ value: String) {
        if let kind = editSheet.controlKind {
            applyControlEdit(value, kind: kind)
            return
        }
        guard let widget = currentWidget,
            setSelectedParameter(to: value, on: widget.configuration, sheet: "Edit Widget", kind: widget.kind)
        else { return }
        let now = HostClock.now
        contextFrames.removeAll()
        for family in families(of: widget) {
            let instance = instance(of: widget, family: family)
            logReload(instance.reload(at: now, reason: .configurationEdited), instance: instance)
        }
    }

    private func applyControlEdit(_ value: String, kind: String) {
        guard setSelectedParameter(to: value, on: editedConfiguration, sheet: "Edit Control", kind: kind) else { return }
        // The control is shown again from currentValue() with its new configuration.
        controlScreen.forgetSessions()
    }

    /// Sets the selected row's parameter of `configuration` to `value`, logs it under `sheet` and refreshes the
    /// rows; a refused value is shown in the sheet and logged as a diagnostic. True when the value was set.
    private func setSelectedParameter(
        to value: String, on configuration: IntentParameterSettings?, sheet: String, kind: String
    ) -> Bool {
        guard let configuration, editSheet.rows.indices.contains(editSheet.selected) else { return false }
        let name = editSheet.rows[editSheet.selected].info.name
        let now = HostClock.now
        do {
            try configuration.set(name, to: value)
        } catch {
            editSheet.message = "\(error)"
            log.append(.diagnostic, "\(sheet): \(error)", at: now)
            return false
        }
        log.append(.info, "\(sheet): \(kind) \(name)=\(value)", at: now)
        refreshEditRows()
        return true
    }

    /// The sheet, centred over the stage.
    func drawEditSheet(_ canvas: inout Canvas) {
        let sheet = editSheet
        var lines: [(String, TextStyle)] = []
        let plain = TextStyle(foreground: Chrome.barText, background: Chrome.helpBackground)
        let chosen = TextStyle(foreground: Chrome.targetHighlightText, background: Chrome.targetHighlight, attributes: .bold)
        let muted = TextStyle(foreground: Chrome.dim, background: Chrome.helpBackground)
        let titleWidth = (sheet.rows.map { DisplayWidth.of($0.info.title) }.max() ?? 0) + 2
        func valueText(_ row: EditWidgetSheet.Row) -> String {
            guard let value = row.value else { return "Choose" }
            if row.info.kind == .toggle { return value.value == "true" ? "On" : "Off" }
            return value.title
        }
        let footer: String
        switch sheet.stage {
        case .parameters:
            if sheet.rows.isEmpty {
                let isStatic = editedConfiguration == nil
                let none = EditWidgetSheet.noParameters(isControl: sheet.controlKind != nil, isStatic: isStatic)
                lines.append(("Nothing to edit: " + none + ".", muted))
            }
            for (index, row) in sheet.rows.enumerated() {
                let padding = String(repeating: " ", count: max(titleWidth - DisplayWidth.of(row.info.title), 1))
                let marker = row.info.hasChoices ? " ›" : ""
                let text = "\(index == sheet.selected ? "▸" : " ") \(row.info.title)\(padding)\(valueText(row))\(marker)"
                lines.append((text, index == sheet.selected ? chosen : plain))
            }
            footer = sheet.rows.isEmpty ? "Esc close" : "↑↓ move  Enter change  Esc done"
        case .choosing(let options, let index):
            let row = sheet.rows[min(sheet.selected, sheet.rows.count - 1)]
            lines.append(("\(row.info.title): choose one", muted))
            for (position, option) in options.enumerated() {
                let check = option.value == row.value?.value ? "✓" : " "
                let text = "\(position == index ? "▸" : " ") \(check) \(option.title)"
                lines.append((text, position == index ? chosen : plain))
            }
            footer = "↑↓ move  Enter choose  Esc back"
        case .typing(let text):
            let row = sheet.rows[min(sheet.selected, sheet.rows.count - 1)]
            lines.append(("\(row.info.title) (\(row.info.typeName)):", muted))
            lines.append(("  \(text)█", chosen))
            footer = "type  Backspace delete  Enter set  Esc cancel"
        }
        if let message = sheet.message {
            lines.append(("", plain))
            lines.append((message, TextStyle(foreground: Chrome.error, background: Chrome.helpBackground, attributes: .bold)))
        }
        let contentWidth = max(lines.map { DisplayWidth.of($0.0) }.max() ?? 0, DisplayWidth.of(footer), 30)
        let width = min(canvas.width - 2, contentWidth + 4)
        let height = min(canvas.height - 2, lines.count + 4)
        let box = CellRect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(box, background: Chrome.helpBackground)
        canvas.border(
            box, title: "\(sheet.controlKind == nil ? "Edit Widget" : "Edit Control") — \(sheet.title)",
            style: TextStyle(foreground: Chrome.helpBorder, background: Chrome.helpBackground))
        var row = box.y + 1
        for (text, style) in lines where row < box.maxY - 2 {
            _ = canvas.write(text, column: box.x + 2, row: row, maxWidth: box.width - 4, style: style)
            row += 1
        }
        _ = canvas.write(footer, column: box.x + 2, row: box.maxY - 2, maxWidth: box.width - 4, style: muted)
    }
}
