/// A fleet as words: four per ship, its length, its top-left cell and `h` (rightwards) or
/// `v` (downwards), as the bot protocol's `fleet` line and the journal write it:
/// `5 0 0 v 4 2 0 v 3 4 4 h 3 9 1 v 2 7 9 h`.
extension Fleet {
    /// The ships as words, in placement order.
    public var words: String {
        ships.map { "\($0.length) \($0.origin.x) \($0.origin.y) \($0.orientation == .vertical ? "v" : "h")" }.joined(separator: " ")
    }

    /// The ships the words describe (not checked against the rules); nil unless they are
    /// four words per ship, three whole numbers and `h` or `v` (either case).
    public static func ships(words: some Collection<Substring>) -> [ShipPlacement]? {
        guard !words.isEmpty, words.count % 4 == 0 else { return nil }
        let words = Array(words)
        var ships: [ShipPlacement] = []
        for start in stride(from: 0, to: words.count, by: 4) {
            guard let length = Int(words[start]), let x = Int(words[start + 1]), let y = Int(words[start + 2]) else { return nil }
            let orientation: Orientation
            switch words[start + 3] {
            case "h", "H": orientation = .horizontal
            case "v", "V": orientation = .vertical
            default: return nil
            }
            ships.append(ShipPlacement(length: length, origin: Coordinate(x: x, y: y), orientation: orientation))
        }
        return ships
    }
}
