import BattleshipAPI
import Foundation
import Testing
@testable import LoadTest

/// The hand-written `/status` reader agrees with `JSONDecoder` on good replies and refuses bad ones.
@Suite("Status reply parser")
struct TurnStatusParserTests {
    @Test("good replies, any order, spacing, extra fields", arguments: [
        #"{"isYourTurn":false,"winner":"IN PROGRESS"}"#,
        #"{"winner":"bob","isYourTurn":true}"#,
        " {\n \"isYourTurn\" : true , \"winner\" : \"a \\\"q\\\" b\", \"extra\": 12.5e3, \"n\": null } ",
        #"{"isYourTurn":false,"winner":"","x":-3}"#,
    ])
    func agreesWithJSONDecoder(_ text: String) throws {
        let expected = try JSONDecoder().decode(TurnStatus.self, from: Data(text.utf8))
        #expect(TurnStatusParser.parse(Array(text.utf8)) == expected)
    }

    @Test("bad replies are refused", arguments: [
        "", "{", "[]", #"{"isYourTurn":false}"#, #"{"winner":"x"}"#, #"{"isYourTurn":"no","winner":"x"}"#,
        #"{"isYourTurn":false,"winner":3}"#, #"{"isYourTurn":fals,"winner":"x"}"#, #"{"isYourTurn":false,"winner":"x"} x"#,
        #"{"isYourTurn":false,"winner":"x",}"#, #"{"isYourTurn":false,"winner":{"a":1}}"#, "<html>oops</html>",
    ])
    func refusesBadReplies(_ text: String) {
        #expect(TurnStatusParser.parse(Array(text.utf8)) == nil)
    }
}
