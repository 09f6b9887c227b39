import BattleshipRules
import Foundation
import SalvoTestSupport
import Testing

/// The reader and Foundation's `JSONSerialization` agree on which texts are JSON.
@Suite("JSON reader against JSONSerialization")
struct JSONReaderAgreementTests {
    /// Foundation is laxer in one way (it takes a trailing comma, which RFC 8259 and
    /// JavaScript's JSON.parse refuse) and stricter in another (it refuses a number that
    /// overflows a Double, which JSON.parse reads as Infinity); only those disagreements are excused.
    @Test("the same verdict on 30,000 random texts of JSON pieces")
    func sameVerdict() {
        var generator = SeededGenerator(seed: 8259)
        let pieces = [
            "{", "}", "[", "]", ":", ",", "\"", "\"k\"", "\"v\"", "1", "-", "0", ".5", "e+1", "E-2", "true", "fals", "null",
            " ", "\n", "\\", "\\u00e9", "\\ud83d", "\\ude00", "\\ud83d\\ude00", "\\n", "\\x", "\u{1}", "é", "🚢", "01", "2", "\t",
        ]
        var disagreements: [String] = []
        for _ in 0..<30_000 {
            var text = ["", "{\"k\":", "[", "\""][generator.uniform(below: 4)]
            for _ in 0..<generator.uniform(below: 9) { text += pieces[generator.uniform(below: pieces.count)] }
            if generator.uniform(below: 2) == 0 { text += ["}", "]", "\""][generator.uniform(below: 3)] }
            if text.contains(",}") || text.contains(",]") { continue }
            let ours = JSONReaderTests.skipError(Array(text.utf8)) == nil
            let foundation = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
            let documentedDifference = ours && !foundation && JSONNumberOverflow.occurs(in: text)
            if ours != foundation && !documentedDifference { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(8))")
    }
}
