/// `; did you mean 'x'?` for a key one or two edits away from a known one: for the
/// tournament file's keys and the manifests' alike.
public enum KeySuggestion {
    public static func suggestion(for key: String, among known: [String]) -> String {
        guard let best = known.min(by: { distance(key, $0) < distance(key, $1) }), distance(key, best) <= 2 else { return "" }
        return "; did you mean `\(best)`?"
    }

    /// The Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
