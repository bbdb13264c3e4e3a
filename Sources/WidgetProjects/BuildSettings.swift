import Foundation

// MARK: - A target's build settings

/// The build settings of one target as Xcode layers them: the target's configuration, the `.xcconfig` it is based
/// on, the project's configuration, the project's `.xcconfig`. The Debug configuration is read first (a preview is a
/// debug build), then the others for keys Debug lacks.
///
/// An `.xcconfig` is read with its `#include` and `#include?` files (relative to the including file), `//`
/// comments, and `KEY = VALUE` lines; a conditional line (`KEY[sdk=iphoneos*] = VALUE`) counts only when the key
/// has no plain line. `$(inherited)` is dropped. Values are expanded on reading (`value(_:)`): `$(NAME)`,
/// `${NAME}` and `$NAME` from the layers, with `SRCROOT`, `PROJECT_DIR`, `SOURCE_ROOT` and `TARGET_NAME` built in;
/// a name nobody defines stays as written, unless it has a `:default=VALUE` modifier.
public struct BuildSettings: Sendable {
    /// The layers, strongest first.
    public let layers: [[String: String]]
    let builtins: [String: String]
    let sourceRoot: URL

    init(target targetID: String, name: String, graph: PBXObjectGraph, paths: [String: URL?], sourceRoot: URL, cache: ProjectCache) {
        func configurations(_ listID: String?) -> [[String: String]] {
            let all = (graph[listID]?.strings("buildConfigurations") ?? []).compactMap { graph[$0] }
            let ordered = all.filter { $0.string("name") == "Debug" } + all.filter { $0.string("name") != "Debug" }
            var layers: [[String: String]] = []
            for configuration in ordered {
                layers.append(Self.strings(configuration.dictionary("buildSettings") ?? [:]))
                if let file = Self.baseConfiguration(of: configuration, graph: graph, paths: paths, sourceRoot: sourceRoot) {
                    layers.append(cache.configurationFile(file))
                }
            }
            return layers
        }
        self.layers =
            configurations(graph[targetID]?.string("buildConfigurationList"))
            + configurations(graph[graph.rootObjectID]?.string("buildConfigurationList"))
        self.builtins = ["SRCROOT": sourceRoot.path, "PROJECT_DIR": sourceRoot.path, "SOURCE_ROOT": sourceRoot.path, "TARGET_NAME": name]
        self.sourceRoot = sourceRoot
    }

    /// The value of `key`, expanded; nil when no layer sets it (or sets it empty).
    public func value(_ key: String) -> String? {
        guard let raw = rawValue(key) else { return nil }
        return expanded(raw)
    }

    /// The file a path-valued setting names (`INFOPLIST_FILE`, `CODE_SIGN_ENTITLEMENTS`), relative paths taken from
    /// `SRCROOT`.
    public func path(_ key: String) -> URL? {
        guard let value = value(key)?.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")), !value.isEmpty else { return nil }
        return FilePaths.resolve(value, against: sourceRoot)
    }

    /// `text` with the settings it names expanded (ten rounds at most, so a setting naming itself ends).
    public func expanded(_ text: String) -> String {
        var result = text
        for _ in 0..<10 {
            guard result.contains("$") else { break }
            let next = Self.substitute(result) { name in
                self.rawValue(name) ?? self.builtins[name] ?? (name == "PRODUCT_NAME" ? self.builtins["TARGET_NAME"] : nil)
            }
            if next == result { break }
            result = next
        }
        return result
    }

    private func rawValue(_ key: String) -> String? {
        for layer in layers {
            if let value = layer[key], !value.isEmpty { return value }
        }
        return nil
    }

    /// `$(NAME)`, `${NAME}` (a `:modifier` is dropped; `:default=VALUE` gives VALUE when `lookup` does not know NAME)
    /// and `$NAME` replaced where `lookup` knows NAME.
    static func substitute(_ text: String, _ lookup: (String) -> String?) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        while index < scalars.count {
            guard scalars[index] == "$", index + 1 < scalars.count else {
                output.append(scalars[index])
                index += 1
                continue
            }
            var end = index + 1
            var name = ""
            if scalars[end] == "(" || scalars[end] == "{" {
                let close: Unicode.Scalar = scalars[end] == "(" ? ")" : "}"
                end += 1
                while end < scalars.count, scalars[end] != close { end += 1 }
                guard end < scalars.count else {
                    output.append(scalars[index])
                    index += 1
                    continue
                }
                name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                end += 1
            } else {
                while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
                name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            }
            let bare = String(name.prefix { $0 != ":" })
            let fallback = name.range(of: ":default=").map { String(name[$0.upperBound...]) }
            if !bare.isEmpty, let value = lookup(bare) ?? fallback {
                output.append(contentsOf: value.unicodeScalars)
            } else {
                output.append(contentsOf: scalars[index..<end])
            }
            index = end
        }
        return String(output)
    }

    // MARK: Configuration files

    /// The `.xcconfig` a configuration is based on: `baseConfigurationReference` (a file reference), or Xcode 16's
    /// `baseConfigurationReferenceAnchor` (a synchronized folder) with `baseConfigurationReferenceRelativePath`.
    static func baseConfiguration(
        of configuration: PBXObjectGraph.Object, graph: PBXObjectGraph, paths: [String: URL?],
        sourceRoot: URL
    ) -> URL? {
        if let reference = configuration.string("baseConfigurationReference") {
            return XcodeProject.path(of: reference, graph: graph, paths: paths, sourceRoot: sourceRoot)
        }
        if let anchor = configuration.string("baseConfigurationReferenceAnchor"),
            let relative = configuration.string("baseConfigurationReferenceRelativePath"),
            let folder = XcodeProject.path(of: anchor, graph: graph, paths: paths, sourceRoot: sourceRoot)
        {
            return FilePaths.resolve(relative, against: folder)
        }
        return nil
    }

    /// The settings of an `.xcconfig` and the files it includes (a later line wins); a file is read once.
    static func readConfigurationFile(_ file: URL, visited: inout Set<String>) -> [String: String] {
        guard visited.insert(file.standardizedFileURL.path).inserted, let text = FilePaths.text(of: file) else { return [:] }
        var plain: [String: String] = [:]
        var conditional: [String: String] = [:]
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = String(rawLine)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { continue }
                let included = FilePaths.resolve(String(line[line.index(after: open)..<close]), against: file.deletingLastPathComponent())
                for (key, value) in readConfigurationFile(included, visited: &visited) { plain[key] = value }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            var key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].replacingOccurrences(of: "$(inherited)", with: "")
                .trimmingCharacters(in: .whitespaces)
            if let bracket = key.firstIndex(of: "[") {
                key = String(key[..<bracket])
                conditional[key] = value
            } else {
                plain[key] = value
            }
        }
        return plain.merging(conditional) { plainValue, _ in plainValue }
    }

    /// Build settings as strings: a list value (`OTHER_SWIFT_FLAGS = (a, b)`) joined with spaces.
    static func strings(_ settings: [String: Any]) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in settings {
            if let text = value as? String {
                result[key] = text
            } else if let list = value as? [String] {
                result[key] = list.joined(separator: " ")
            }
        }
        return result
    }
}
