/// How a tournament's fleet and bot seeds come from its `seed:`. New runs use
/// ``keyed``; a journal written before it keeps ``mixed`` when it is continued, so that the
/// two games of a mirrored pair always share their fleets.
public enum SeedDerivation: String, Hashable, Sendable, CaseIterable {
    /// HMAC-SHA256 keyed with the run seed (``Bots/GameSeeds/derive(run:label:_:)``): one-way,
    /// so a bot's seed tells nothing about any fleet.
    case keyed = "hmac-sha256"
    /// The multiply-xor mix of journals before it, which a bot could invert from its own seed.
    case mixed = "mix"
}
