/// How a season's night keys its games' fleets by the two versions that meet
/// (``ScheduleSeeds/seasonFleetSeeds(_:identity:keys:)``), recorded in the night's journal line
/// so that every game replays on the fleets it was played on.
public enum SeasonFleetKeys: String, Hashable, Sendable {
    /// HMAC-SHA256 over the versioned names themselves, each length-prefixed: two different
    /// pairs of versions never share fleets. Every night opened since Salvo 0.4.
    case names
    /// Each versioned name first folded to a 64-bit FNV-1a: a student who could choose a name
    /// could craft one with the same number as an earlier version's, and so meet the fleets of
    /// games already published. Nights written before 0.4 (their lines say nothing), replayed
    /// as they were played.
    case fnv64 = "fnv1a-64"
}
