import Foundation
import JSONCoding

/// The members of the journal written with their `Codable` conformance: `configuration`
/// (``TournamentConfig``'s, the one encoding of the configuration, `TournamentConfig+Codable.swift`)
/// and a night's `bots` (``BotEntry``'s, as in `configuration`). ``JSONFormat``'s compact encoder writes them
/// into the hand-written line and its decoder reads them back. Their members are in alphabetical
/// order (`sortedKeys`: `JSONEncoder` keeps no other order from one run to the next); a reader
/// takes them in any order.
extension JournalCodec {
    /// `value` by its `Encodable` conformance.
    static func writeEncoded(_ value: some Encodable, to json: inout JSONWriter) {
        do {
            json.raw(try JSONFormat.encoder(pretty: false).encode(value))
        } catch {
            // Only a number that is not finite fails (a rate limit or SPRT setting), which no
            // tournament file or flag gives.
            preconditionFailure("cannot write \(type(of: value)) as JSON: \(error)")
        }
    }

    /// The value at the reader's position, its text decoded by `Value`'s `Decodable`
    /// conformance. An error names the member at fault and where it is in the line, as the
    /// reader's own do (`bad value at configuration.seed: a seed that is not …`).
    static func decoded<Value: Decodable>(_: Value.Type, _ reader: inout JSONReader) throws(JSONError) -> Value {
        var walker = reader
        let offset = reader.valueOffset()
        let text = try reader.rawValue()
        do {
            return try JSONFormat.decoder().decode(Value.self, from: Data(text))
        } catch {
            throw Self.error(error, reader, walker: &walker, valueAt: offset)
        }
    }

    /// A `DecodingError` as the reader's own error at the member it names (the object that
    /// lacks a member, for a missing one); `walker` is a reader at the decoded value.
    private static func error(_ error: any Error, _ reader: JSONReader, walker: inout JSONReader, valueAt offset: Int) -> JSONError {
        let problem: JSONError.Problem
        let context: DecodingError.Context
        switch error as? DecodingError {
        case .keyNotFound(let key, let keyContext)?: (problem, context) = (.missingField(key.stringValue), keyContext)
        case .typeMismatch(_, let other)?, .valueNotFound(_, let other)?, .dataCorrupted(let other)?:
            (problem, context) = (.invalidValue(other.debugDescription), other)
        default: return reader.invalidValue("\(error)", at: offset)
        }
        return reader.error(problem, at: walker.offset(of: context.codingPath) ?? offset)
    }
}

extension JSONReader {
    /// The offset of the value that `path` leads to from the value at the position (a
    /// `DecodingError`'s coding path); nil when there is none.
    fileprivate mutating func offset(of path: [any CodingKey]) -> Int? {
        for step in path {
            if let index = step.intValue {
                guard (try? beginArray()) != nil else { return nil }
                for _ in 0..<index {
                    guard (try? nextElement()) == true, (try? skipValue()) != nil else { return nil }
                }
                guard (try? nextElement()) == true else { return nil }
            } else {
                guard (try? beginObject()) != nil else { return nil }
                while true {
                    guard let key = try? nextKey() else { return nil }
                    if key == step.stringValue { break }
                    guard (try? skipValue()) != nil else { return nil }
                }
            }
        }
        return valueOffset()
    }
}
