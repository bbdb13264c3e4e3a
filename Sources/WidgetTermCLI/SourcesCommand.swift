import Foundation
import WidgetKitUI
import WidgetProjects

// MARK: - sources

/// `widgetterm sources PATH [--target NAME] [--format text|json]`: what WidgetTerm would build for the widget
/// extension at PATH (`WidgetSourceSet.find(at:target:)`): its Swift files (those shared with other targets
/// marked), other sources, resources, local and remote packages, linked targets, and the widget declarations the
/// scan found. Reads only; builds nothing.
///
/// Exit status: 0 when a widget extension was found; 2 for usage errors and for a path with none (the message
/// names the file and what to do).
enum SourcesCommand {
    static let help = """
        usage: widgetterm sources PATH [--target NAME] [--format text|json]

        Prints the sources WidgetTerm takes for the widget extension at PATH, without building anything:
        PATH may be a widget extension folder, an Xcode project (.xcodeproj, .xcworkspace, or the folder holding
        one) or a Swift package. In a project, the widget extension targets are app extensions whose Info.plist
        names com.apple.widgetkit-extension, or whose sources declare a Widget or WidgetBundle; both classic groups
        and Xcode 16 synchronized folders (with their exceptions) are read.

        options:
          --target NAME   the extension target (or package target) to take when there are several
          --format F      text (default) or json

        """

    static func run(_ arguments: [String], output: TextStream, errors: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: ["target", "format"], boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(help)
            return 0
        }
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            throw UsageError(
                parsed.positionals.isEmpty
                    ? "sources needs a PATH: a widget extension folder, an .xcodeproj, an .xcworkspace or a Swift package"
                    : "sources takes one PATH, not \(parsed.positionals.count); quote a path with spaces")
        }
        if path.isEmpty { throw UsageError("sources needs a PATH, and the one given is empty") }
        let json = try parsed.choice("format", ["text": false, "json": true], default: false)
        if parsed["target"]?.isEmpty == true { throw UsageError("--target needs a target name") }
        let set: WidgetSourceSet
        do {
            set = try WidgetSourceSet.find(at: path, target: parsed["target"])
        } catch let error as WidgetProjectError {
            throw UsageError(error.description)
        }
        output.write(json ? jsonText(set) : text(set))
        for missing in set.missingFiles {
            errors.write("widgetterm: warning: \(missing.path) is listed in \(set.projectFile?.path ?? set.root.path) but not on disk\n")
        }
        return 0
    }

    /// The set as a person reads it: paths relative to the project's folder.
    static func text(_ set: WidgetSourceSet) -> String {
        var lines: [String] = []
        let origin: String
        switch set.origin {
        case .xcodeProject: origin = "widget extension target of \(set.projectFile.map(set.displayPath) ?? "")"
        case .swiftPackage: origin = "target of the Swift package \(set.projectFile.map(set.displayPath) ?? "")"
        case .folder: origin = "folder"
        }
        lines.append("\(set.name): \(origin)")
        lines.append("root: \(set.root.path)")
        if let infoPlist = set.infoPlist { lines.append("info plist: \(set.displayPath(infoPlist))") }
        if let entitlements = set.entitlements {
            let groups = set.appGroupIdentifiers
            lines.append(
                "entitlements: \(set.displayPath(entitlements))"
                    + (groups.isEmpty ? "" : " (App Groups: \(groups.joined(separator: ", ")))"))
        }
        if let main = set.entryPoint {
            lines.append("entry point: @main \(main.typeName) (\(main.role.rawValue)) at \(set.displayPath(main.file)):\(main.line)")
        }
        for declaration in set.declarations where !declaration.isMain {
            lines.append(
                "\(declaration.role.rawValue): \(declaration.typeName) at \(set.displayPath(declaration.file)):\(declaration.line)")
        }
        let shared = Set(set.sharedSwiftSources)
        section("swift sources", set.swiftSources, into: &lines) {
            set.displayPath($0) + (shared.contains($0) ? "  (shared with other targets)" : "")
        }
        section("other sources", set.otherSources, into: &lines) { set.displayPath($0) }
        section("resources", set.resources, into: &lines) { set.displayPath($0) }
        section("local packages", set.localPackages, into: &lines) {
            set.displayPath($0.path) + ($0.products.isEmpty ? "" : "  (products: \($0.products.joined(separator: ", ")))")
        }
        section("remote packages (not fetched)", set.remotePackages, into: &lines) {
            $0.repositoryURL + "  (products: \($0.products.joined(separator: ", ")))"
        }
        section("linked targets", set.linkedTargets, into: &lines) {
            "\($0.name) (\($0.productType), \($0.swiftSources.count) Swift files)"
        }
        section("missing files", set.missingFiles, into: &lines) { set.displayPath($0) + "  (listed, not on disk)" }
        // File names may hold control characters: each line is one field on the terminal.
        return lines.map { TerminalText.escaped($0) }.joined(separator: "\n") + "\n"
    }

    private static func section<T>(_ title: String, _ items: [T], into lines: inout [String], _ describe: (T) -> String) {
        guard !items.isEmpty else { return }
        lines.append("\(title) (\(items.count)):")
        lines.append(contentsOf: items.map { "  " + describe($0) })
    }

    /// The set as JSON: absolute paths, every list present.
    static func jsonText(_ set: WidgetSourceSet) -> String {
        let object: [String: Any] = [
            "name": set.name,
            "origin": set.origin.rawValue,
            "projectFile": set.projectFile?.path ?? NSNull(),
            "root": set.root.path,
            "swiftSources": set.swiftSources.map(\.path),
            "sharedSwiftSources": set.sharedSwiftSources.map(\.path),
            "otherSources": set.otherSources.map(\.path),
            "resources": set.resources.map(\.path),
            "localPackages": set.localPackages.map { ["path": $0.path.path, "products": $0.products] },
            "remotePackages": set.remotePackages.map { ["repositoryURL": $0.repositoryURL, "products": $0.products] },
            "linkedTargets": set.linkedTargets.map {
                ["name": $0.name, "productType": $0.productType, "swiftSources": $0.swiftSources.map(\.path)]
            },
            "missingFiles": set.missingFiles.map(\.path),
            "infoPlist": set.infoPlist?.path ?? NSNull(),
            "entitlements": set.entitlements?.path ?? NSNull(),
            "appGroupIdentifiers": set.appGroupIdentifiers,
            "declarations": set.declarations.map {
                ["typeName": $0.typeName, "role": $0.role.rawValue, "isMain": $0.isMain, "file": $0.file.path, "line": $0.line]
            },
        ]
        guard
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return TerminalText.escapedJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}
