/// A scheduled game that no shard has a result for: its schedule index and the shard that
/// plays it.
public struct MissingGame: Hashable, Sendable {
    public let index: Int
    public let shard: Int

    public init(index: Int, shard: Int) {
        self.index = index
        self.shard = shard
    }
}
