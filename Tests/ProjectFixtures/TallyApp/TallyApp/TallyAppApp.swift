import SwiftUI

@main
struct TallyAppApp: App {
    var body: some Scene {
        WindowGroup { Text("Tally") }
    }
}
