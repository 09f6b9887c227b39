/// Values the API spells out on the wire.
public enum WireConstants {
    /// The `winner` of a game that has not ended (with a space, as the reference sends it).
    public static let inProgress = "IN PROGRESS"
    /// The content type of every response.
    public static let jsonContentType = "application/json; charset=utf-8"
}
