import BattleshipRules

/// A shot's JSON form, as a replay (reports/README.md, `replays/NNNN.json`) and a solo rematch
/// write it: `{"seat": 0, "x": 3, "y": 4, "result": "hit", "sunk": 0, "atMilliseconds": 812}`,
/// the seat 0 or 1, `result` `miss`, `hit` or `sunk`. Read back, a shot without `result`,
/// `sunk` or `atMilliseconds` (a solo rematch of this Salvo's first releases named only the
/// seat and cell) is a miss at 0 ms.
extension ShotRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case seat, x, y, result, sunk, atMilliseconds
    }

    /// `miss`, `hit` or `sunk`.
    public var result: String {
        sunk > 0 ? "sunk" : (hit ? "hit" : "miss")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seat = try container.decode(Int.self, forKey: .seat)
        guard let fired = PlayerSeat(index: seat) else {
            throw DecodingError.dataCorruptedError(forKey: .seat, in: container, debugDescription: "a seat is 0 or 1, not \(seat)")
        }
        let result = try container.decodeIfPresent(String.self, forKey: .result) ?? "miss"
        guard ["miss", "hit", "sunk"].contains(result) else {
            throw DecodingError.dataCorruptedError(forKey: .result, in: container, debugDescription: "a result is miss, hit or sunk, not \(result)")
        }
        self.init(
            seat: fired, x: try container.decode(Int.self, forKey: .x), y: try container.decode(Int.self, forKey: .y),
            hit: result != "miss", sunk: try container.decodeIfPresent(Int.self, forKey: .sunk) ?? 0,
            atMilliseconds: try container.decodeIfPresent(Int.self, forKey: .atMilliseconds) ?? 0
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seat.index, forKey: .seat)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(result, forKey: .result)
        try container.encode(sunk, forKey: .sunk)
        try container.encode(atMilliseconds, forKey: .atMilliseconds)
    }
}
