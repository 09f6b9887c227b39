/// A request as the loopback test server read it off the socket.
public struct LoopbackRequest: Sendable, Hashable {
    public var method: String
    /// The request target, such as `/api/games/1/guess`.
    public var path: String
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    public var body: [UInt8]
    /// 1 for the first request the server saw to this method and path, 2 for the second…
    public var ordinal: Int

    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
