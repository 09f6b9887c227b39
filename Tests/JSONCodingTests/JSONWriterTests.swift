import JSONCoding
import Testing

/// The writer's commas and string escaping, checked by the strict reader.
@Suite("JSON writer")
struct JSONWriterTests {
    @Test("the writer puts commas between members and elements, at every depth, and only there")
    func writerCommas() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.int(-1)
        writer.null()
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.bool(false)
        writer.endArray()
        writer.key("key \"quoted\"")
        writer.uint64(UInt64.max)
        writer.optionalMember("absent", nil as UInt64?)
        writer.optionalMember("seed", 0)
        writer.optionalMember("no token", nil as String?)
        writer.optionalMember("joinToken", "t\"1")
        writer.endObject()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == #"{"a":[-1,null,{},[],false],"key \"quoted\"":18446744073709551615,"seed":0,"joinToken":"t\"1"}"#)
        #expect(JSONReaderTests.skipError(writer.bytes) == nil)
    }

    @Test("string escaping: quotes, backslashes and control characters, the rest as is")
    func escaping() {
        #expect(JSONText.quoted("plain name") == "\"plain name\"")
        #expect(JSONText.quoted("say \"hi\"\\\n\u{1}") == "\"say \\\"hi\\\"\\\\\\n\\u0001\"")
        #expect(JSONText.quoted("\r\t\u{1F}\u{7F}é/") == "\"\\r\\t\\u001f\u{7F}é/\"")
        #expect(JSONText.quoted("") == "\"\"")
    }
}
