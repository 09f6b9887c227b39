import BattleshipAPI

/// Reads a `/status` reply, `{"isYourTurn":false,"winner":"IN PROGRESS"}`, straight from its
/// bytes: the most frequent reply of a load run, where `JSONDecoder` cost more than the
/// rest of the client's work on it (perf on `salvo load --endpoint status`).
///
/// Accepts a flat JSON object whose values are strings, booleans, numbers or null, in any
/// order and with any whitespace, and requires a boolean `isYourTurn` and a string `winner`;
/// anything else (nesting, escapes other than `\"` `\\` `\/`, trailing bytes) is refused,
/// and the caller then counts the reply as undecodable.
enum TurnStatusParser {
    static func parse(_ bytes: [UInt8]) -> TurnStatus? {
        var index = 0
        func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }
        func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func string() -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            var scalars: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: scalars, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "\\") || bytes[index] == UInt8(ascii: "/") else { return nil }
                    scalars.append(bytes[index])
                    index += 1
                case 0..<0x20:
                    return nil
                default:
                    scalars.append(byte)
                }
            }
            return nil
        }
        func literal(_ word: String) -> Bool {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, bytes[index..<(index + utf8.count)].elementsEqual(utf8) else { return false }
            index += utf8.count
            return true
        }

        var isYourTurn: Bool?
        var winner: String?
        guard expect(UInt8(ascii: "{")) else { return nil }
        skipSpace()
        if index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            while true {
                guard let key = string(), expect(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard index < bytes.count else { return nil }
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let value = string() else { return nil }
                    if key == "winner" { winner = value }
                case UInt8(ascii: "t"), UInt8(ascii: "f"):
                    let value = bytes[index] == UInt8(ascii: "t")
                    guard literal(value ? "true" : "false") else { return nil }
                    if key == "isYourTurn" { isYourTurn = value }
                case UInt8(ascii: "n"):
                    guard literal("null") else { return nil }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                default:
                    return nil
                }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
        }
        guard expect(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        guard index == bytes.count, let isYourTurn, let winner else { return nil }
        return TurnStatus(isYourTurn: isYourTurn, winner: winner)
    }
}
