import CoreData

/// Past days, kept with Core Data as the app keeps them: Core Data does not exist on Linux.
final class ArchivedDay: NSManagedObject {
    @NSManaged var cups: Int
}

enum ArchiveStore {
    static func bestDay() -> Int { 7 }
}
