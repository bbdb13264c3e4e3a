import Foundation

// The API the public widget extensions tried in docs/DECISIONS.md (2026-12-02) reached for and WidgetKitUI
// lacked: CGFloat frames, preferences, onChange, Live Activity families, UIKit colours and image sizes.

extension View {
    /// A fixed frame given in `CGFloat`s, as Apple's `frame(width:height:alignment:)` takes them; see the
    /// `Double` form.
    @_disfavoredOverload
    @inlinable
    public consuming func frame(width: CGFloat?, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedView<Self> {
        frame(width: width.map(Double.init), height: height.map(Double.init), alignment: alignment)
    }

    /// A fixed height given as a `CGFloat`.
    @_disfavoredOverload
    @inlinable
    public consuming func frame(height: CGFloat?, alignment: Alignment = .center) -> ModifiedView<Self> {
        frame(width: nil as Double?, height: height.map(Double.init), alignment: alignment)
    }

    /// Runs `action` when `value` changes, as `View.onChange(of:perform:)`. A widget's body is drawn once per
    /// entry and nothing changes while it shows: the action never runs, and `code-never-runs-in-widget` says so.
    public consuming func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        NeverRunsView(content: self, name: "onChange(of:)")
    }

    /// Runs `action` with the old and new value, as `View.onChange(of:initial:_:)` (iOS 17); never in a widget.
    public consuming func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
    ) -> some View {
        NeverRunsView(content: self, name: "onChange(of:)")
    }

    /// Runs `action` when `value` changes, as `View.onChange(of:initial:_:)` (iOS 17); never in a widget.
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        NeverRunsView(content: self, name: "onChange(of:)")
    }

    /// Sets a preference for the views above, as `View.preference(key:value:)`. Preferences reach only
    /// `onPreferenceChange`, whose action never runs in a widget, so nothing is recorded.
    @inlinable
    public consuming func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> Self { self }

    /// Runs `action` when a preference below changes, as `View.onPreferenceChange(_:perform:)`. The action
    /// would change state after layout, which a widget never redraws: it never runs, and
    /// `code-never-runs-in-widget` says so.
    public consuming func onPreferenceChange<K: PreferenceKey>(
        _ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void
    ) -> some View where K.Value: Equatable {
        NeverRunsView(content: self, name: "onPreferenceChange")
    }
}

/// A value views pass up to their ancestors, as `SwiftUI.PreferenceKey`.
public protocol PreferenceKey {
    associatedtype Value
    /// The value when no view sets one.
    static var defaultValue: Value { get }
    /// Combines the values of siblings.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension UIColor {
    /// White, as `UIColor.white`.
    public static let white = UIColor(Color.white)
    /// Black, as `UIColor.black`.
    public static let black = UIColor(Color.black)
    /// Fully transparent, as `UIColor.clear`: the cell behind shows through.
    public static let clear = UIColor(Color.clear)
    /// SwiftUI's red, as `UIColor.red`.
    public static let red = UIColor(Color.red)
    /// SwiftUI's green, as `UIColor.green`.
    public static let green = UIColor(Color.green)
    /// SwiftUI's blue, as `UIColor.blue`.
    public static let blue = UIColor(Color.blue)
    /// SwiftUI's orange, as `UIColor.orange`.
    public static let orange = UIColor(Color.orange)
    /// SwiftUI's yellow, as `UIColor.yellow`.
    public static let yellow = UIColor(Color.yellow)
    /// SwiftUI's system gray, as `UIColor.gray`.
    public static let gray = UIColor(Color.gray)
    /// The system gray, as `UIColor.systemGray` (SwiftUI's `Color.gray`).
    public static let systemGray = UIColor(Color.gray)
    /// The system blue, as `UIColor.systemBlue` (SwiftUI's `Color.blue`).
    public static let systemBlue = UIColor(Color.blue)
    /// The system red, as `UIColor.systemRed` (SwiftUI's `Color.red`).
    public static let systemRed = UIColor(Color.red)
    /// The system green, as `UIColor.systemGreen` (SwiftUI's `Color.green`).
    public static let systemGreen = UIColor(Color.green)
    /// The tertiary label colour of the appearance, as `UIColor.tertiaryLabel`.
    public static let tertiaryLabel = UIColor(Color(storage: .system(.tertiaryLabel)))
}

// MARK: - Masks

extension View {
    /// Shows this view only where `mask` is opaque, as `View.mask(alignment:_:)`. A shape filled with one
    /// opaque colour clips the view as `clipShape` does; any other mask (a gradient fade, text, an image)
    /// cannot be drawn in cells: the view is drawn unmasked and `mask-drawn-approximately` says so.
    public consuming func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        MaskedView(content: self, mask: mask())
    }

    /// The older form, as `View.mask(_:)`.
    @_disfavoredOverload
    public consuming func mask<Mask: View>(_ mask: Mask) -> some View {
        MaskedView(content: self, mask: mask)
    }
}

/// `.mask`: a clip for a plain shape mask, else the content with a diagnostic.
struct MaskedView<Content: View, Mask: View>: PrimitiveView {
    let content: Content
    let mask: Mask

    func resolve(in context: ResolveContext) -> ViewNode {
        let node = content._resolve(in: context)
        if case .shape(let shape) = mask._resolve(in: context), Self.isPlainOutline(shape) {
            return .modified(node, .clipShape(shape.kind))
        }
        context.sink.report(
            ResolveDiagnostic(
                code: "mask-drawn-approximately",
                message: ".mask with a gradient, text or image cannot be drawn in terminal cells; the view is drawn "
                    + "unmasked. iOS shows it only where the mask is opaque."))
        return node
    }

    /// A built-in outline filled with one opaque colour (or the foreground style): the mask is the outline.
    static func isPlainOutline(_ shape: ShapeNode) -> Bool {
        switch shape.kind {
        case .rectangle, .roundedRectangle, .capsule, .circle, .ellipse, .containerRelative: break
        default: return false
        }
        switch shape.fill {
        case .color(let color)?: return color.alpha >= 1 && color != .clear
        case .hierarchical(let level, _)?: return level == 0
        default: return false
        }
    }
}

// MARK: - App code shared with a widget extension

/// Runs `body` and returns its result, as SwiftUI's `withAnimation(_:_:)`: the state changes `body` makes happen at
/// once, since cells do not animate. Code an app shares with its widget extension (a settings view) calls it from
/// buttons, which a widget never runs.
///
/// - Parameters:
///   - animation: the animation iOS would use; ignored.
///   - body: the state changes.
/// - Returns: what `body` returns.
/// - Throws: what `body` throws.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

extension UserDefaults {
    /// Stores `value` for `key`, as `setValue(_:forKey:)` does on Apple platforms (key-value coding on
    /// `NSObject`, which `UserDefaults` answers by storing the value like `set(_:forKey:)`). swift-corelibs-
    /// foundation has no key-value coding, so this is `set(_:forKey:)` under the name app code uses.
    ///
    /// - Parameters:
    ///   - value: a property-list value (`Bool`, `Int`, `Double`, `String`, `Date`, `Data`, arrays and
    ///     dictionaries of them), or nil to remove the key.
    ///   - key: the key.
    public func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
    }
}
