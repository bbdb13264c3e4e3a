// The nearest-name rule every "did you mean" in WidgetTerm uses: documents, flags, kinds and values.

/// Finds the valid name closest to a misspelled one (Damerau–Levenshtein distance, case folded first).
public enum NearestName {
    /// The candidate nearest to `name`, or nil when none is close (more than a third of the longer name differs,
    /// with at least 2 edits allowed). Between equally near candidates, one that contains the misspelling's letters
    /// in order wins (a dropped letter is the commonest slip: "timr" is "timer" rather than "time"), then the shorter.
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        let folded = name.lowercased()
        var best: (name: String, distance: Int, contains: Bool)?
        for candidate in candidates {
            let lowered = candidate.lowercased()
            let distance = lowered == folded ? 0 : editDistance(Array(folded), Array(lowered))
            let contains = isSubsequence(folded, of: lowered)
            let better: Bool
            if let best {
                if distance != best.distance {
                    better = distance < best.distance
                } else if contains != best.contains {
                    better = contains
                } else {
                    better = candidate.count < best.name.count
                }
            } else {
                better = true
            }
            if better { best = (candidate, distance, contains) }
        }
        guard let best, best.name != name else { return nil }
        let allowed = max(2, max(name.count, best.name.count) / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// True when the characters of `text` appear in `other` in the same order.
    static func isSubsequence(_ text: String, of other: String) -> Bool {
        var remaining = Substring(other)
        for character in text {
            guard let index = remaining.firstIndex(of: character) else { return false }
            remaining = remaining[remaining.index(after: index)...]
        }
        return true
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    public static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            previousPrevious = previous
            previous = current
        }
        return previous[rhs.count]
    }
}
