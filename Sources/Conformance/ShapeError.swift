/// What is wrong with a reply's shape, as a clause ("it has no \"playerBoard\"").
public struct ShapeError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
