import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Devices

/// A device's widget sizes in points, from the HIG tables (widgetkit-facts.md §1.1, §1.2, §1.6).
public struct DeviceProfile: Hashable, Sendable {
    /// Short name used by `--device`.
    public let name: String
    /// What a person would call it.
    public let displayName: String
    /// Screen size in points, portrait.
    public let screen: CGSize
    /// True for an iPad: no Lock Screen accessory families or Dynamic Island, display scale 2.
    public let isPad: Bool
    /// Widget sizes in points per supported family.
    public let familySizes: [WidgetFamily: CGSize]
    /// Dynamic Island sizes in points, nil on devices without one.
    public let island: IslandMetrics?

    /// Dynamic Island and Lock Screen Live Activity sizes (HIG Live Activities, Specifications).
    public struct IslandMetrics: Hashable, Sendable {
        /// The size of one compact slot, leading or trailing, in points.
        public let compactSlot: CGSize
        /// The width range of the minimal view, in points.
        public let minimalWidth: ClosedRange<Double>
        /// The width of the compact island with both slots filled, in points.
        public let overallCompactWidth: Double
        /// The width of the expanded island and the Lock Screen view, in points.
        public let expandedWidth: Double
        /// The height range of the expanded island and the Lock Screen view, in points.
        public let heightRange: ClosedRange<Double>
    }

    /// The width of a Live Activity's Lock Screen view in points, which is also the banner an alert shows on a device
    /// without a Dynamic Island: the expanded width on the island phones (HIG, widgetkit-facts.md §1.6); on the other
    /// phones the screen less the same 11 pt on each side as the island phones' 408 and 371 pt (the HIG lists no size
    /// for them: DECISIONS.md, "alert banners without a Dynamic Island"); on iPads the HIG's iPad Lock Screen sizes (500
    /// pt on the 1024 × 1366 pt iPad, 425 pt on the others).
    public var lockScreenActivityWidth: Double {
        if let island { return island.expandedWidth }
        if isPad { return screen.width >= 1024 ? 500 : 425 }
        return screen.width - 22
    }

    /// The height range of a Live Activity's Lock Screen view in points: 84–160 on every device (HIG).
    public var lockScreenActivityHeight: ClosedRange<Double> { island?.heightRange ?? 84...160 }

    /// Pixels per point of the screen: 2 on iPads and the 375×667 pt iPhone SE, 3 on the other iPhones
    /// (Apple's "iOS device screen sizes"). Asset images take the file of this scale.
    public var displayScale: Double { isPad || screen.height <= 667 ? 2 : 3 }

    /// The family's size in points, nil when the device does not offer it.
    public func size(of family: WidgetFamily) -> CGSize? { familySizes[family] }

    /// The family's grid in cells.
    public func cells(of family: WidgetFamily, metric: CellMetric = .standard) -> CellSize? {
        guard let size = size(of: family) else { return nil }
        let cells = metric.cells(width: size.width, height: size.height)
        return family == .accessoryInline ? CellSize(width: cells.width, height: 1) : cells
    }

    private static func phone(
        _ name: String, _ displayName: String, screen: (Double, Double), small: (Double, Double),
        medium: (Double, Double), large: (Double, Double), circular: Double?,
        rectangular: (Double, Double)?, inline: Double?, island: IslandMetrics? = nil
    ) -> DeviceProfile {
        var sizes: [WidgetFamily: CGSize] = [
            .systemSmall: CGSize(width: small.0, height: small.1),
            .systemMedium: CGSize(width: medium.0, height: medium.1),
            .systemLarge: CGSize(width: large.0, height: large.1),
        ]
        if let circular { sizes[.accessoryCircular] = CGSize(width: circular, height: circular) }
        if let rectangular { sizes[.accessoryRectangular] = CGSize(width: rectangular.0, height: rectangular.1) }
        if let inline { sizes[.accessoryInline] = CGSize(width: inline, height: 26) }
        return DeviceProfile(
            name: name, displayName: displayName, screen: CGSize(width: screen.0, height: screen.1),
            isPad: false, familySizes: sizes, island: island)
    }

    private static func pad(
        _ name: String, _ displayName: String, screen: (Double, Double), small: Double,
        medium: Double, large: Double, extraLarge: Double
    ) -> DeviceProfile {
        DeviceProfile(
            name: name, displayName: displayName, screen: CGSize(width: screen.0, height: screen.1), isPad: true,
            familySizes: [
                .systemSmall: CGSize(width: small, height: small),
                .systemMedium: CGSize(width: medium, height: small),
                .systemLarge: CGSize(width: large, height: large),
                .systemExtraLarge: CGSize(width: extraLarge, height: large),
                .accessoryCircular: CGSize(width: 76, height: 76),
                .accessoryRectangular: CGSize(width: 172, height: 76),
                .accessoryInline: CGSize(width: 257, height: 26),
            ], island: nil)
    }

    /// iPhone 430×932 pt (Pro Max / Plus class): the default.
    public static let iPhone430 = phone(
        "iphone-430", "iPhone 430×932 pt (Pro Max, Plus)", screen: (430, 932),
        small: (170, 170), medium: (364, 170), large: (364, 382), circular: 76,
        rectangular: (172, 76), inline: 257,
        island: IslandMetrics(
            compactSlot: CGSize(width: 62.33, height: 36.67), minimalWidth: 36.67...45,
            overallCompactWidth: 250, expandedWidth: 408, heightRange: 84...160))
    /// iPhone 393×852 pt (Pro class).
    public static let iPhone393 = phone(
        "iphone-393", "iPhone 393×852 pt (Pro, base)", screen: (393, 852),
        small: (158, 158), medium: (338, 158), large: (338, 354), circular: 72,
        rectangular: (160, 72), inline: 234,
        island: IslandMetrics(
            compactSlot: CGSize(width: 52.33, height: 36.67), minimalWidth: 36.67...45,
            overallCompactWidth: 230, expandedWidth: 371, heightRange: 84...160))
    /// iPhone 375×812 pt (mini, X class).
    public static let iPhone375 = phone(
        "iphone-375", "iPhone 375×812 pt (mini, X)", screen: (375, 812),
        small: (155, 155), medium: (329, 155), large: (329, 345), circular: 72,
        rectangular: (157, 72), inline: 225)
    /// iPhone 375×667 pt (SE class).
    public static let iPhoneSE = phone(
        "iphone-se", "iPhone 375×667 pt (SE)", screen: (375, 667),
        small: (148, 148), medium: (321, 148), large: (321, 324), circular: 68,
        rectangular: (153, 68), inline: 225)
    /// iPad 1024×1366 pt (12.9-inch), HIG "Device" sizes.
    public static let iPad1024 = pad(
        "ipad-1024", "iPad 1024×1366 pt (12.9-inch)", screen: (1024, 1366),
        small: 160, medium: 356, large: 356, extraLarge: 748)
    /// iPad 834×1194 pt (11-inch), HIG "Device" sizes.
    public static let iPad834 = pad(
        "ipad-834", "iPad 834×1194 pt (11-inch)", screen: (834, 1194),
        small: 136, medium: 300, large: 300, extraLarge: 628)

    /// Every built-in profile; the first is the default.
    public static let all: [DeviceProfile] = [iPhone430, iPhone393, iPhone375, iPhoneSE, iPad1024, iPad834]

    /// The default device: the 430×932 pt iPhone.
    public static let `default` = iPhone430

    /// The profile with this name, nil when unknown.
    public static func named(_ name: String) -> DeviceProfile? { all.first { $0.name == name.lowercased() } }

    /// What `--device` says about a value that names an iPhone model ("iphone-16", "iPhone 15 Pro Max") rather than a
    /// profile, whose names give the screen's width in points: the profile the model's screen is, or, for a model whose
    /// screen has no published widget sizes, the profile whose Dynamic Island it shares. Only models Apple's documents
    /// place are known: the Dynamic Island's sizes group the 14 Pro, 15, 15 Pro, 16 and 16 Pro with the 393 pt phones and
    /// the 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus and 16 Pro Max with the 430 pt ones (HIG Live Activities,
    /// widgetkit-facts.md §1.6), though the 16 Pro (402×874 pt) and 16 Pro Max (440×956 pt) screens are not in the HIG's
    /// widget table (§1.1); the X, XS, 11 Pro, 12 mini and 13 mini have the 375×812 pt screen, and the SE (the 2nd and 3rd
    /// generation, the SE sold since 2020; "SE" means them) the 375×667 pt one (§1.1). Nil for any other name.
    public static func modelHint(_ model: String) -> (profile: DeviceProfile, hint: String)? {
        let key = model.lowercased().filter { $0.isLetter || $0.isNumber }
        guard key.hasPrefix("iphone") else { return nil }
        let classes: [(models: [String], profile: DeviceProfile, sameScreen: Bool)] = [
            (["14 Pro", "15", "15 Pro", "16"], iPhone393, true),
            (["14 Pro Max", "15 Plus", "15 Pro Max", "16 Plus"], iPhone430, true),
            (["16 Pro"], iPhone393, false),
            (["16 Pro Max"], iPhone430, false),
            (["X", "XS", "11 Pro", "12 mini", "13 mini"], iPhone375, true),
            (["SE", "SE 2", "SE 3"], iPhoneSE, true),
        ]
        for (models, profile, sameScreen) in classes {
            for name in models where "iphone" + name.lowercased().filter({ $0.isLetter || $0.isNumber }) == key {
                let size = "\(Int(profile.screen.width))×\(Int(profile.screen.height)) pt"
                return (
                    profile,
                    sameScreen
                        ? "the iPhone \(name) is \(profile.name) (\(size))"
                        : "the iPhone \(name)'s screen has no published widget sizes; \(profile.name) (\(size)) has its Dynamic Island"
                )
            }
        }
        return nil
    }
}
