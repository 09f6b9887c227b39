/// What a student's daily quota counts (docs/arena.md, "The quota"): in any 24 hours, at most
/// ``perDay`` uploads that were not refused (those entered, waiting, late, replaced, and those
/// still arriving or being checked), so that a refused upload (an archive without bot.yaml, a
/// build that failed, a crash in the check) gives its place back and a typo fixed at the
/// deadline is taken; and at most ``attemptsPerDay`` uploads in all, refused ones too, which
/// bounds the checks one student's broken uploads can cost the arena. Uploads the instructor
/// gave back (`salvo arena roster DIR --give-uploads LOGIN N`) count in neither.
///
/// ```swift
/// let quota = ArenaQuota(perDay: 10)   // attemptsPerDay: 30
/// ```
public struct ArenaQuota: Sendable, Hashable {
    /// Uploads that were not refused, per 24 hours (`submissions_per_day`).
    public var perDay: Int
    /// Uploads of any fate per 24 hours: three times ``perDay``.
    public var attemptsPerDay: Int { perDay * Self.attemptsPerPlace }

    /// How many uploads, refused ones too, a place of the quota allows.
    public static let attemptsPerPlace = 3

    public init(perDay: Int) {
        self.perDay = perDay
    }
}
