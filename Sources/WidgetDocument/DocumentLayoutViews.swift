import Foundation
import WidgetKitUI

extension ViewCompiler {
    /// What a view is built from (the views `ViewThatFits` chooses among, a `Label`'s title), given as its primary
    /// value or under `key` (`{"ViewThatFits": {"content": [...]}}`), taken from `arguments`: a primary object
    /// that is not itself a view is read as the view's arguments.
    ///
    /// - Throws: `DocumentError` at `located` saying `expected` when neither is there.
    func takeContent(_ key: String, from arguments: inout Arguments, at located: Located, expected: String) throws -> Located {
        if let primary = arguments.primary, case .object = primary.value, !Self.isViewObject(primary) {
            try arguments.expandPrimaryObject()
        }
        let views = arguments.primary ?? arguments.take(key)
        arguments.primary = nil
        guard let views else { throw DocumentError(at: located, expected: expected) }
        return views
    }

    // MARK: ViewThatFits

    /// The axes `"in"` may name for `ViewThatFits`, as `Axis.Set`.
    static let fittingAxes: KeyValuePairs<String, Axis.Set> = [
        "horizontal": .horizontal, "vertical": .vertical, "both": [.horizontal, .vertical],
    ]

    /// `ViewThatFits`: `{"ViewThatFits": [VIEWS], "in": "horizontal"}`: the first view whose ideal size fits the space
    /// on the axes named (`"horizontal"`, `"vertical"` or `"both"`, the default), else the last, as
    /// `ViewThatFits(in:content:)`.
    func viewThatFits(_ arguments: inout Arguments, at located: Located) throws -> ViewRecipe {
        let contentNode = try takeContent(
            "content", from: &arguments, at: located, expected: "the views to choose from: {\"ViewThatFits\": [VIEW, VIEW]}")
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
