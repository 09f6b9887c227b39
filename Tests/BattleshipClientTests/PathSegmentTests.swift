import BattleshipAPI
import Testing

@Suite("Path segments")
struct PathSegmentTests {
    @Test("a GUID is used as it is")
    func guidUnchanged() {
        let id = "0f8fad5b-d9cb-469f-a165-70867728950e"
        #expect(PathSegment.encode(id) == id)
    }

    @Test("anything outside the unreserved set is percent-encoded from its UTF-8, slashes included")
    func reservedBytesEncoded() {
        #expect(PathSegment.encode("a b/c?d#é~_.-") == "a%20b%2Fc%3Fd%23%C3%A9~_.-")
        #expect(PathSegment.encode("..%") == "..%25")
        #expect(PathSegment.encode("") == "")
    }
}
