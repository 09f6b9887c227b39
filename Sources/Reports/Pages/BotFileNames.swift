/// The file names of the bots' pages (`bots/STEM.html`): a bot may be named anything, so each
/// name becomes a safe stem of ASCII letters, digits, `-`, `_` and `.`, and stems that would
/// collide (on a case-insensitive file system too) get `-2`, `-3`, ... in the order given.
///
/// ```swift
/// BotFileNames.assign(["Alice", "alice", "<script>"])
/// // ["Alice": "alice", "alice": "alice-2", "<script>": "script"]
/// ```
public enum BotFileNames {
    /// The longest stem, before a collision suffix.
    public static let maximumStemLength = 60

    /// The stems of every bot of `results`: the configuration's bots in its order (so a bot's
    /// file keeps its name as a run goes on), then any other bot of the standings.
    public static func assign(_ results: ResultsDocument) -> [String: String] {
        assign(results.configuration.bots.map(\.name) + results.standings.map(\.bot))
    }

    /// A unique stem for each of `names` (duplicates in `names` share one), in their order:
    /// the first of two colliding names keeps the plain stem.
    public static func assign(_ names: [String]) -> [String: String] {
        var stems: [String: String] = [:]
        var taken: Set<String> = []
        for name in names where stems[name] == nil {
            let base = stem(name)
            var candidate = base
            var number = 2
            while taken.contains(candidate) {
                candidate = "\(base)-\(number)"
                number += 1
            }
            taken.insert(candidate)
            stems[name] = candidate
        }
        return stems
    }

    /// `name` as a safe stem: lower-cased ASCII letters and digits, `-`, `_` and `.` kept,
    /// every other run of characters one `-`, no leading `.` or `-`, at most
    /// ``maximumStemLength`` characters; `bot` when nothing is left.
    public static func stem(_ name: String) -> String {
        var stem = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            let value = scalar.value
            let isSafe =
                (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || scalar == "-" || scalar == "_" || scalar == "."
            if isSafe {
                if pendingDash && !stem.isEmpty { stem.append("-") }
                pendingDash = false
                stem.unicodeScalars.append((0x41...0x5A).contains(value) ? Unicode.Scalar(value + 0x20)! : scalar)
            } else {
                pendingDash = true
            }
            if stem.count >= maximumStemLength { break }
        }
        while let first = stem.first, first == "." || first == "-" { stem.removeFirst() }
        while let last = stem.last, last == "." || last == "-" { stem.removeLast() }
        return stem.isEmpty ? "bot" : String(stem.prefix(maximumStemLength))
    }
}
