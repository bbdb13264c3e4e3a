import Foundation
import UIKit

// Widget code's calls into UIKit's string drawing, in a file of their own: a file that imports both Testing and
// UIKit makes the compiler look for Swift Testing's UIKit cross-import overlay, which exists only on Apple
// platforms (UIKitStringDrawingTests).

/// UIKit's string measuring and drawing as widget code calls it.
enum UIKitStringDrawingProbe {
    /// `text.size(withAttributes: [.font: UIFont.systemFont(ofSize: fontSize)])`.
    static func size(of text: String, fontSize: Double) -> CGSize {
        let attributes = [NSAttributedString.Key.font: UIFont.systemFont(ofSize: fontSize, weight: .bold)]
        return text.size(withAttributes: attributes)
    }

    /// `size(withAttributes:)` on an `NSString`, a `Substring` without attributes, and a `String` with none.
    static func otherReceivers(_ text: String) -> (nsString: CGSize, substring: CGSize, noAttributes: CGSize) {
        ((text as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 12)]), text[...].size(), text.size(withAttributes: nil))
    }

    /// Draws `text` both ways, as widget code does in an image renderer; returns the attribute keys' raw values.
    static func draw(_ text: String) -> [String] {
        let string = text as NSString
        string.draw(at: CGPoint(x: 4, y: 4), withAttributes: [.font: UIFont.systemFont(ofSize: 12), .foregroundColor: UIColor.label])
        string.draw(in: CGRect(x: 0, y: 0, width: 40, height: 17), withAttributes: nil)
        return [NSAttributedString.Key.font.rawValue, NSAttributedString.Key.foregroundColor.rawValue]
    }
}
