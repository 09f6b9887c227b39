/// The request method of an ``HTTPRequest``.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: read a resource.
    case get = "GET"
    /// `HEAD`: read a resource's headers only.
    case head = "HEAD"
    /// `POST`: submit a body; not idempotent.
    case post = "POST"
    /// `PUT`: replace a resource.
    case put = "PUT"
    /// `PATCH`: change part of a resource; not idempotent.
    case patch = "PATCH"
    /// `DELETE`: remove a resource.
    case delete = "DELETE"

    /// Whether HTTP calls the method idempotent: sending it twice has the effect of once.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete: true
        case .post, .patch: false
        }
    }
}
