import Foundation
import SpellingSuggestions
#if canImport(FoundationXML)
import FoundationXML
#endif

// MARK: - Finding a widget extension at a path

extension WidgetSourceSet {
    /// The widget extension at `path`.
    ///
    /// `path` may be:
    /// - an Xcode project: an `.xcodeproj`, an `.xcworkspace` (each project it lists is read, `Pods` aside), or
    ///   a folder holding one; its widget extension targets (`XcodeProject.Target.isWidgetExtension`) are the
    ///   candidates;
    /// - a Swift package (a folder with `Package.swift`): the folders under `Sources/` whose Swift files declare
    ///   a `Widget` or `WidgetBundle` are the candidates;
    /// - a folder inside an Xcode project (up to three levels down) where a widget extension target declares its
    ///   widgets: that target, as if the project had been given;
    /// - any other folder: its Swift files (hidden folders and build folders skipped), if one declares a widget.
    ///
    /// - Parameters:
    ///   - path: the path as the user gave it; relative paths are taken from the current directory.
    ///   - target: the candidate to take (`--target NAME`); required when there are several.
    /// - Throws: `WidgetProjectError` naming the file or folder: no such path; an unreadable project; a project
    ///   with no widget extension (the error lists its targets and product types); several candidates and no
    ///   `target` (it lists them); an unknown `target` (with a "did you mean"); a folder with no widget (it says
    ///   what was looked for).
    public static func find(at path: String, target: String? = nil) throws -> WidgetSourceSet {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard FilePaths.exists(url) else {
            throw WidgetProjectError(
                file: url, "no such file or folder; give a widget extension folder, an .xcodeproj, an .xcworkspace or a Swift package")
        }
        switch url.pathExtension {
        case "xcodeproj": return try fromProjects([url], named: url, target: target)
        case "xcworkspace": return try fromProjects(try WorkspaceContents.projects(in: url), named: url, target: target)
        case "pbxproj": return try fromProjects([url.deletingLastPathComponent()], named: url, target: target)
        default: break
        }
        if let kind = FilePaths.nonFileKind(url), kind != "a directory" {
            throw WidgetProjectError(
                file: url, "is \(kind); give a widget extension folder, an .xcodeproj, an .xcworkspace or a Swift package")
        }
        guard FilePaths.isDirectory(url) else {
            throw WidgetProjectError(
                file: url, "is a file; give the folder that holds the widget extension, its .xcodeproj or its Package.swift's folder")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
        if let workspace = names.first(where: { $0.hasSuffix(".xcworkspace") }) {
            let projects = try WorkspaceContents.projects(in: url.appendingPathComponent(workspace))
            if !projects.isEmpty { return try fromProjects(projects, named: url.appendingPathComponent(workspace), target: target) }
        }
        let projects = names.filter { $0.hasSuffix(".xcodeproj") && $0 != "Pods.xcodeproj" }.map { url.appendingPathComponent($0) }
        if !projects.isEmpty { return try fromProjects(projects, named: projects.count == 1 ? projects[0] : url, target: target) }
        if names.contains("Package.swift") { return try fromPackage(url, target: target) }
        return try fromFolder(url, target: target)
    }

    // MARK: Xcode projects

    private static func fromProjects(_ urls: [URL], named source: URL, target: String?) throws -> WidgetSourceSet {
        let projects = try urls.map { try XcodeProject(contentsOf: $0) }
        let all = projects.flatMap { project in project.targets.map { (project, $0) } }
        let widgets = all.filter { $0.1.isWidgetExtension }
        if let target {
            if let (project, match) = all.first(where: { $0.1.name == target }) {
                guard match.isWidgetExtension else {
                    throw WidgetProjectError(
                        file: project.projectFile,
                        "target \(target) is \(Self.describe(match)), not a widget extension; "
                            + (widgets.isEmpty
                                ? "the project has no widget extension target"
                                : "its widget extension targets: \(widgets.map(\.1.name).joined(separator: ", "))"))
                }
                return project.sourceSet(of: match)
            }
            let names = widgets.isEmpty ? all.map(\.1.name) : widgets.map(\.1.name)
            let hint = NearestName.suggestion(for: target, among: all.map(\.1.name)).map { " (did you mean \($0)?)" } ?? ""
            throw WidgetProjectError(
                file: projects.count == 1 ? projects[0].projectFile : source,
                "has no target \(target)\(hint); widget extension targets: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        switch widgets.count {
        case 1: return widgets[0].0.sourceSet(of: widgets[0].1)
        case 0:
            let listed = all.map { "\($0.1.name) (\(Self.describe($0.1)))" }
            throw WidgetProjectError(
                file: projects.count == 1 ? projects[0].projectFile : source,
                "has no widget extension target (an app extension whose Info.plist names \(XcodeProject.widgetKitExtensionPoint), "
                    + "or whose sources declare a Widget or WidgetBundle); its targets: \(listed.isEmpty ? "none" : listed.joined(separator: ", ")). "
                    + "Add a Widget Extension target in Xcode, or give the extension's folder instead")
        default:
            throw WidgetProjectError(
                file: projects.count == 1 ? projects[0].projectFile : source,
                "has \(widgets.count) widget extension targets: \(widgets.map(\.1.name).joined(separator: ", ")); pick one with --target NAME"
            )
        }
    }

    private static func describe(_ target: XcodeProject.Target) -> String {
        let short = target.productType.replacingOccurrences(of: "com.apple.product-type.", with: "")
        guard let point = target.extensionPointIdentifier, XcodeProject.extensionProductTypes.contains(target.productType) else {
            return short.isEmpty ? "a target with no product type" : short
        }
        return "\(short), \(point)"
    }

    // MARK: Swift packages

    private static func fromPackage(_ folder: URL, target: String?) throws -> WidgetSourceSet {
        let manifest = folder.appendingPathComponent("Package.swift")
        let sources = folder.appendingPathComponent("Sources")
        let targetFolders = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted()
            .filter { !$0.hasPrefix(".") }.map { sources.appendingPathComponent($0) }.filter(FilePaths.isDirectory)
        let localPackages = PackageManifestScan.localPackagePaths(manifest: manifest).map { LocalPackage(path: $0, products: []) }
        var candidates: [WidgetSourceSet] = []
        for targetFolder in targetFolders {
            var set = fromFolderContents(
                targetFolder, name: targetFolder.lastPathComponent, origin: .swiftPackage, projectFile: manifest, root: folder)
            set.localPackages = localPackages
            if set.declaresWidgets || set.name == target { candidates.append(set) }
        }
        if let target {
            if let match = candidates.first(where: { $0.name == target }) { return match }
            let names = targetFolders.map(\.lastPathComponent)
            let hint = NearestName.suggestion(for: target, among: names).map { " (did you mean \($0)?)" } ?? ""
            throw WidgetProjectError(
                file: sources,
                "has no target folder \(target)\(hint); its targets: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        switch candidates.count {
        case 1: return candidates[0]
        case 0:
            throw WidgetProjectError(
                file: manifest,
                "no target under Sources/ declares a type conforming to Widget or WidgetBundle (read \(targetFolders.count) target "
                    + "folder\(targetFolders.count == 1 ? "" : "s"): "
                    + "\(targetFolders.map(\.lastPathComponent).joined(separator: ", "))); give the folder of the widget's Swift files instead"
            )
        default:
            throw WidgetProjectError(
                file: manifest,
                "has \(candidates.count) targets that declare widgets: \(candidates.map(\.name).joined(separator: ", ")); pick one with --target NAME"
            )
        }
    }

    // MARK: Folders

    private static func fromFolder(_ folder: URL, target: String?) throws -> WidgetSourceSet {
        if let enclosing = try fromEnclosingProject(of: folder, target: target) { return enclosing }
        if let target {
            throw WidgetProjectError(
                file: folder,
                "--target \(target) needs an Xcode project or a Swift package, and this folder holds neither; leave --target out")
        }
        let set = fromFolderContents(folder, name: folder.lastPathComponent, origin: .folder, projectFile: nil, root: folder)
        guard !set.declaresWidgets else { return set }
        var message =
            "found no widget: looked for an .xcodeproj, an .xcworkspace or a Package.swift here, and for a type conforming to Widget "
            + "or WidgetBundle in its \(set.swiftSources.count) Swift file\(set.swiftSources.count == 1 ? "" : "s")"
        let nested = nestedProjects(in: folder)
        if !nested.isEmpty {
            message += "; below it: \(nested.prefix(3).map { FilePaths.relative($0, to: folder) }.joined(separator: ", ")) (give that path)"
        } else {
            message += "; give the widget extension's folder or its Xcode project"
        }
        throw WidgetProjectError(file: folder, message)
    }

    /// The widget extension of an Xcode project up to three folders above `folder` whose widgets are declared in it: a
    /// widget extension's own folder inside a project gets the project's answer (the files it shares with the app,
    /// its packages). Nil when no such project or target is found, or the project cannot be read.
    ///
    /// - Throws: `WidgetProjectError` when several extensions of one project declare widgets in `folder` and `target`
    ///   names none of them.
    private static func fromEnclosingProject(of folder: URL, target: String?) throws -> WidgetSourceSet? {
        var parent = folder.deletingLastPathComponent()
        for _ in 0..<3 {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
            for name in names where name.hasSuffix(".xcodeproj") && name != "Pods.xcodeproj" {
                guard let project = try? XcodeProject(contentsOf: parent.appendingPathComponent(name)) else { continue }
                let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
                let sets = project.widgetExtensions.map(project.sourceSet(of:)).filter { set in
                    set.declarations.contains { $0.role != .entryPoint && $0.file.path.hasPrefix(prefix) }
                        && (target == nil || set.name == target)
                }
                if sets.count == 1 { return sets[0] }
                if sets.count > 1 {
                    throw WidgetProjectError(
                        file: project.projectFile,
                        "has \(sets.count) widget extension targets with widgets in \(folder.path): "
                            + "\(sets.map(\.name).joined(separator: ", ")); pick one with --target NAME")
                }
            }
            let next = parent.deletingLastPathComponent()
            if next.path == parent.path { break }
            parent = next
        }
        return nil
    }

    /// Folders skipped in a walk: build products and dependency checkouts.
    static let skippedFolders: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules"]

    private static func fromFolderContents(_ folder: URL, name: String, origin: Origin, projectFile: URL?, root: URL) -> WidgetSourceSet {
        var swift: [URL] = []
        var other: [URL] = []
        var resources: [URL] = []
        for relative in FilePaths.walk(folder, skipping: skippedFolders) {
            let url = folder.appendingPathComponent(relative)
            let fileExtension = url.pathExtension.lowercased()
            if fileExtension == "swift" {
                swift.append(url)
            } else if FilePaths.otherSourceExtensions.contains(fileExtension) {
                other.append(url)
            } else if ["xcassets", "xcstrings", "lproj", "strings", "stringsdict"].contains(fileExtension) {
                resources.append(url)
            }
        }
        let sorted = FilePaths.sorted(swift)
        return WidgetSourceSet(
            name: name, origin: origin, projectFile: projectFile, root: root, swiftSources: sorted,
            otherSources: FilePaths.sorted(other), resources: FilePaths.sorted(resources),
            declarations: sorted.flatMap { WidgetDeclarationScan.declarations(inFile: $0) },
            infoPlist: FilePaths.exists(folder.appendingPathComponent("Info.plist")) ? folder.appendingPathComponent("Info.plist") : nil,
            entitlements: FilePaths.subfiles(of: folder).first { $0.pathExtension == "entitlements" })
    }

    /// `.xcodeproj` and `.xcworkspace` folders up to three levels below `folder`.
    private static func nestedProjects(in folder: URL) -> [URL] {
        var found: [URL] = []
        func visit(_ directory: URL, depth: Int) {
            guard depth <= 3, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") && !skippedFolders.contains(name) {
                let url = directory.appendingPathComponent(name)
                if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
                    found.append(url)
                } else if FilePaths.isDirectory(url) {
                    visit(url, depth: depth + 1)
                }
            }
        }
        visit(folder, depth: 1)
        return found
    }
}

// MARK: - Workspaces and manifests

/// The projects an `.xcworkspace` lists (`contents.xcworkspacedata`: `FileRef` locations inside `Group`s).
enum WorkspaceContents {
    /// The `.xcodeproj` folders `workspace` lists, `Pods.xcodeproj` and missing ones left out.
    ///
    /// - Throws: `WidgetProjectError` when `contents.xcworkspacedata` cannot be read or parsed.
    static func projects(in workspace: URL) throws -> [URL] {
        let file = workspace.appendingPathComponent("contents.xcworkspacedata")
        guard let data = FilePaths.contents(of: file) else {
            throw WidgetProjectError(file: file, "cannot be read; a workspace folder holds contents.xcworkspacedata, so check the path")
        }
        let delegate = Reader(container: workspace.deletingLastPathComponent())
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw WidgetProjectError(file: file, "is not valid XML (line \(parser.lineNumber)); open the workspace in Xcode to repair it")
        }
        return delegate.projects.filter { $0.lastPathComponent != "Pods.xcodeproj" && FilePaths.exists($0) }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        let container: URL
        var groups: [URL] = []
        var projects: [URL] = []
        init(container: URL) { self.container = container }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let base = groups.last ?? container
            let url = attributes["location"].map { resolve($0, base: base) } ?? base
            if element == "Group" { groups.append(url) }
            if element == "FileRef", url.pathExtension == "xcodeproj" { projects.append(url) }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "Group", !groups.isEmpty { groups.removeLast() }
        }

        /// `group:` is relative to the enclosing group, `container:` to the workspace's folder, `absolute:` absolute.
        private func resolve(_ location: String, base: URL) -> URL {
            guard let colon = location.firstIndex(of: ":") else { return FilePaths.resolve(location, against: base) }
            let kind = location[..<colon]
            let path = String(location[location.index(after: colon)...])
            switch kind {
            case "container": return FilePaths.resolve(path, against: container)
            case "absolute": return URL(fileURLWithPath: path).standardizedFileURL
            default: return FilePaths.resolve(path, against: base)
            }
        }
    }
}

/// What a `Package.swift` says without running it: the `.package(path:)` dependencies, read textually.
enum PackageManifestScan {
    /// The names of the `.library(name:)` products `manifest` declares, outside comments.
    static func libraryProducts(manifest: URL) -> Set<String> {
        guard let text = FilePaths.text(of: manifest),
            let expression = try? NSRegularExpression(pattern: #"\.library\s*\(\s*name\s*:\s*"([^"]*)""#)
        else { return [] }
        let code = Array(WidgetDeclarationScan.blankingCommentsAndStrings(text).unicodeScalars)
        var names = Set<String>()
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let call = Range(match.range, in: text), let name = Range(match.range(at: 1), in: text) else { continue }
            let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: call.lowerBound)
            if offset < code.count, code[offset] == "." { names.insert(String(text[name])) }
        }
        return names
    }

    static func localPackagePaths(manifest: URL) -> [URL] {
        guard let text = FilePaths.text(of: manifest) else { return [] }
        let code = WidgetDeclarationScan.blankingCommentsAndStrings(text)
        // Strings are blanked in `code`; find `.package(` calls there, and read their `path:` from `text`.
        guard let expression = try? NSRegularExpression(pattern: #"\.package\s*\((?:[^()]|\([^()]*\))*?\bpath\s*:\s*"([^"]*)""#) else {
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        let folder = manifest.deletingLastPathComponent()
        return expression.matches(in: text, range: range).compactMap { match -> URL? in
            guard let callRange = Range(match.range, in: text), let pathRange = Range(match.range(at: 1), in: text) else { return nil }
            // Skip a match inside a comment: the call's opening must survive in the blanked code.
            let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: callRange.lowerBound)
            let codeScalars = Array(code.unicodeScalars)
            guard offset < codeScalars.count, codeScalars[offset] == "." else { return nil }
            return FilePaths.resolve(String(text[pathRange]), against: folder)
        }
    }
}
