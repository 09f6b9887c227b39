import JSONCoding

/// Readers of the value shapes every part of a journal uses.
extension JournalCodec {
    /// A string that must be one of `Value`'s raw values; `what` names the member in errors
    /// ("format", "forfeit kind").
    static func readCase<Value: RawRepresentable>(_ reader: inout JSONReader, _ what: String) throws(JSONError) -> Value
    where Value.RawValue == String {
        let offset = reader.valueOffset()
        let text = try reader.string()
        guard let value = Value(rawValue: text) else { throw reader.invalidValue("an unknown \(what) `\(text)`", at: offset) }
        return value
    }

    /// An array, each element read by `element`.
    static func readArray<Element>(_ reader: inout JSONReader, _ element: (inout JSONReader) throws(JSONError) -> Element) throws(JSONError)
        -> [Element]
    {
        var list: [Element] = []
        try reader.beginArray()
        while try reader.nextElement() { list.append(try element(&reader)) }
        return list
    }
}
