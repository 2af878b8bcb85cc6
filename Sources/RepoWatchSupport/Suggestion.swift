/// "Did you mean …?" for a mistyped key, value or command: the closest known word by edit distance,
/// else one the typed text begins or ends (so `desc` still finds `description`).
package enum Suggestion {
    /// The known word closest to `typed`, or nil when none is close enough to be a likely typo.
    /// Ties go to the word listed first, so callers pass a stable order.
    package static func closest(to typed: String, among known: [String]) -> String? {
        let word = normalized(typed)
        guard !word.isEmpty else { return nil }
        // About one slip per three letters, at least one: `drak` → `dark`, but `x` matches nothing.
        let allowed = max(1, word.count / 3)
        var best: (word: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(word, normalized(candidate))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        if let best { return best.word }
        return known.first { candidate in
            let other = normalized(candidate)
            return other.hasPrefix(word) || word.hasPrefix(other)
        }
    }

    /// "; did you mean 'dark'?", or "" when nothing is close.
    package static func didYouMean(_ typed: String, among known: [String]) -> String {
        closest(to: typed, among: known).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// "`appearance` must be auto, light or dark (got 'drak'); did you mean 'dark'?"
    package static func choiceProblem(_ key: String, _ choices: [String], got typed: String) -> String {
        let listed =
            choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + choices.last! : choices[0]
        return "`\(key)` must be \(listed) (got '\(typed)')" + didYouMean(typed, among: choices)
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbours each cost 1, because a swap (`biuld`) is the commonest slip of all.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows suffice: the swap looks two rows back.
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// Case, `-` and `_` are not worth a suggestion's doubt: `base-url` is `base_url`.
    private static func normalized(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "-", with: "_")
    }
}
