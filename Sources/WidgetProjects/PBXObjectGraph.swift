import Foundation

// MARK: - The object graph of project.pbxproj

/// The objects of an Xcode `project.pbxproj`, read with Foundation's `PropertyListSerialization` (the file is an
/// OpenStep property list: `{ archiveVersion = 1; objects = { ID = { isa = PBXNativeTarget; ... }; }; rootObject = ID; }`).
///
/// Only the object table and the root object are kept; typed readers (`XcodeProject`) walk them. No Apple
/// document specifies the format; the names follow what Xcode writes (see docs/DECISIONS.md, "reading Xcode projects").
struct PBXObjectGraph {
    /// One object: its identifier and its fields as the property list gave them.
    struct Object {
        let id: String
        let fields: [String: Any]

        /// The object's class (`isa`), such as `PBXNativeTarget`.
        var isa: String { fields["isa"] as? String ?? "" }
        func string(_ key: String) -> String? { fields[key] as? String }
        /// An array of object identifiers (or strings), empty when absent.
        func strings(_ key: String) -> [String] { fields[key] as? [String] ?? [] }
        func dictionary(_ key: String) -> [String: Any]? { fields[key] as? [String: Any] }
    }

    let objects: [String: Object]
    let rootObjectID: String
    /// The file read, for error messages.
    let file: URL

    /// Reads and parses `file`.
    ///
    /// - Throws: `WidgetProjectError` naming `file` when it cannot be read, is not a property list, or has no
    ///   `objects` table or `rootObject`.
    init(contentsOf file: URL) throws {
        self.file = file
        if let kind = FilePaths.nonFileKind(file) {
            throw WidgetProjectError(file: file, "is \(kind), not a project file; an .xcodeproj folder holds a file named project.pbxproj")
        }
        guard let data = FilePaths.contents(of: file) else {
            throw WidgetProjectError(
                file: file,
                "cannot be read (permissions, or larger than \(FilePaths.readLimit >> 20) MiB); check the path and its permissions")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw WidgetProjectError(
                file: file,
                "is not a property list Xcode could open (\(Self.reason(error))); open the project in Xcode once to repair it, or fix the merge conflict"
            )
        }
        guard let root = plist as? [String: Any], let table = root["objects"] as? [String: Any] else {
            throw WidgetProjectError(file: file, "has no objects table; it is not an Xcode project file")
        }
        guard let rootID = root["rootObject"] as? String, table[rootID] != nil else {
            throw WidgetProjectError(file: file, "has no rootObject naming a PBXProject; it is not an Xcode project file")
        }
        var objects: [String: Object] = [:]
        for (id, value) in table {
            guard let fields = value as? [String: Any] else { continue }
            objects[id] = Object(id: id, fields: fields)
        }
        self.objects = objects
        self.rootObjectID = rootID
    }

    subscript(id: String?) -> Object? { id.flatMap { objects[$0] } }

    /// Every object of class `isa`, ordered by identifier (the order of the file's sections).
    func all(_ isa: String) -> [Object] {
        objects.values.filter { $0.isa == isa }.sorted { $0.id < $1.id }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
