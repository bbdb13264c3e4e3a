import SwiftUI

@main struct SyncedAppApp: App {
    var body: some Scene { WindowGroup { TripView() } }
}
