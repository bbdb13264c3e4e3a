import SwiftUI

struct TripView: View {
    var body: some View { Text("Trips") }
}
