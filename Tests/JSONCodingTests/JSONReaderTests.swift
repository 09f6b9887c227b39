import JSONCoding
import Testing

/// The shared reader: what RFC 8259 allows it reads exactly, what it refuses it refuses
/// with what was wrong, the byte offset and the key path.
@Suite("JSON reader")
struct JSONReaderTests {
    /// The description of the error `body` throws, or nil when it throws none.
    static func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `text` read with `body`, the end checked.
    static func read<Value>(_ text: String, _ body: (inout JSONReader) throws(JSONError) -> Value) throws(JSONError) -> Value {
        try JSONReader.read(Array(text.utf8), body)
    }

    /// The error reading `bytes` as one value of any kind, or nil when they are JSON.
    static func skipError(_ bytes: [UInt8]) -> JSONError? {
        do {
            try JSONReader.read(bytes) { reader throws(JSONError) in try reader.skipValue() }
            return nil
        } catch {
            return error
        }
    }

    static func skipError(_ text: String) -> JSONError? {
        skipError(Array(text.utf8))
    }

    @Test(
        "strings: every escape, surrogate pairs, raw UTF-8, an empty string",
        arguments: [
            (#""""#, ""),
            (#""plain""#, "plain"),
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
            (#""\u00e9\u00E9 \u0000""#, "éé \u{0}"),
            (#""\ud83d\ude00 \uD83D\uDE00""#, "😀 😀"),
            ("\"naïve 🚢 ok\"", "naïve 🚢 ok"),
            ("\"mixed é \\n 🚢\"", "mixed é \n 🚢"),
            ("\"\u{7F}\"", "\u{7F}"),
        ])
    func strings(_ text: String, _ expected: String) throws {
        #expect(try Self.read(text) { reader throws(JSONError) in try reader.string() } == expected)
    }

    @Test("whole numbers: signs, zero, the extremes of Int and UInt64, exact fractions and exponents")
    func wholeNumbers() throws {
        let ints: [(String, Int)] = [
            ("0", 0), ("-0", 0), ("42", 42), ("-12", -12), ("3.0", 3), ("1e2", 100), ("1E+2", 100), ("250e-1", 25),
            ("123456789012345678", 123_456_789_012_345_678),
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), (" 7 ", 7),
        ]
        for (text, expected) in ints {
            #expect(try Self.read(text) { reader throws(JSONError) in try reader.int() } == expected, "\(text)")
        }
        let unsigned: [(String, UInt64)] = [("0", 0), ("18446744073709551615", .max), ("1234567890123456789", 1_234_567_890_123_456_789)]
        for (text, expected) in unsigned {
            #expect(try Self.read(text) { reader throws(JSONError) in try reader.uint64() } == expected, "\(text)")
        }
    }

    @Test(
        "whole numbers that are not whole or do not fit are invalid values with the reason",
        arguments: [
            ("3.5", "bad value at the top level: 3.5 is not a whole number (byte 0)"),
            (
                "9223372036854775808",
                "bad value at the top level: 9223372036854775808 is out of range (-9223372036854775808 to 9223372036854775807) (byte 0)"
            ),
            ("1e30", "bad value at the top level: 1e30 is out of range (-9223372036854775808 to 9223372036854775807) (byte 0)"),
        ])
    func badWholeNumbers(_ text: String, _ message: String) {
        #expect(Self.failure { _ = try Self.read(text) { reader throws(JSONError) in try reader.int() } } == message)
    }

    @Test("a negative number is no UInt64")
    func negativeUnsigned() {
        #expect(
            Self.failure { _ = try Self.read(" -1") { reader throws(JSONError) in try reader.uint64() } }
                == "bad value at the top level: -1 is out of range (0 to 18446744073709551615) (byte 1)")
    }

    @Test(
        "real numbers are converted exactly as the standard library does",
        arguments: [
            ("2.5e1", 25.0), ("-0.5", -0.5), ("1E-2", 0.01), ("0", 0), ("123456789012345678901234567890", 1.2345678901234568e29),
            ("0.1", 0.1), ("1e400", .infinity),
        ])
    func reals(_ text: String, _ expected: Double) throws {
        #expect(try Self.read(text) { reader throws(JSONError) in try reader.double() } == expected)
    }

    @Test("literals, and null read only where it is")
    func literals() throws {
        #expect(try Self.read("true") { reader throws(JSONError) in try reader.bool() })
        #expect(try !Self.read(" false ") { reader throws(JSONError) in try reader.bool() })
        #expect(try Self.read("null") { reader throws(JSONError) in reader.readNull() })
        #expect(
            try Self.read("[1]") { reader throws(JSONError) in
                try reader.beginArray()
                _ = try reader.nextElement()
                let wasNull = reader.readNull()
                _ = try reader.int()
                _ = try reader.nextElement()
                return !wasNull
            })
    }

    @Test("nested objects and arrays are read in order; skipped values are checked")
    func nesting() throws {
        let text = #" { "a" : [1, {"b": [], "c": {"d": null}}, "x"], "e": {}, "f": [[[]]], "g": -1.5e-3 } "#
        let keys = try Self.read(text) { reader throws(JSONError) -> [String] in
            var keys: [String] = []
            try reader.beginObject()
            while let key = try reader.nextKey() {
                keys.append(key)
                if key == "a" {
                    try reader.beginArray()
                    #expect(try reader.nextElement())
                    #expect(try reader.int() == 1)
                    #expect(try reader.nextElement())
                    #expect(try reader.peekKind() == .object)
                    try reader.skipValue()
                    #expect(try reader.nextElement())
                    #expect(try reader.string() == "x")
                    #expect(try !reader.nextElement())
                } else {
                    try reader.skipValue()
                }
            }
            return keys
        }
        #expect(keys == ["a", "e", "f", "g"])
    }

    @Test("keys viewed in place match literals, escaped and non-ASCII keys included")
    func keyViews() throws {
        let text = #"{"seat": 1, "se\u0061t": 2, "x": 3, "naïve": 4, "": 5, "seats": 6}"#
        let matched = try Self.read(text) { reader throws(JSONError) -> [String] in
            var matched: [String] = []
            try reader.beginObject()
            while let key = try reader.nextKeyView() {
                let value = try reader.int()
                switch key {
                case "seat": matched.append("seat=\(value)")
                case "x": matched.append("x=\(value)")
                case "naïve": matched.append("naïve=\(value)")
                case "": matched.append("empty=\(value)")
                default: matched.append("other \(key.string)=\(value)")
                }
            }
            return matched
        }
        #expect(matched == ["seat=1", "seat=2", "x=3", "naïve=4", "empty=5", "other seats=6"])
    }

    @Test("up to 64 levels of nesting are read, 65 are refused")
    func depthLimit() {
        #expect(Self.skipError(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
        let deep = Self.skipError(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        #expect(deep?.problem == .syntax("more than 64 nested objects and arrays"))
        #expect(deep?.offset == 64)
    }

    @Test(
        "what RFC 8259 refuses is refused, with the reason and the byte",
        arguments: [
            ("", "unexpected end of input", 0),
            ("   ", "unexpected end of input", 3),
            ("{", "unexpected end of input", 1),
            (#"{"a":"#, "unexpected end of input", 5),
            (#"{"a":"x"#, "unterminated string", 7),
            ("[1,", "unexpected end of input", 3),
            (#""\u12"#, "unterminated string", 5),
            ("[1,]", "trailing comma before ']'", 3),
            (#"{"a":1,}"#, "trailing comma before '}'", 7),
            ("[1 2]", "expected ',' or ']' after an array element", 3),
            (#"{"a":1 "b":2}"#, "expected ',' or '}' after an object member", 7),
            (#"{"a" 1}"#, "expected ':' after the key", 5),
            ("{a:1}", "expected a key (a string) or '}'", 1),
            ("{'a':1}", "expected a key (a string) or '}'", 1),
            (#"{"a":1,,}"#, "expected a key (a string) after ','", 7),
            ("{} x", "unexpected data after the JSON value", 3),
            ("1 2", "unexpected data after the JSON value", 2),
            (#"{"a":1}}"#, "unexpected data after the JSON value", 7),
            ("01", "leading zero in a number", 1),
            ("-", "expected a digit after '-'", 1),
            ("1.", "expected a digit after '.'", 2),
            ("1e", "expected a digit in the exponent", 2),
            (".5", "expected a value, found '.'", 0),
            ("+1", "expected a value, found '+'", 0),
            ("tru", "invalid literal (expected true)", 0),
            ("nul", "invalid literal (expected null)", 0),
            ("True", "expected a value, found 'T'", 0),
            ("\"a\u{1}b\"", "control character byte 0x1 in a string (escape it)", 2),
            ("\"tab\there\"", "control character byte 0x9 in a string (escape it)", 4),
            (#""\x""#, "invalid escape '\\x' in a string", 1),
            (#""\u00g0""#, "expected four hexadecimal digits after \\u", 5),
            (#""\ud83d""#, "unpaired high surrogate \\uD83D in a string", 1),
            (#""\ud83dx""#, "unpaired high surrogate \\uD83D in a string", 1),
            (#""\ude00""#, "unpaired low surrogate \\uDE00 in a string", 1),
            (#""\ud83d\u0041""#, "high surrogate \\uD83D followed by \\u0041, not a low surrogate", 1),
            ("\u{FEFF}{}", "expected a value, found byte 0xEF", 0),
            ("\u{0B}1", "expected a value, found byte 0xB", 0),
        ])
    func refused(_ text: String, _ reason: String, _ offset: Int) throws {
        let error = try #require(Self.skipError(text), "\(text) was read")
        #expect(error.problem == .syntax(reason), "\(text)")
        #expect(error.offset == offset, "\(text)")
    }

    @Test(
        "invalid UTF-8 in a string is refused where it starts",
        arguments: [
            [0x22, 0xFF, 0x22],
            [0x22, 0x61, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0x61, 0xED, 0xA0, 0x80, 0x22],  // an encoded surrogate
            [0x22, 0x61, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0x61, 0xE2, 0x82, 0x22],  // cut short
        ] as [[UInt8]])
    func invalidUTF8(_ bytes: [UInt8]) throws {
        let error = try #require(Self.skipError(bytes))
        #expect(error.problem == .syntax("invalid UTF-8 in a string"))
        #expect(error.offset == (bytes[1] == 0xFF ? 1 : 2))
    }

    @Test("errors name the key path to the value at fault")
    func errorPaths() {
        let syntax = Self.skipError(#"{"a": {"b": [1, 2, tru]}, "c": 1}"#)
        #expect(syntax?.path == [.key("a"), .key("b"), .index(2)])
        #expect(syntax?.description == "not valid JSON: invalid literal (expected true) at byte 19 (in a.b[2])")
        let inKey = Self.skipError(#"{"list": [{"ok": 1}, {"bad\q": 2}]}"#)
        #expect(inKey?.pathText == "list[1]")
        let truncated = Self.skipError(#"{"players": [{"bot": "x"}, {"bot": "#)
        #expect(truncated?.description == "not valid JSON: unexpected end of input at byte 35 (in players[1].bot)")
        let unterminated = Self.skipError(#"{"players": [{"bot": "x"}, {"bot": ""#)
        #expect(unterminated?.description == "not valid JSON: unterminated string at byte 36 (in players[1].bot)")
        let top = Self.skipError("[1,]")
        #expect(top?.description == "not valid JSON: trailing comma before ']' at byte 3")
    }

    @Test("a value of another kind is a type mismatch naming both kinds")
    func typeMismatch() {
        let message = Self.failure {
            _ = try Self.read(#"{"n": [true]}"#) { reader throws(JSONError) in
                try reader.beginObject()
                _ = try reader.nextKey()
                try reader.beginArray()
                _ = try reader.nextElement()
                return try reader.string()
            }
        }
        #expect(message == "expected a string at n[0], found a boolean (byte 7)")
    }

    @Test("a value's text taken whole, for another decoder, the reader left after it; and put back whole by the writer")
    func rawValueRoundTrip() throws {
        let text = #"{"a" : {"b": [1, "x}"], "c": null} , "d":3}"#
        let (raw, d) = try Self.read(text) { reader throws(JSONError) -> ([UInt8], Int?) in
            var raw: [UInt8] = []
            var d: Int?
            try reader.beginObject()
            while let key = try reader.nextKey() {
                if key == "a" { raw = try reader.rawValue() } else { d = try reader.int() }
            }
            return (raw, d)
        }
        #expect(String(decoding: raw, as: UTF8.self) == #"{"b": [1, "x}"], "c": null}"#)
        #expect(d == 3)
        #expect(Self.skipError(Array(#"{"a": [1, 2}"#.utf8)) != nil)
        let broken = #expect(throws: JSONError.self) {
            try Self.read(#"{"a": [1, 2}"#) { reader throws(JSONError) in
                try reader.beginObject()
                _ = try reader.nextKey()
                return try reader.rawValue()
            }
        }
        #expect(broken?.path == [.key("a")])

        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.raw(raw)
        writer.key("d")
        writer.int(3)
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":{"b": [1, "x}"], "c": null},"d":3}"#)
    }
}
