/// The enums of a configuration as their raw strings (`"round-robin"`, `"per-game"`), read
/// with an error that names the member and the text when the text is no case of them.
extension KeyedDecodingContainer {
    /// The case whose raw value is the string at `key`; nil when the member is missing.
    /// `what` names the member in the error ("format", "restart").
    func decodeCase<Value: RawRepresentable>(forKey key: Key, _ what: String) throws -> Value? where Value.RawValue == String {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = Value(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "an unknown \(what) `\(text)`")
        }
        return value
    }
}
