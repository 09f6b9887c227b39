import JSONCoding

/// The extensions of the API a server offers, as `GET /api/extensions` lists them:
/// `{"extensions":["boardSeed","joinToken","fleet"]}`. A server without that endpoint (the reference
/// server answers 404) offers none, and a client keeps to the plain API (docs/server.md).
public struct ServerExtensions: Hashable, Sendable {
    /// `boardSeed` on create and join: the fleet comes from the seed.
    public static let boardSeed = "boardSeed"
    /// `joinToken` on create and join: an unlisted game that only the token's holder can join.
    public static let joinToken = "joinToken"
    /// `fleet` on create and join: the player places its own ships (``FleetPlacement``).
    public static let fleet = "fleet"
    /// Every extension Salvo's own server offers, in the order it lists them.
    public static let salvoServer = ServerExtensions(names: [boardSeed, joinToken, fleet])
    /// A server that offers none.
    public static let none = ServerExtensions(names: [])

    /// The extensions' names, in the server's order.
    public var names: [String]

    public init(names: [String]) {
        self.names = names
    }

    /// Whether the server offers `name`.
    public func offers(_ name: String) -> Bool {
        names.contains(name)
    }
}

extension ServerExtensions: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var names: [String] = []
        _ = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "extensions":
                _ = try reader.beginArray()
                while try reader.nextElement() { names.append(try reader.string()) }
            default: try reader.skipValue()
            }
        }
        self.init(names: names)
    }

    /// `{"extensions":[…]}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("extensions")
        writer.beginArray()
        for name in names { writer.string(name) }
        writer.endArray()
        writer.endObject()
    }
}
