import Foundation
import Testing
import WidgetKitUI

/// What app code shared with a widget extension calls (a settings view's buttons), compiled as written.
@Suite struct AppCodeShimTests {
    @Test("withAnimation runs its body at once and returns its result; iOS 17's smooth, snappy and bouncy exist")
    func withAnimationRunsTheBody() throws {
        var count = 0
        let result = withAnimation(.smooth) {
            count += 1
            return count * 10
        }
        #expect(count == 1 && result == 10)
        withAnimation { count += 1 }
        #expect(count == 2)
        struct Failure: Error {}
        #expect(throws: Failure.self) { try withAnimation(.snappy) { throw Failure() } }
        _ = [Animation.smooth, .snappy, .bouncy, .smooth(duration: 0.3), .snappy(duration: 0.2, extraBounce: 0.1), .bouncy()]
    }

    @Test("UserDefaults.setValue(_:forKey:) stores as set(_:forKey:) does, and nil removes the key")
    func userDefaultsSetValueStores() throws {
        let suite = "widgetterm-app-code-shim-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.setValue(true, forKey: "2widgetMode")
        defaults.setValue(3, forKey: "count")
        #expect(defaults.bool(forKey: "2widgetMode") == true)
        #expect(defaults.integer(forKey: "count") == 3)
        defaults.setValue(nil, forKey: "count")
        #expect(defaults.object(forKey: "count") == nil)
    }
}
