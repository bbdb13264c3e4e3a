import Foundation

// MARK: - String tables

/// The `Localizable` table in every language found: from string catalogs (`Localizable.xcstrings`, JSON) and
/// `*.lproj/Localizable.strings` files. The first table to define a key in a language wins.
struct LocalizedStrings {
    /// Values by language tag (lowercased, `-` separated: `en`, `pt-br`, `zh-hans`) then key.
    private(set) var tables: [String: [String: String]] = [:]
    /// The source languages of the string catalogs read, and `Base`/`en` folders: where a key falls back to.
    private(set) var sourceLanguages: [String] = []

    /// Reads a string catalog. Each key's `localizations.LANG.stringUnit.value` is its value in LANG; a key
    /// with plural variations takes its `other` form (WidgetTerm does not pick plural forms by number).
    mutating func readStringCatalog(at path: String) throws {
        let table = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard table == "Localizable" else { return } // `Text("key")` reads the Localizable table only
        let object = try ContentsJSON.read(path)
        guard let strings = object["strings"] as? [String: Any] else {
            throw AssetCatalogError.malformed(path, "has no \"strings\" object; is it a string catalog?")
        }
        if let source = object["sourceLanguage"] as? String { addSource(source) }
        for (key, entry) in strings {
            guard let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] else { continue }
            for (language, localization) in localizations {
                guard let localization = localization as? [String: Any], let value = Self.value(of: localization) else { continue }
                let tag = Self.tag(language)
                if tables[tag, default: [:]][key] == nil { tables[tag, default: [:]][key] = value }
            }
        }
    }

    private static func value(of localization: [String: Any]) -> String? {
        if let unit = localization["stringUnit"] as? [String: Any], let value = unit["value"] as? String { return value }
        guard let variations = localization["variations"] as? [String: Any] else { return nil }
        for kind in ["plural", "device"] {
            guard let forms = variations[kind] as? [String: Any] else { continue }
            for form in ["other", "iphone", "one"] {
                if let form = forms[form] as? [String: Any], let value = value(of: form) { return value }
            }
        }
        return nil
    }

    /// Reads `LANG.lproj/Localizable.strings` (the old-style property list Xcode writes, UTF-8 or UTF-16).
    mutating func readStringsFolder(at folder: String) throws {
        let language = ((folder as NSString).lastPathComponent as NSString).deletingPathExtension
        let file = (folder as NSString).appendingPathComponent("Localizable.strings")
        guard let data = FileManager.default.contents(atPath: file) else { return }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw AssetCatalogError.malformed(
                file,
                "cannot be read as a strings file (\(error.localizedDescription)); "
                    + "each line should be \"key\" = \"value\";")
        }
        guard let pairs = object as? [String: Any] else {
            throw AssetCatalogError.malformed(file, "is not a list of \"key\" = \"value\"; pairs")
        }
        if language == "Base" { addSource("Base") }
        let tag = Self.tag(language)
        for (key, value) in pairs {
            guard let value = value as? String else { continue }
            if tables[tag, default: [:]][key] == nil { tables[tag, default: [:]][key] = value }
        }
    }

    private mutating func addSource(_ language: String) {
        let tag = Self.tag(language)
        if !sourceLanguages.contains(tag) { sourceLanguages.append(tag) }
    }

    /// `key` for `locale`: the full tag (`pt-br`), the language with its script (`zh-hans`), the language
    /// (`pt`), then the source languages; nil when none has it (the text shows its key, as on iOS).
    func value(forKey key: String, locale: Locale) -> String? {
        guard !tables.isEmpty else { return nil }
        for tag in Self.candidates(for: locale) + sourceLanguages {
            if let value = tables[tag]?[key] { return value }
        }
        return nil
    }

    static func candidates(for locale: Locale) -> [String] {
        let parts = tag(locale.identifier.split(separator: "@").first.map(String.init) ?? "").split(separator: "-").map(String.init)
        guard let language = parts.first else { return [] }
        var tags = [parts.joined(separator: "-")]
        if parts.count > 1, parts[1].count == 4 { tags.append("\(language)-\(parts[1])") }
        tags.append(language)
        var seen = Set<String>()
        return tags.filter { seen.insert($0).inserted }
    }

    static func tag(_ language: String) -> String { language.replacingOccurrences(of: "_", with: "-").lowercased() }
}
