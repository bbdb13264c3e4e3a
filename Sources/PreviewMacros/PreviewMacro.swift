// The `#Preview` macro's implementation: a compiler plugin library, not a SwiftPM target (SwiftPM's `.macro`
// targets need the swift-syntax package, which is not available here). `PreviewMacroPlugin` in the
// `PreviewMacroPlugin` module builds this file with `swiftc` against the toolchain's own SwiftSyntax
// (`usr/lib/swift/host`) into `libPreviewMacros.so`; compilers load it with `-load-plugin-library`.
// The macro declarations it implements are in PreviewDeclarations.swift beside it; what the expansions call is
// in WidgetKitUI/Preview.swift.
import SwiftSyntax
import SwiftSyntaxMacros

/// Expands every form of `#Preview` into one constant in the linker section `widgetterm_previews`: a C function
/// that makes a `PreviewRegistration` from the macro's own arguments, after the place it is written.
///
/// `#Preview("Name", as: .systemSmall) { W() } timeline: { E() }` at line 40 of `MyWidgets/W.swift` becomes
///
///     @section("widgetterm_previews") @used let $unique: WidgetKitUI.PreviewRecord = {
///         WidgetKitUI.PreviewRegistration._retained(WidgetKitUI.PreviewRegistration(
///             fileID: "MyWidgets/W.swift", line: 40, column: 1, "Name", as: .systemSmall) { W() } timeline: { E() })
///     }
///
/// The initialisers of `PreviewRegistration` mirror the macro declarations, so the compiler picks the form.
public struct PreviewMacro: DeclarationMacro {
    /// As SwiftSyntaxMacros' `DeclarationMacro.expansion(of:in:)`: returns the one `@section` constant, its
    /// arguments led by the macro's file ID, line and column, then the macro's own arguments and trailing closures.
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let name = context.makeUniqueName("preview")
        var arguments: [String] = []
        if let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID) {
            arguments += [
                "fileID: \(location.file.trimmedDescription)", "line: \(location.line.trimmedDescription)",
                "column: \(location.column.trimmedDescription)",
            ]
        } else {
            arguments += ["fileID: \"unknown\"", "line: 0", "column: 0"]
        }
        arguments += node.arguments.map { $0.with(\.trailingComma, nil).trimmedDescription }
        var call = "WidgetKitUI.PreviewRegistration(\(arguments.joined(separator: ", ")))"
        if let closure = node.trailingClosure { call += " \(closure.trimmedDescription)" }
        for closure in node.additionalTrailingClosures { call += " \(closure.trimmedDescription)" }
        let declaration: DeclSyntax = """
            @section("widgetterm_previews") @used let \(name): WidgetKitUI.PreviewRecord = {
                WidgetKitUI.PreviewRegistration._retained(\(raw: call))
            }
            """
        return [declaration]
    }
}
