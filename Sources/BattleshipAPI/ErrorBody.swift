/// The body of every error reply: `{"message": "..."}`.
public struct ErrorBody: Hashable, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
