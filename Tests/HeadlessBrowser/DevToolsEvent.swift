/// One event Chromium sent (a message without an `id`), numbered in arrival order so a
/// waiter can ask for events after a given point.
public struct DevToolsEvent: Sendable {
    /// Position in the connection's event log, from 0.
    public var sequence: Int
    /// The event's name, e.g. `Page.loadEventFired`.
    public var method: String
    /// The page session it belongs to; `nil` for browser-wide events.
    public var sessionId: String?
    public var params: JSONValue
}
