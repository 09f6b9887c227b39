import Foundation

/// The fields of a request body, read as the reference server read them: JSON when the
/// Content-Type says JSON, form fields when it says `application/x-www-form-urlencoded`,
/// and nothing at all otherwise.
struct RequestFields: Sendable {
    /// The body formats that are read.
    enum Format: Sendable {
        case json
        case form

        /// The format named by a Content-Type header (`application/json; charset=utf-8`,
        /// `application/*+json`, `application/x-www-form-urlencoded`), or nil for any other.
        init?(contentType: String?) {
            guard let contentType else { return nil }
            let mediaType = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
            let trimmed = String(decoding: mediaType, as: UTF8.self).trimmingASCIISpaces.lowercased()
            if trimmed == "application/json" || (trimmed.hasPrefix("application/") && trimmed.hasSuffix("+json")) {
                self = .json
            } else if trimmed == "application/x-www-form-urlencoded" {
                self = .form
            } else {
                return nil
            }
        }
    }

    private var values: [String: FieldValue]

    init(_ values: [String: FieldValue] = [:]) {
        self.values = values
    }

    /// The field `key`, if present.
    subscript(key: String) -> FieldValue? {
        values[key]
    }

    /// Reads `body` in `format`.
    /// - Throws: ``APIError/malformedJSON`` when the body claims to be JSON and is not.
    static func parse(body: [UInt8], format: Format) throws(APIError) -> RequestFields {
        switch format {
        case .json:
            // An empty body is an empty object, as Express's JSON parser reads it.
            guard body.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
                return RequestFields()
            }
            do {
                // Valid JSON that is not an object (an array, a number) carries no fields.
                return RequestFields(try FlatJSONParser.parseObject(body) ?? [:])
            } catch {
                throw .malformedJSON
            }
        case .form:
            return parseForm(body)
        }
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

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingASCIISpaces: String {
        let bytes = Array(utf8)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
