/// How much an uploaded archive may unpack to: the defences against archive bombs. Every count
/// is of what was actually read, never of what an entry's header claims.
public struct ArchiveLimits: Sendable, Hashable {
    /// Entries (files, folders, links) in the archive.
    public var entries: Int
    /// Bytes of all files together, unpacked.
    public var bytes: Int
    /// Unpacked bytes per archive byte, checked once more than ``ratioFloor`` bytes are out:
    /// a deflated stream of zeros reaches 1000:1, a class's sources rarely 10:1.
    public var ratio: Int
    /// Bytes below which the ratio is not checked (a tiny archive of text may well pass 100:1).
    public var ratioFloor: Int
    /// Folders deep, as a submission's copy allows.
    public var depth: Int

    /// A student's bot: 20,000 entries, 256 MiB unpacked (a submission's copy's own limits),
    /// 100:1 past 1 MiB, 64 folders deep.
    public static let submission = ArchiveLimits(entries: 20_000, bytes: 256 << 20, ratio: 100, ratioFloor: 1 << 20, depth: 64)

    public init(entries: Int, bytes: Int, ratio: Int, ratioFloor: Int, depth: Int) {
        self.entries = entries
        self.bytes = bytes
        self.ratio = ratio
        self.ratioFloor = ratioFloor
        self.depth = depth
    }
}
