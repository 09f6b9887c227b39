/// Results that a scheduler cannot continue from.
public struct ScheduleError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
