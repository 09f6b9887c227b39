import BattleshipRules
import Digests

/// The seeds of a run's games, derived from the run seed through a one-way keyed function:
/// HMAC-SHA256 with the run seed as the key, over a label and the game's numbers. Knowing
/// every seed it was ever given tells a bot nothing about any fleet's seed, nor about the run
/// seed; only the run seed (the tournament's `seed:`, a secret in a graded competition) gives
/// them all.
///
/// Game `i` of a run with seed `s` always gets the same fleet and the same bot seed, whatever
/// the number of parallel jobs, so two bots benched with one seed meet identical boards.
public enum GameSeeds {
    /// The seed of the fleet of game `game`: `Fleet.seeded(board(run:game:))`.
    public static func board(run: UInt64, game: Int) -> UInt64 {
        derive(run: run, label: "board", UInt64(game))
    }

    /// The seed given to the bot in game `game`.
    public static func bot(run: UInt64, game: Int) -> UInt64 {
        derive(run: run, label: "bot", UInt64(game))
    }

    /// The first 8 bytes (little-endian) of HMAC-SHA256 with the 8 bytes of `run` (little-endian)
    /// as the key, over the UTF-8 of `label`, a zero byte, and each of `values` in 8 bytes,
    /// little-endian.
    public static func derive(run: UInt64, label: String, _ values: UInt64...) -> UInt64 {
        derive(key: littleEndianBytes(run), label: label, values)
    }

    /// As ``derive(run:label:_:)``, with the bytes of `key` as the HMAC key (a tournament's
    /// secret seed key and its seed).
    public static func derive(key: [UInt8], label: String, _ values: UInt64...) -> UInt64 {
        derive(key: key, label: label, values)
    }

    /// As ``derive(key:label:_:)``, with `texts` between the label and the values, each as its
    /// length in 8 bytes (little-endian) and its UTF-8 bytes: distinct texts are distinct
    /// messages, with no shorter hash of them in between that two texts could share.
    public static func derive(key: [UInt8], label: String, texts: [String], _ values: UInt64...) -> UInt64 {
        var prefix: [UInt8] = []
        for text in texts { prefix += littleEndianBytes(UInt64(text.utf8.count)) + Array(text.utf8) }
        return derive(key: key, label: label, values, prefix: prefix)
    }

    private static func derive(key: [UInt8], label: String, _ values: [UInt64], prefix: [UInt8] = []) -> UInt64 {
        var message = Array(label.utf8) + [0] + prefix
        for value in values { message += littleEndianBytes(value) }
        let code = HMACSHA256.authenticationCode(for: message, key: key)
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(code[$1]) << (8 * UInt64($1)) }
    }

    private static func littleEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
