import Foundation

/// One field of a request body as the mutant server reads it.
enum MutantField: Sendable, Decodable {
    case string(String)
    case number(Double)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if (try? container.decode(Bool.self)) != nil {
            self = .other
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .other
        }
    }

    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Whole numbers, and strings that start with digits (`"3"`, `"3.7"`), as `parseInt` would.
    var coordinate: Int? {
        switch self {
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let sign = trimmed.hasPrefix("-") ? "-" : ""
            let digits = trimmed.dropFirst(sign.count).prefix { $0.isASCII && $0.isNumber }
            return digits.isEmpty ? nil : Int(sign + digits)
        case .number(let number):
            return number.isFinite && abs(number) < 1e9 ? Int(number) : nil
        case .other:
            return nil
        }
    }

    /// The fields of a body: JSON objects and form fields; nil when the JSON is malformed.
    static func parse(body: Data, contentType: String?) -> [String: MutantField]? {
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch type {
        case "application/json":
            guard !body.isEmpty else { return [:] }
            guard (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil else { return nil }
            return (try? JSONDecoder().decode([String: MutantField].self, from: body)) ?? [:]
        case "application/x-www-form-urlencoded":
            var fields: [String: MutantField] = [:]
            for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                    String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
                }
                if fields[parts[0]] == nil { fields[parts[0]] = .string(parts.count > 1 ? parts[1] : "") }
            }
            return fields
        default:
            return [:]
        }
    }
}
