import CoreData
import Foundation

/// Watches the app's store for changes; used by no widget.
final class SyncMonitor {
    let container = NSPersistentContainer(name: "Tally")
}
