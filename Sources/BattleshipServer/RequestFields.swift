import Foundation

/// The fields of a request body, read as the reference server read them: JSON when the
/// Content-Type says JSON, form fields when it says `application/x-www-form-urlencoded`,
/// and nothing at all otherwise.
struct RequestFields: Sendable {
    private var values: [String: FieldValue]

    init(_ values: [String: FieldValue] = [:]) {
        self.values = values
    }

    /// The field `key`, if present.
    subscript(key: String) -> FieldValue? {
        values[key]
    }

    /// Reads `body` according to `contentType`.
    /// - Throws: ``APIError/malformedJSON`` when the body claims to be JSON and is not.
    static func parse(body: [UInt8], contentType: String?) throws(APIError) -> RequestFields {
        let mediaType = contentType?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if mediaType == "application/json" || mediaType.hasSuffix("+json") {
            return try parseJSON(body)
        }
        if mediaType == "application/x-www-form-urlencoded" {
            return parseForm(body)
        }
        return RequestFields()
    }

    private static func parseJSON(_ body: [UInt8]) throws(APIError) -> RequestFields {
        guard body.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            return RequestFields()
        }
        let data = Data(body)
        let decoder = JSONDecoder()
        if let object = try? decoder.decode([String: FieldValue].self, from: data) {
            return RequestFields(object)
        }
        // Valid JSON that is not an object (an array, a number) carries no fields.
        guard (try? decoder.decode(FieldValue.self, from: data)) != nil else { throw .malformedJSON }
        return RequestFields()
    }

    private static func parseForm(_ body: [UInt8]) -> RequestFields {
        var values: [String: FieldValue] = [:]
        for pair in body.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let key = formDecode(parts[0])
            guard !key.isEmpty, values[key] == nil else { continue }
            values[key] = .string(parts.count > 1 ? formDecode(parts[1]) : "")
        }
        return RequestFields(values)
    }

    private static func formDecode(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return text.removingPercentEncoding ?? text
    }
}
