import Foundation
import Yams

extension OpenAPIDocument {
    /// The JSON Schema keywords the checks understand; any other keyword in a schema (but the
    /// ones that only describe) is reported, so that a document never says more than is checked.
    static let checkedKeywords: Set<String> = [
        "$ref", "type", "const", "enum", "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
        "minimum", "maximum", "minLength", "maxLength", "pattern", "format", "oneOf", "anyOf", "allOf",
    ]
    static let describingKeywords: Set<String> = ["description", "title", "examples", "example", "contentMediaType", "deprecated"]

    /// What is wrong with `value` against `schema`, each problem naming its place (`body.playerBoard[3].status`).
    func problems(of value: JSONTree, against schema: Node, at place: String) -> [String] {
        var problems: [String] = []
        for (keyword, _) in Self.members(schema) where !Self.checkedKeywords.contains(keyword) && !Self.describingKeywords.contains(keyword) {
            problems.append("\(place): the schema's keyword `\(keyword)` is not checked by OpenAPIDocument; add its check")
        }
        if let reference = Self.member(schema, "$ref")?.string {
            guard let target = node(at: reference) else { return problems + ["\(place): no schema at \(reference)"] }
            problems += self.problems(of: value, against: target, at: place)
        }
        if let type = Self.member(schema, "type") {
            let allowed = type.sequence.map { $0.compactMap(\.string) } ?? [type.string ?? ""]
            let actual = value.schemaType
            guard allowed.contains(actual) || (actual == "integer" && allowed.contains("number")) else {
                return problems + ["\(place) is \(actual) where the document says \(allowed.joined(separator: " or "))"]
            }
        }
        if let constant = Self.member(schema, "const"), !Self.equal(value, constant) {
            problems.append("\(place) is \(Self.shown(value)) where the document says it is always \(constant.scalar?.string ?? "?")")
        }
        if let choices = Self.member(schema, "enum")?.sequence, !choices.contains(where: { Self.equal(value, $0) }) {
            problems.append("\(place) is \(Self.shown(value)), not one of \(choices.compactMap(\.scalar?.string).joined(separator: ", "))")
        }
        problems += objectProblems(value, schema, place) + arrayProblems(value, schema, place) + scalarProblems(value, schema, place)
        problems += combinationProblems(value, schema, place)
        return problems
    }

    private func objectProblems(_ value: JSONTree, _ schema: Node, _ place: String) -> [String] {
        guard case .object(let members, let order) = value else { return [] }
        var problems: [String] = []
        for name in Self.member(schema, "required")?.sequence?.compactMap(\.string) ?? [] where members[name] == nil {
            problems.append("\(place) lacks the required member `\(name)`")
        }
        let properties = Self.member(schema, "properties")
        let additional = Self.member(schema, "additionalProperties")
        for name in order {
            guard let member = members[name] else { continue }
            if let property = Self.member(properties, name) {
                problems += self.problems(of: member, against: property, at: "\(place).\(name)")
            } else if let additional, additional.bool == false {
                problems.append("\(place) has the member `\(name)`, which the document does not allow")
            } else if let additional, additional.mapping != nil {
                problems += self.problems(of: member, against: additional, at: "\(place).\(name)")
            }
        }
        return problems
    }

    private func arrayProblems(_ value: JSONTree, _ schema: Node, _ place: String) -> [String] {
        guard case .array(let items) = value else { return [] }
        var problems: [String] = []
        if let least = Self.member(schema, "minItems")?.int, items.count < least {
            problems.append("\(place) has \(items.count) items, fewer than \(least)")
        }
        if let most = Self.member(schema, "maxItems")?.int, items.count > most {
            problems.append("\(place) has \(items.count) items, more than \(most)")
        }
        if let itemSchema = Self.member(schema, "items") {
            for (index, item) in items.enumerated() { problems += self.problems(of: item, against: itemSchema, at: "\(place)[\(index)]") }
        }
        return problems
    }

    private func scalarProblems(_ value: JSONTree, _ schema: Node, _ place: String) -> [String] {
        var problems: [String] = []
        switch value {
        case .number(_, let number, _):
            if let least = Self.member(schema, "minimum")?.float, number < least {
                problems.append("\(place) is \(number), below its minimum \(least)")
            }
            if let most = Self.member(schema, "maximum")?.float, number > most {
                problems.append("\(place) is \(number), above its maximum \(most)")
            }
        case .string(let text):
            if let least = Self.member(schema, "minLength")?.int, text.count < least {
                problems.append("\(place) is shorter than \(least) characters")
            }
            if let most = Self.member(schema, "maxLength")?.int, text.count > most {
                problems.append("\(place) is longer than \(most) characters")
            }
            if let pattern = Self.member(schema, "pattern")?.string, text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(place) is \(Self.shown(value)), which does not match \(pattern)")
            }
            switch Self.member(schema, "format")?.string {
            case "uuid"?:
                if UUID(uuidString: text) == nil { problems.append("\(place) is \(Self.shown(value)), not a UUID") }
            case "date-time"?:
                if ISO8601DateFormatter().date(from: text) == nil { problems.append("\(place) is \(Self.shown(value)), not an RFC 3339 date-time") }
            default:
                break
            }
        default:
            break
        }
        return problems
    }

    private func combinationProblems(_ value: JSONTree, _ schema: Node, _ place: String) -> [String] {
        var problems: [String] = []
        for part in Self.member(schema, "allOf")?.sequence ?? [] { problems += self.problems(of: value, against: part, at: place) }
        if let choices = Self.member(schema, "oneOf")?.sequence {
            let fitting = choices.filter { self.problems(of: value, against: $0, at: place).isEmpty }.count
            if fitting != 1 {
                problems.append("\(place) is \(Self.shown(value)), which fits \(fitting) of oneOf's \(choices.count) schemas, not one")
            }
        }
        if let choices = Self.member(schema, "anyOf")?.sequence,
            !choices.contains(where: { self.problems(of: value, against: $0, at: place).isEmpty })
        {
            problems.append("\(place) is \(Self.shown(value)), which fits none of anyOf's schemas")
        }
        return problems
    }

    /// Whether the JSON `value` is the YAML scalar `scalar` (`3` and `3.0` alike).
    static func equal(_ value: JSONTree, _ scalar: Node) -> Bool {
        switch value {
        case .string(let text): scalar.scalar?.string == text
        case .bool(let flag): scalar.bool == flag
        case .number(_, let number, _): scalar.float == number
        case .null: scalar.null != nil
        case .array, .object: false
        }
    }

    /// A value in a message: a string quoted, anything else as written.
    static func shown(_ value: JSONTree) -> String {
        switch value {
        case .string(let text): "\"\(text.prefix(80))\""
        case .number(let text, _, _): text
        case .bool(let flag): String(flag)
        case .null: "null"
        case .array(let items): "an array of \(items.count)"
        case .object: "an object"
        }
    }
}
