import Foundation
import WidgetKitUI

// MARK: - The screen and the device, as widget code asks for them

/// The device's screen, as `UIKit.UIScreen`: widget code reads `UIScreen.main.bounds` to size its views.
///
/// It answers for the device `--device` chooses (`SimulatedScreen`): 430 × 932 pt at 3 pixels per point on the
/// default iPhone, 375 × 667 pt at 2 on `iphone-se`, 1024 × 1366 pt at 2 on `ipad-1024`.
public final class UIScreen: @unchecked Sendable {
    /// The screen, as `UIScreen.main` (deprecated in iOS 16, still used by widget code).
    public static let main = UIScreen()

    /// The screen's rectangle in points, portrait.
    public var bounds: CGRect { CGRect(origin: .zero, size: SimulatedScreen.size) }
    /// Pixels per point.
    public var scale: CGFloat { CGFloat(SimulatedScreen.scale) }
    /// The screen's rectangle in pixels.
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
}

/// The kind of device an interface is for, as `UIKit.UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone, pad, tv, carPlay, mac, vision
}

/// The device, as `UIKit.UIDevice`: an iPhone running the `--os` release of iOS.
public final class UIDevice: @unchecked Sendable {
    /// The device, as `UIDevice.current`.
    public static let current = UIDevice()

    /// The device's name; on iOS 16 and later apps see the model's generic name, `iPhone`.
    public let name = "iPhone"
    /// The model, `iPhone`.
    public let model = "iPhone"
    /// The model, `iPhone`.
    public let localizedModel = "iPhone"
    /// The system's name, `iOS`.
    public let systemName = "iOS"
    /// The iOS version being previewed (`--os`), such as `26.0`.
    public var systemVersion: String { "\(OSAvailability.iOSMajorVersion).0" }
    /// `.phone`.
    public let userInterfaceIdiom = UIUserInterfaceIdiom.phone

    /// A device object, as `UIDevice()` (NSObject's `init()`); it answers as `UIDevice.current` does.
    public init() {}
}
