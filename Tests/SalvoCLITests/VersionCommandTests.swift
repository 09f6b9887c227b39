import Foundation
import SalvoTestSupport
import SalvoVersion
import Testing

/// `salvo --version`: which Salvo this is, for scripts and bug reports.
@Suite("salvo --version")
struct VersionCommandTests {
    @Test("--version prints the version number and the commit, one line, the text every output is stamped with")
    func version() async throws {
        let result = try await SalvoExecutable.run(["--version"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == SalvoVersion.text + "\n")
        // The release number (`0.4.0`, or `0.4.0-dev` before its release), ` (`, then 12 hex
        // digits (and -dirty for a changed tree) or "unknown", then `)`.
        #expect(
            result.out.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+(-[a-z]+)? \(([0-9a-f]{12}(-dirty)?|unknown)\)\n$"#, options: .regularExpression) != nil,
            "\(result.out)")
    }

    @Test(
        "the version number is the CHANGELOG's: `X.Y.Z-dev` while its newest section is \"Unreleased (X.Y.Z)\", `X.Y.Z` once that section is the release's"
    )
    func numberMatchesTheChangelog() throws {
        let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CHANGELOG.md")
        let newest = try #require(try String(contentsOf: changelog, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("## ") })
        if SalvoVersion.number.hasSuffix("-dev") {
            #expect(newest == "## Unreleased (\(SalvoVersion.number.dropLast(4)))", "\(SalvoVersion.number) against \(newest)")
        } else {
            #expect(
                newest == "## \(SalvoVersion.number)" || newest.hasPrefix("## \(SalvoVersion.number) "), "\(SalvoVersion.number) against \(newest)")
        }
    }
}
