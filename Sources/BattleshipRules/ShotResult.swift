/// What a shot did: missed, hit a ship, or hit and sank a ship of the given length.
public enum ShotResult: Hashable, Sendable, Codable {
    case miss
    case hit
    case sunk(length: Int)

    /// Whether the shot struck a ship (a sinking shot is a hit too).
    public var isHit: Bool {
        if case .miss = self { return false }
        return true
    }

    /// The length of the ship the shot sank, or 0, as the wire's `shipSunk`.
    public var sunkLength: Int {
        if case .sunk(let length) = self { return length }
        return 0
    }

    /// Rebuilds a result from the wire's `hit` and `shipSunk`.
    public init(hit: Bool, sunkLength: Int) {
        self = sunkLength > 0 ? .sunk(length: sunkLength) : (hit ? .hit : .miss)
    }
}
