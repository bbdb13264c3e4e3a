import SwiftIfConfig
import SwiftParser
import SwiftSyntax

// MARK: - Rewriting one file as iOS sees it

/// Rewrites a widget source file so that the Linux compiler sees what Xcode's would: every inactive `#if`
/// region and every `#if`/`#elseif`/`#else`/`#endif` line is blanked to spaces (newlines kept, so each
/// remaining token keeps its line and column), and every `#available`/`#unavailable` check becomes a call to
/// `WidgetKitUI.OSAvailability.iOS(...)`, answered at run time by `--os`.
struct SourceRewriter {
    let configuration: IOSBuildConfiguration

    /// The modules widget code imports that re-export WidgetKitUI (Apple's module names here).
    static let reexportingModules: Set<String> = [
        "SwiftUI", "WidgetKit", "AppIntents", "ActivityKit", "os", "OSLog", "UIKit", "Charts", "Combine", "Intents", "WidgetKitUI",
    ]

    /// A finding about the input, at its line and column.
    struct Finding {
        let line: Int
        let column: Int
        let message: String
    }

    /// The rewritten text and what the rewriter found.
    func rewrite(_ source: String, fileName: String) -> (text: String, findings: [Finding]) {
        let tree = Parser.parse(source: source)
        let walker = Walker(configuration: configuration)
        walker.walk(tree)
        var bytes = Array(source.utf8)
        for range in walker.blanked {
            for index in range where bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") {
                bytes[index] = UInt8(ascii: " ")
            }
        }
        // Replacements, last first so earlier offsets stay valid; they never overlap a blanked range.
        for (range, text) in walker.replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(text.utf8))
        }
        var text = String(decoding: bytes, as: UTF8.self)
        var appended: [String] = []
        if !walker.replacements.isEmpty {
            // The calls are qualified with the module; a file that imports only Foundation still sees it.
            appended.append("import WidgetKitUI")
        }
        // On iOS, Foundation brings Combine's `ObservableObject` and `@Published` with it: a model file that imports
        // only Foundation declares observable objects. Here they are WidgetKitUI's, which every Apple module name
        // re-exports; a file without one of those gets just these two names, by scoped imports, so nothing else of
        // WidgetKitUI (its `Text`, `Color`...) can shadow the file's own declarations.
        if walker.importedModules.contains("Foundation"), walker.importedModules.isDisjoint(with: Self.reexportingModules),
            appended.isEmpty
        {
            appended += ["import protocol WidgetKitUI.ObservableObject", "import struct WidgetKitUI.Published"]
        }
        if !appended.isEmpty {
            // Appended after the last line, so no line moves.
            text += (text.hasSuffix("\n") ? "" : "\n") + appended.map { $0 + "\n" }.joined()
        }
        let converter = SourceLocationConverter(fileName: fileName, tree: tree)
        let findings = walker.diagnostics.map { diagnostic in
            let location = diagnostic.location(converter: converter)
            return Finding(line: location.line, column: location.column, message: diagnostic.message)
        }
        return (text, findings)
    }
}

private final class Walker: SyntaxVisitor {
    let configuration: IOSBuildConfiguration
    var blanked: [Range<Int>] = []
    var replacements: [(range: Range<Int>, text: String)] = []
    var diagnostics: [SwiftDiagnostics.Diagnostic] = []
    /// The first component of each `import` in the active code (`Foundation` for `import struct Foundation.URL`).
    var importedModules: Set<String> = []

    init(configuration: IOSBuildConfiguration) {
        self.configuration = configuration
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        let (active, found) = node.activeClause(in: configuration)
        diagnostics += found
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        if let active, let elements = active.elements {
            blanked.append(start..<elements.position.utf8Offset)
            blanked.append(elements.endPosition.utf8Offset..<end)
            walk(elements)
        } else {
            blanked.append(start..<end)
        }
        return .skipChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { importedModules.insert(module) }
        return .skipChildren
    }

    override func visit(_ node: AvailabilityConditionSyntax) -> SyntaxVisitorContinueKind {
        let isUnavailable = node.availabilityKeyword.tokenKind == .poundUnavailable
        var iOSVersion: [Int]?
        for argument in node.availabilityArguments {
            guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                ["iOS", "iOSApplicationExtension"].contains(restriction.platform.text),
                let version = restriction.version
            else { continue }
            iOSVersion = [Int(version.major.text) ?? 0] + version.components.map { Int($0.number.text) ?? 0 }
        }
        let check: String
        if let version = iOSVersion {
            let parts = (version + [0, 0]).prefix(3).map(String.init).joined(separator: ", ")
            check = "WidgetKitUI.OSAvailability.iOS(\(parts))"
        } else {
            // No iOS version listed: `*` covers iOS, so `#available` holds and `#unavailable` does not.
            check = "true"
        }
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        let text = isUnavailable ? (iOSVersion == nil ? "false" : "!" + check) : check
        replacements.append((start..<end, text))
        return .skipChildren
    }
}

import SwiftDiagnostics
