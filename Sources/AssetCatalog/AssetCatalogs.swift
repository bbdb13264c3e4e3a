import Foundation
import WidgetKitUI

// MARK: - The catalogs of an app and its widget extension

/// The asset catalogs (`*.xcassets`) and string tables (`*.xcstrings`, `*.lproj/Localizable.strings`) found
/// in folders, answering `Color("Brand")`, `Image("cover")` and `Text("key")` for one host
/// (``HostContext/resources``). This is what `--assets DIR` builds.
///
/// Colour sets and string tables are read when the catalogs are opened (they are small); each image file is
/// decoded once, on first use, with libpng or libjpeg-turbo, and kept in memory. Lookups are thread-safe.
/// When two catalogs have a resource of the same name, the first folder given (then the first path in
/// alphabetical order) wins, as one build product would have only one.
public final class AssetCatalogs: WidgetResourceProvider, @unchecked Sendable {
    /// The folders searched, as given.
    public let folders: [String]
    /// The `*.xcassets` folders found, in search order.
    public let assetCatalogs: [String]
    /// The `*.xcstrings` files and `*.lproj` folders found, in search order.
    public let stringTables: [String]
    /// Problems met while reading (an unreadable `Contents.json`, a colour with a malformed component): one
    /// line each, naming the file and what to fix. The resources concerned are treated as missing.
    public private(set) var problems: [String] = []

    private var colors: [String: CatalogColor] = [:]
    private var imageSets: [String: ImageSet] = [:]
    private var strings = LocalizedStrings()
    private let lock = NSLock()
    private var decoded: [String: DecodedFile] = [:]

    /// Reads the catalogs under `folders`.
    ///
    /// Each folder is searched (hidden folders, `.build`, `DerivedData` and `Pods` skipped) for `*.xcassets`,
    /// `*.xcstrings` and `*.lproj`; a folder that is itself one of these is used directly.
    ///
    /// - Throws: ``AssetCatalogError`` when a folder does not exist, cannot be read, or holds no catalog.
    public init(folders: [String]) throws {
        self.folders = folders
        var catalogs: [String] = []
        var tables: [String] = []
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
                throw AssetCatalogError.missingFolder(folder)
            }
            guard isDirectory.boolValue else {
                if folder.hasSuffix(".xcstrings") {
                    tables.append(folder)
                    continue
                }
                throw AssetCatalogError.notAFolder(folder)
            }
            let found = try Self.search(folder)
            guard !found.catalogs.isEmpty || !found.tables.isEmpty else { throw AssetCatalogError.empty(folder) }
            catalogs += found.catalogs
            tables += found.tables
        }
        assetCatalogs = catalogs
        stringTables = tables
        for catalog in catalogs { readCatalog(catalog) }
        for table in tables {
            do {
                if table.hasSuffix(".xcstrings") {
                    try strings.readStringCatalog(at: table)
                } else {
                    try strings.readStringsFolder(at: table)
                }
            } catch let error as AssetCatalogError {
                problems.append(error.description)
            } catch {
                problems.append("\(table): \(error.localizedDescription)")
            }
        }
    }

    // MARK: Lookups

    /// The `*.xcassets` folders found (`assetCatalogs`), for messages about a missing colour or image.
    public var searchedCatalogs: [String] { assetCatalogs }

    /// The colour set `name` (`Brand.colorset`) in both appearances, or nil when no catalog has one.
    public func color(named name: String) -> CatalogColor? { colors[name] }

    /// The image set `name` at the scale nearest `displayScale` (1, 2 or 3; the larger on a tie), dark variant in
    /// `.dark` when there is one; `.missing` when no set has the name, `.unusable` with a reason when its file cannot be drawn.
    public func image(named name: String, displayScale: Double, colorScheme: ColorScheme) -> CatalogImageLookup {
        guard let set = imageSets[name] else { return .missing }
        guard let file = set.file(displayScale: displayScale, isDark: colorScheme == .dark) else {
            return .unusable(
                code: "empty-image-asset",
                reason: "the image set \(set.path) has no image files; drag a PNG or JPEG into it in Xcode")
        }
        switch decode(file) {
        case .pixels(let width, let height, let pixels):
            return .found(
                CatalogBitmap(
                    name: name, pixelWidth: width, pixelHeight: height, scale: file.scale, pixels: pixels,
                    isTemplate: set.isTemplate))
        case .problem(let code, let reason):
            return .unusable(code: code, reason: reason)
        }
    }

    /// The translation of `key` for `locale` (the full tag, then script, then language), falling back to the
    /// source language; nil when no table has the key.
    public func localizedString(forKey key: String, locale: Locale) -> String? {
        strings.value(forKey: key, locale: locale)
    }

    /// A colour-set component as Xcode writes it (`"0.500"`, `"128"`, `"0x80"`), as 0...1; nil when malformed.
    public static func parseComponent(_ text: String) -> Double? { ColorSetReader.parse(text) }

    /// The names of the colour sets and image sets found, sorted (for `--assets` listings and tests).
    public var colorNames: [String] { colors.keys.sorted() }
    /// The names of the image sets found, sorted.
    public var imageNames: [String] { imageSets.keys.sorted() }

    // MARK: Reading

    private static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "node_modules", "build"]

    /// The catalogs and string tables under `folder`, in path order.
    static func search(_ folder: String) throws -> (catalogs: [String], tables: [String]) {
        if folder.hasSuffix(".xcassets") { return ([folder], []) }
        if folder.hasSuffix(".lproj") { return ([], [folder]) }
        var catalogs: [String] = [], tables: [String] = []
        var pending = [folder]
        var visited = 0
        while let current = pending.popLast() {
            visited += 1
            // A source tree has far fewer folders; this bounds a search started at `/` by mistake.
            guard visited <= 20_000 else { throw AssetCatalogError.tooLarge(folder) }
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: current).sorted()
            } catch {
                if current == folder { throw AssetCatalogError.unreadable(folder, error.localizedDescription) }
                continue
            }
            var subfolders: [String] = []
            for entry in entries where !entry.hasPrefix(".") && !skippedFolders.contains(entry) {
                let path = (current as NSString).appendingPathComponent(entry)
                if entry.hasSuffix(".xcstrings") {
                    tables.append(path)
                    continue
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                if entry.hasSuffix(".xcassets") {
                    catalogs.append(path)
                } else if entry.hasSuffix(".lproj") {
                    tables.append(path)
                } else {
                    subfolders.append(path)
                }
            }
            pending += subfolders.reversed()
        }
        return (catalogs, tables)
    }

    /// Reads the colour sets and image sets of one catalog (folders with `provides-namespace` prefix their
    /// contents' names with `Folder/`, as Xcode does).
    private func readCatalog(_ catalog: String) {
        var pending: [(path: String, prefix: String)] = [(catalog, "")]
        while let (folder, prefix) = pending.popLast() {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder).sorted() else {
                problems.append("\(folder): cannot be read")
                continue
            }
            var subfolders: [(path: String, prefix: String)] = []
            for entry in entries where !entry.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(entry)
                let stem = (entry as NSString).deletingPathExtension
                switch (entry as NSString).pathExtension {
                case "colorset":
                    let name = prefix + stem
                    guard colors[name] == nil else { continue }
                    do {
                        colors[name] = try ColorSetReader.read(path)
                    } catch {
                        problems.append("\(error)")
                    }
                case "imageset":
                    let name = prefix + stem
                    guard imageSets[name] == nil else { continue }
                    do {
                        imageSets[name] = try ImageSet.read(path)
                    } catch {
                        problems.append("\(error)")
                    }
                case "":
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                    subfolders.append((path, Self.providesNamespace(path) ? prefix + entry + "/" : prefix))
                default:
                    continue // app icons, symbol sets, data sets: not drawn by widget views
                }
            }
            pending += subfolders.reversed()
        }
    }

    private static func providesNamespace(_ folder: String) -> Bool {
        let contents = (folder as NSString).appendingPathComponent("Contents.json")
        guard let data = FileManager.default.contents(atPath: contents),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let properties = object["properties"] as? [String: Any]
        else { return false }
        return properties["provides-namespace"] as? Bool == true
    }

    // MARK: Decoding, once per file

    private func decode(_ file: ImageSet.File) -> DecodedFile {
        if let cached = lock.withLock({ decoded[file.path] }) { return cached }
        let result = ImageFileDecoder.decode(file.path)
        lock.withLock { decoded[file.path] = result }
        return result
    }
}

/// A decoded file, or why it cannot be drawn.
enum DecodedFile {
    case pixels(width: Int, height: Int, [UInt8])
    case problem(code: String, reason: String)
}

/// Why `--assets` folders cannot be read.
public enum AssetCatalogError: Error, CustomStringConvertible, Equatable {
    case missingFolder(String)
    case notAFolder(String)
    case unreadable(String, String)
    case tooLarge(String)
    /// A folder with no catalog or string table below it.
    case empty(String)
    /// A file inside a catalog: its path and what is wrong with it.
    case malformed(String, String)

    /// One line naming the folder or file and what to do, as printed after `widgetterm: `.
    public var description: String {
        switch self {
        case .missingFolder(let path): return "--assets \(path): no such folder; give the folder that holds the app's *.xcassets"
        case .notAFolder(let path): return "--assets \(path): not a folder; give the folder that holds the app's *.xcassets"
        case .unreadable(let path, let reason): return "--assets \(path): cannot be read (\(reason))"
        case .tooLarge(let path):
            return "--assets \(path): more than 20000 folders below it; give the project folder, not a whole disk"
        case .empty(let path):
            return "--assets \(path): no *.xcassets, *.xcstrings or *.lproj below it; give the folder of the app or "
                + "widget extension that holds them"
        case .malformed(let path, let reason): return "\(path): \(reason)"
        }
    }
}
