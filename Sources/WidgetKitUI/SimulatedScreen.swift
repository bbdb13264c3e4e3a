import Foundation

// MARK: - The screen widget code measures, as `--device` chooses it

/// The screen of the simulated device: what `UIScreen.main` answers in widget code (`bounds`, `scale`).
///
/// One per process, as an extension process runs on one device; the command line sets it from `--device` (and
/// the preview's `d` key from the device it switches to). The default is the default device's, the
/// 430 × 932 pt iPhone at 3 pixels per point.
public enum SimulatedScreen {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var current = (size: CGSize(width: 430, height: 932), scale: 3.0)

    /// The screen's size in points, portrait.
    public static var size: CGSize { lock.withLock { current.size } }
    /// Pixels per point.
    public static var scale: Double { lock.withLock { current.scale } }

    /// Makes the screen `size` points (portrait) at `scale` pixels per point.
    public static func use(size: CGSize, scale: Double) {
        lock.withLock { current = (size, scale) }
    }
}
