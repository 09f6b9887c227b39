import Foundation

/// The run's members of the journal's `configuration` (docs/journal.md), in the same object as
/// the file's (``TournamentSettings``'s encoding): `seedDerivation`, `seedKey` (32 hex digits),
/// `shard` (`I/N`), `sourceFile`, `workingDirectory`, and `season` (written only when true).
/// A journal without `seedDerivation` was written before keyed seeds, and keeps the mixed ones.
/// The season's night and its submissions not entered are not here: the night has its own
/// line. A value that is not acceptable (a shard `3`) is refused naming its member.
extension RunContext: Codable {
    enum CodingKeys: String, CodingKey {
        case seedDerivation, seedKey, shard, sourceFile, workingDirectory, season
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seedDerivation.rawValue, forKey: .seedDerivation)
        try container.encodeIfPresent(seedKey?.description, forKey: .seedKey)
        try container.encodeIfPresent(shard?.description, forKey: .shard)
        try container.encodeIfPresent(sourceFile, forKey: .sourceFile)
        try container.encodeIfPresent(workingDirectory, forKey: .workingDirectory)
        if isSeason { try container.encode(true, forKey: .season) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        // Journals written before keyed seeds have no member: theirs were mixed.
        seedDerivation = try container.decodeCase(forKey: .seedDerivation, "seed derivation") ?? .mixed
        if let text = try container.decodeIfPresent(String.self, forKey: .seedKey) {
            guard let key = SeedKey(hex: text) else {
                throw DecodingError.dataCorruptedError(forKey: .seedKey, in: container, debugDescription: "a seed key that is not 32 hex digits")
            }
            seedKey = key
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .shard) {
            do {
                shard = try Shard(parsing: text)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .shard, in: container, debugDescription: "a shard that is not I/N")
            }
        }
        sourceFile = try container.decodeIfPresent(String.self, forKey: .sourceFile)
        workingDirectory = try container.decodeIfPresent(String.self, forKey: .workingDirectory)
        isSeason = try container.decodeIfPresent(Bool.self, forKey: .season) ?? isSeason
    }
}
