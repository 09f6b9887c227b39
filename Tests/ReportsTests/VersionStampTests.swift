import Foundation
import JSONCoding
import Reports
import SalvoVersion
import Testing

/// Which Salvo built a report: results.json and index.html's footer name it.
@Suite("Reports name the Salvo that built them")
struct VersionStampTests {
    static func results() -> ResultsDocument {
        ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)
    }

    @Test("results.json's salvoVersion and index.html's footer are salvo --version's text")
    func stamped() throws {
        let results = Self.results()
        let object = try #require(try JSONSerialization.jsonObject(with: JSONFormat.file(results)) as? [String: Any])
        #expect(object["salvoVersion"] as? String == SalvoVersion.text)
        let page = IndexPage.render(results)
        #expect(page.contains(#"<footer class="meta" id="salvo-version">Salvo \#(SalvoVersion.text)</footer>"#))
    }

    @Test("a results.json from before the stamp reads back without one, and its page says so")
    func olderFile() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: JSONFormat.file(Self.results())) as? [String: Any])
        object.removeValue(forKey: "salvoVersion")
        let older = try JSONFormat.decoder().decode(ResultsDocument.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(older.salvoVersion == nil)
        #expect(IndexPage.render(older).contains(#"id="salvo-version">Salvo of unknown version</footer>"#))
    }
}
