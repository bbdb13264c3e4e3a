import Foundation
import WidgetKitUI

extension ViewCompiler {
    // MARK: ViewThatFits

    /// The axes `"in"` may name for `ViewThatFits`, as `Axis.Set`.
    static let fittingAxes: KeyValuePairs<String, Axis.Set> = [
        "horizontal": .horizontal, "vertical": .vertical, "both": [.horizontal, .vertical],
    ]

    /// `ViewThatFits`: `{"ViewThatFits": [VIEWS], "in": "horizontal"}`: the first view whose ideal size fits the space
    /// on the axes named (`"horizontal"`, `"vertical"` or `"both"`, the default), else the last, as
    /// `ViewThatFits(in:content:)`.
    func viewThatFits(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        guard let contentNode = arguments.primary ?? arguments.take("content") else {
            throw DocumentError(at: located, expected: "the views to choose from: {\"ViewThatFits\": [VIEW, VIEW]}")
        }
        arguments.primary = nil
        let children = try content(contentNode)
        let axes = try arguments.take("in").map { try Decode.choice($0, Self.fittingAxes, what: "the axes to fit on") }
        return ViewRecipe { evaluation in
            .view(
                AnyView(
                    ViewThatFits(in: try axes?.evaluate(evaluation) ?? [.horizontal, .vertical]) {
                        Self.contentView(children, evaluation)
                    }))
        }
    }
}
