/// The request method of an ``HTTPRequest``.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"

    /// Whether HTTP calls the method idempotent: sending it twice has the effect of once.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete: true
        case .post, .patch: false
        }
    }
}
