/// An error a service throws that is sent as a ``Problem``: a catalogue of refusals of its own
/// (the Battleship server's `APIError`, the reference's error table) keeps its type and
/// replies in the one shape.
///
/// ```swift
/// extension APIError: ProblemConvertible {
///     var problem: Problem { Problem(status, message, key: .message) }
/// }
/// ```
public protocol ProblemConvertible: Error {
    /// The reply this error is sent as.
    var problem: Problem { get }
}
