import Foundation

// MARK: - Where a content state failed to decode

extension ActivityCoding {
    /// Where a `DecodingError` happened, as a key path (`eta`, `stops[2].name`), and why, in a few words: what a
    /// push's `content-state` got wrong.
    public static func place(of error: Error) -> (keyPath: String, reason: String) {
        guard let error = error as? DecodingError else { return ("", "\(error)") }
        func path(_ keys: [CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "no value for the key")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "null where a \(type) is needed")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type)")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }
}
