import BattleshipAPI
import Testing

@Suite("The reference's GUID pattern")
struct GUIDPatternTests {
    @Test("ids of the reference's shape match; upper case only when case is ignored")
    func matchingIds() {
        #expect(GUIDPattern.matches("0f8fad5b-d9cb-469f-a165-70867728950e"))
        #expect(GUIDPattern.matches("0f8fad5b-d9cb-469f-a165-70867728950e", lowerCaseOnly: true))
        #expect(GUIDPattern.matches("0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(!GUIDPattern.matches("0F8FAD5B-D9CB-469F-A165-70867728950E", lowerCaseOnly: true))
    }

    @Test(
        "wrong length, version, variant, separators or digits do not match",
        arguments: [
            "", "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5b-d9cb-469f-a165-70867728950ef",
            "0f8fad5b-d9cb-669f-a165-70867728950e", "0f8fad5b-d9cb-469f-c165-70867728950e",
            "0f8fad5b_d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950g",
            "0f8fad5b-d9cb-469f-a165-70867728950é",
        ])
    func nonMatchingIds(_ text: String) {
        #expect(!GUIDPattern.matches(text))
    }
}
