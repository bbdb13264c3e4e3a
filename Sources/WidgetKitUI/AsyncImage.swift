import Foundation

// MARK: - AsyncImage

/// An image loaded from a URL, as `SwiftUI.AsyncImage`. A widget's view is archived when its body runs, before
/// any download could finish, so WidgetKit never shows the loaded image: it draws the placeholder (by default
/// SwiftUI's grey fill), as here, and `async-image-never-loads` says to download the image in the timeline
/// provider and put it in the entry.
public struct AsyncImage<Content: View>: PrimitiveView {
    let url: URL?
    let placeholder: Content

    /// Resolves to the placeholder, reporting that the image never loads in a widget.
    public func resolve(in context: ResolveContext) -> ViewNode {
        context.sink.report(
            ResolveDiagnostic(
                code: "async-image-never-loads",
                message: "AsyncImage(url: \(url?.absoluteString ?? "nil")) draws its placeholder: a widget is archived before "
                    + "a download finishes, so WidgetKit never shows it. Download the image in the timeline provider and "
                    + "put it in the entry."))
        return placeholder._resolve(in: context)
    }
}

extension AsyncImage where Content == Color {
    /// The image at `url`, drawn as SwiftUI's grey placeholder in a widget, as `AsyncImage(url:scale:)`.
    public init(url: URL?, scale: CGFloat = 1) {
        self.url = url
        placeholder = Color(storage: .system(.systemGray4))
    }
}

extension AsyncImage {
    /// The image at `url` shown through `content` once loaded, and `placeholder` until then, as
    /// `AsyncImage(url:scale:content:placeholder:)`: a widget shows the placeholder.
    public init<I: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I, @ViewBuilder placeholder: () -> Content
    ) {
        self.url = url
        self.placeholder = placeholder()
    }
}

extension UIImage {
    /// An empty image, as `UIImage()` (the usual `?? UIImage()` fallback), drawn as a labelled block; its size
    /// is zero.
    public init() {
        name = "UIImage()"
        isSystemSymbol = false
    }
}
