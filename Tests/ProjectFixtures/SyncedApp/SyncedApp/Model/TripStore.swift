import Foundation

final class TripStore {
    var trips: [Trip] = []
}
