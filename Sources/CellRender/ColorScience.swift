import Foundation
import WidgetKitUI

// MARK: - Colour science: luminance, contrast, CIELAB and CIEDE2000

/// A colour in CIELAB (D65 white point): `lightness` 0...100, `a` green–red, `b` blue–yellow.
///
/// Mirrors the CIE 1976 L*a*b* space as used by CIEDE2000 (CIE 142-2001).
public struct LabColor: Hashable, Sendable, CustomStringConvertible {
    /// L*, 0 (black) ... 100 (white).
    public var lightness: Double
    /// a*, negative green, positive red.
    public var a: Double
    /// b*, negative blue, positive yellow.
    public var b: Double

    /// A CIELAB colour from L* (0...100), a* and b*.
    public init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// `Lab(L, a, b)` with two decimals.
    public var description: String {
        String(format: "Lab(%.2f, %.2f, %.2f)", lightness, a, b)
    }
}

/// Measurements on sRGB colours that the legibility check and the rendering modes share.
///
/// - `relativeLuminance` and `contrastRatio` follow WCAG 2.x ("relative luminance" and "contrast ratio"
///   definitions, https://www.w3.org/TR/WCAG22/#dfn-relative-luminance), with the sRGB threshold 0.04045
///   of IEC 61966-2-1 (WCAG 2.2's note: the older 0.03928 gives the same 8-bit results).
/// - `lab` converts sRGB (D65) to CIELAB through CIE XYZ.
/// - `deltaE2000` is CIEDE2000 (Sharma, Wu, Dalal 2005, "The CIEDE2000 Color-Difference Formula").
public enum ColorScience {
    /// One sRGB component, 0...1, to linear light.
    public static func linear(_ component: Double) -> Double {
        component <= 0.04045 ? component / 12.92 : pow((component + 0.055) / 1.055, 2.4)
    }

    private static let linearTable: [Double] = (0...255).map { linear(Double($0) / 255) }

    /// WCAG 2.x relative luminance of an opaque sRGB colour: 0 for black, 1 for white.
    public static func relativeLuminance(_ color: RGB) -> Double {
        0.2126 * linearTable[Int(color.red)] + 0.7152 * linearTable[Int(color.green)] + 0.0722 * linearTable[Int(color.blue)]
    }

    /// WCAG 2.x contrast ratio of two opaque colours, 1...21 (order does not matter).
    public static func contrastRatio(_ first: RGB, _ second: RGB) -> Double {
        let one = relativeLuminance(first), two = relativeLuminance(second)
        return (max(one, two) + 0.05) / (min(one, two) + 0.05)
    }

    /// CIELAB (D65) of an opaque sRGB colour.
    public static func lab(_ color: RGB) -> LabColor {
        lab(red: linearTable[Int(color.red)], green: linearTable[Int(color.green)], blue: linearTable[Int(color.blue)])
    }

    /// CIELAB (D65) of an sRGB colour with 0...1 components (alpha ignored).
    public static func lab(_ color: RGBA) -> LabColor {
        func clamped(_ value: Double) -> Double { min(max(value, 0), 1) }
        return lab(red: linear(clamped(color.red)), green: linear(clamped(color.green)), blue: linear(clamped(color.blue)))
    }

    private static func lab(red: Double, green: Double, blue: Double) -> LabColor {
        // sRGB (linear) to XYZ, D65 (IEC 61966-2-1), then to L*a*b* relative to the D65 white.
        let x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047
        let y = 0.2126729 * red + 0.7151522 * green + 0.0721750 * blue
        let z = (0.0193339 * red + 0.1191920 * green + 0.9503041 * blue) / 1.08883
        func f(_ t: Double) -> Double {
            let delta = 6.0 / 29.0
            return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29.0
        }
        let fx = f(x), fy = f(y), fz = f(z)
        return LabColor(lightness: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// Perceived brightness 0...1: CIELAB lightness L* / 100 (black 0, #777777 ≈ 0.50, white 1).
    public static func brightness(_ color: RGBA) -> Double {
        min(max(lab(color).lightness / 100, 0), 1)
    }

    /// CIEDE2000 colour difference between two opaque sRGB colours (0 = identical; about 2.3 is a just
    /// noticeable difference; opposite hues of a saturated pair are 50 or more).
    public static func deltaE2000(_ first: RGB, _ second: RGB) -> Double {
        deltaE2000(lab(first), lab(second))
    }

    /// CIEDE2000 colour difference between two CIELAB colours, with kL = kC = kH = 1.
    public static func deltaE2000(_ first: LabColor, _ second: LabColor) -> Double {
        let degrees = 180.0 / Double.pi
        let pow25To7 = 6_103_515_625.0 // 25^7
        let chroma1 = (first.a * first.a + first.b * first.b).squareRoot()
        let chroma2 = (second.a * second.a + second.b * second.b).squareRoot()
        let meanChroma = (chroma1 + chroma2) / 2
        let meanChroma7 = pow(meanChroma, 7)
        let g = 0.5 * (1 - (meanChroma7 / (meanChroma7 + pow25To7)).squareRoot())
        let a1 = (1 + g) * first.a, a2 = (1 + g) * second.a
        let c1 = (a1 * a1 + first.b * first.b).squareRoot(), c2 = (a2 * a2 + second.b * second.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let angle = atan2(b, a) * degrees
            return angle < 0 ? angle + 360 : angle
        }
        let h1 = hue(first.b, a1), h2 = hue(second.b, a2)
        let deltaL = second.lightness - first.lightness
        let deltaC = c2 - c1
        var deltaHue = 0.0
        if c1 * c2 != 0 {
            deltaHue = h2 - h1
            if deltaHue > 180 { deltaHue -= 360 } else if deltaHue < -180 { deltaHue += 360 }
        }
        let deltaH = 2 * (c1 * c2).squareRoot() * sin(deltaHue / 2 / degrees)
        let meanL = (first.lightness + second.lightness) / 2
        let meanC = (c1 + c2) / 2
        var meanH = h1 + h2
        if c1 * c2 != 0 {
            if abs(h1 - h2) <= 180 {
                meanH = (h1 + h2) / 2
            } else if h1 + h2 < 360 {
                meanH = (h1 + h2 + 360) / 2
            } else {
                meanH = (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((meanH - 30) / degrees) + 0.24 * cos(2 * meanH / degrees)
            + 0.32 * cos((3 * meanH + 6) / degrees) - 0.20 * cos((4 * meanH - 63) / degrees)
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let meanC7 = pow(meanC, 7)
        let rotationC = 2 * (meanC7 / (meanC7 + pow25To7)).squareRoot()
        let lightnessOffset = (meanL - 50) * (meanL - 50)
        let scaleL = 1 + 0.015 * lightnessOffset / (20 + lightnessOffset).squareRoot()
        let scaleC = 1 + 0.045 * meanC
        let scaleH = 1 + 0.015 * meanC * t
        let rotation = -sin(2 * deltaTheta / degrees) * rotationC
        let termL = deltaL / scaleL, termC = deltaC / scaleC, termH = deltaH / scaleH
        return (termL * termL + termC * termC + termH * termH + rotation * termC * termH).squareRoot()
    }
}

extension RGBA {
    /// This colour with its alpha composited over an opaque colour.
    public func composited(over bottom: RGB) -> RGB {
        bottom.blended(with: RGB(red: red, green: green, blue: blue), alpha: alpha)
    }

    /// An opaque sRGB colour with 8-bit components, as `RGBA`.
    public init(_ color: RGB, alpha: Double = 1) {
        self.init(red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255, alpha: alpha)
    }
}
