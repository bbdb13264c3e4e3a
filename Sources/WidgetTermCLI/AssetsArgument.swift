import Foundation
import AssetCatalog

// MARK: - --assets DIR

/// `--assets DIR` (repeatable): folders searched for the app's asset catalogs and string tables, read once
/// before the command runs (`AssetCatalogs`).
enum AssetsArgument {
    /// The values of every `--assets DIR` and `--assets=DIR` in `arguments`, in order (before `--`).
    static func folders(in arguments: [String]) -> [String] {
        var folders: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { break }
            if argument == "--assets", index < arguments.count {
                folders.append(arguments[index])
                index += 1
            } else if argument.hasPrefix("--assets=") {
                folders.append(String(argument.dropFirst("--assets=".count)))
            }
        }
        return folders
    }

    /// The catalogs under `folders`.
    /// - Throws: `UsageError` naming the folder that cannot be used.
    static func open(_ folders: [String]) throws -> AssetCatalogs {
        if folders.contains(where: \.isEmpty) {
            throw UsageError("--assets needs a folder that holds the app's *.xcassets, *.xcstrings or *.lproj")
        }
        do {
            return try AssetCatalogs(folders: folders)
        } catch let error as AssetCatalogError {
            throw UsageError(error.description)
        }
    }
}
