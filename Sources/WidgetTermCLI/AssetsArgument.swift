import Foundation
import AssetCatalog

// MARK: - --assets DIR

/// `--assets DIR` (repeatable): folders searched for the app's asset catalogs and string tables, read once
/// before the command runs (`AssetCatalogs`).
enum AssetsArgument {
    /// The values of every `--assets DIR` and `--assets=DIR` in `arguments`, in order, as the command's parser reads
    /// them (`ParsedArguments.values(of:in:)`).
    static func folders(in arguments: [String]) -> [String] {
        ParsedArguments.values(of: "assets", in: arguments)
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
