import BattleshipRules
import Foundation
import JSONCoding
import SalvoTestSupport
import Testing

@testable import BattleshipServer

@Suite("Reading request bodies")
struct RequestParsingTests {
    @Test("flat objects: strings with escapes, integers, big integers, reals, booleans, null, nesting")
    func flatObjects() throws {
        let text = #"{"a":"x\"y\u00e9\ud83d\ude00","b":-12,"c":18446744073709551615,"d":2.5e1,"e":true,"f":null,"g":[1,{"h":[]}],"a2":"\/"}"#
        let fields = try #require(try FlatJSONParser.parseObject(Array(text.utf8)))
        #expect(fields["a"] == .string("x\"yé😀"))
        #expect(fields["b"] == .integer(-12))
        #expect(fields["c"] == .unsigned(UInt64.max))
        #expect(fields["d"] == .number(25))
        #expect(fields["e"] == .bool(true))
        #expect(fields["f"] == .null)
        #expect(fields["g"] == .structured(Array(#"[1,{"h":[]}]"#.utf8)), "an array is kept as its text, for the fleet extension")
        #expect(fields["a2"] == .string("/"))
    }

    @Test("valid JSON that is not an object has no fields; the last duplicate key wins")
    func nonObjects() throws {
        for text in ["[1,2]", "3", "\"s\"", "null", " true "] {
            #expect(try FlatJSONParser.parseObject(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(try FlatJSONParser.parseObject(Array(#"{"k":1,"k":2}"#.utf8))?["k"] == .integer(2))
    }

    /// Foundation's parser is laxer in one way (it takes a trailing comma, `{"k":1,}`, which
    /// RFC 8259 and JavaScript's JSON.parse refuse) and stricter in another (it refuses a
    /// number that overflows a Double, which JSON.parse reads as Infinity). Texts with a trailing
    /// comma are left out; of the rest, only disagreements over such a number are excused.
    @Test("agrees with Foundation's JSONSerialization on what is valid JSON, over 20,000 random texts")
    func differentialValidity() {
        var generator = SeededGenerator(seed: 2026)
        let pieces = [
            "{", "}", "[", "]", ":", ",", "\"", "\"k\"", "\"v\"", "1", "-", "0", ".5", "e+1", "true", "nul", "null", " ", "\\", "\\u00e9", "\\n",
            "\u{1}", "é", "01", "2",
        ]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            var text = generator.uniform(below: 2) == 0 ? "{\"k\":" : ""
            for _ in 0..<generator.uniform(below: 8) { text += pieces[generator.uniform(below: pieces.count)] }
            if text.hasPrefix("{\"k\":") && generator.uniform(below: 2) == 0 { text += "}" }
            if text.contains(",}") || text.contains(",]") { continue }
            let ours: Bool
            do {
                _ = try FlatJSONParser.parseObject(Array(text.utf8))
                ours = true
            } catch {
                ours = false
            }
            let foundation = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
            let documentedDifference = ours && !foundation && JSONNumberOverflow.occurs(in: text)
            if ours != foundation && !documentedDifference { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("coordinates are read like JavaScript's parseInt")
    func parseIntSemantics() {
        let cases: [(FieldValue, Int?)] = [
            (.string("3"), 3), (.string(" 3"), 3), (.string("3.7"), 3), (.string("3abc"), 3), (.string("-2"), -2),
            (.string("+4"), 4), (.string("0x1A"), 26), (.string("abc"), nil), (.string(""), nil), (.string("-"), nil),
            (.integer(7), 7), (.number(3.7), 3), (.number(-0.5), 0), (.number(1e-7), 1), (.number(1e21), 1),
            (.bool(true), nil), (.null, nil), (.structured(Array("[3]".utf8)), nil),
        ]
        for (value, expected) in cases {
            #expect(value.parsedInteger == expected, "\(value)")
        }
    }

    @Test("content types: JSON with parameters or a +json suffix, forms, and nothing else")
    func contentTypes() {
        #expect(RequestFields.Format(contentType: "application/json; charset=utf-8") == .json)
        #expect(RequestFields.Format(contentType: " Application/JSON ") == .json)
        #expect(RequestFields.Format(contentType: "application/vnd.api+json") == .json)
        #expect(RequestFields.Format(contentType: "application/x-www-form-urlencoded;charset=UTF-8") == .form)
        #expect(RequestFields.Format(contentType: "text/plain") == nil)
        #expect(RequestFields.Format(contentType: "multipart/form-data; boundary=x") == nil)
        #expect(RequestFields.Format(contentType: nil) == nil)
    }

    @Test("form bodies: plus and percent decoding, first value of a repeated key")
    func formBodies() throws {
        let fields = try RequestFields.parse(body: Array("a=b+c&d=%41%42&a=z&e&=x".utf8), format: .form)
        #expect(fields["a"] == .string("b c"))
        #expect(fields["d"] == .string("AB"))
        #expect(fields["e"] == .string(""))
    }

    @Test("reply strings are escaped")
    func replyEscaping() {
        #expect(JSONText.quoted("plain name") == "\"plain name\"")
        #expect(JSONText.quoted("say \"hi\"\\\n\u{1}") == "\"say \\\"hi\\\"\\\\\\n\\u0001\"")
    }
}
