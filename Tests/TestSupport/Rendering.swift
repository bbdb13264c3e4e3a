// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import CellRender
import Foundation
import WidgetHost
import WidgetKitUI

/// Renders a widget of a bundle the way `widgetterm render` does, at the fixed clock; throws what the
/// session's entry selection throws.
public func renderWidget(
    _ descriptor: WidgetDescriptor, family: WidgetFamily, scheme: ColorScheme = .light, osVersion: Int = 26,
    device: DeviceProfile = .default, context: ProviderContext = .timeline
) throws -> Frame {
    try FixedClock.run {
        let session = WidgetSession(descriptor: descriptor)
        let selection = try session.selectEntry(family: family, device: device, context: context)
        let options = WidgetRenderOptions(
            family: family, device: device, osVersion: osVersion, style: PaintStyle(colorScheme: scheme),
            date: HostClock.now, format: FixedClock.utcFormat)
        return session.render(selection, options: options)
    }
}

/// The frame's rows as text, trailing spaces removed.
public func frameRows(_ frame: Frame) -> [String] {
    (0..<frame.buffer.height).map { String(frame.buffer.text(ofRow: $0).reversed().drop(while: { $0 == " " }).reversed()) }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, so every randomised test reproduces from its seed.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's state; the next value is derived from it.
    public var state: UInt64
    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension ViewNode {
    /// The characters of every text node, in tree order (a date or timer run reads `?`): what a resolved
    /// body says, for tests that check the tree rather than the cells.
    public var textStrings: [String] {
        switch self {
        case .text(let text):
            return [
                text.runs.map { run -> String in
                    if case .verbatim(let string) = run.content { return string }
                    return "?"
                }.joined()
            ]
        case .group(let children): return children.flatMap(\.textStrings)
        case .stack(let stack): return stack.children.flatMap(\.textStrings)
        case .modified(let inner, _): return inner.textStrings
        default: return []
        }
    }
}
#endif
