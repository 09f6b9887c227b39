/// The journal's `configuration` member: the file's settings and the run's context as one
/// JSON object (the journal writes it with sorted keys, so the two parts' members interleave
/// exactly as one type's did; journals of 0.3.0 read unchanged).
extension TournamentConfig: Codable {
    public func encode(to encoder: any Encoder) throws {
        try settings.encode(to: encoder)
        try context.encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        self.init(settings: try TournamentSettings(from: decoder), context: try RunContext(from: decoder))
    }
}
