import BattleshipAPI
import Foundation
import Testing

@testable import Tournament

/// `placement:` and `tell_opponent:` in files, journals and resume settings.
@Suite("Placement settings")
struct PlacementSettingsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every example tournament file reads; placement.yaml has its bots place and know their opponents")
    func exampleFiles() throws {
        let folder = Self.root.appendingPathComponent("tournaments")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(files.contains("placement.yaml") && files.count >= 5)
        for file in files {
            let read = try TournamentFileParser().read(fileAt: folder.appendingPathComponent(file).path)
            #expect(read.config.placement == (file == "placement.yaml" ? .bots : .server), "\(file)")
            #expect(read.config.tellOpponent == (file == "placement.yaml"), "\(file)")
        }
    }

    @Test(
        "a bad placement or tell_opponent is refused with its line and the choices",
        arguments: [
            (
                "name: x\nbots: [random, parity]\nplacement: players\n",
                "t.yaml:3: `placement` must be `server` (fleets from the games' seeds, the default) or `bots`"
            ),
            ("name: x\nbots: [random, parity]\ntell_opponent: sometimes\n", "t.yaml:3: `tell_opponent` must be true or false"),
        ])
    func badValues(text: String, message: String) {
        #expect { try TournamentFileParser().parse(text, file: "t.yaml") } throws: { "\($0)".hasPrefix(message) }
    }

    @Test("the journal keeps both settings; the resume digest of a file without them is unchanged, and changing them is refused")
    func journalAndResume() throws {
        var config = try TournamentFileParser().parse("name: x\nbots: [random, parity]\n", file: "t.yaml")
        let plainDigest = ResumeSettings.digest(of: config)
        #expect(!ResumeSettings.lines(of: config).contains { $0.key == "placement" || $0.key == "tell_opponent" })
        config.placement = .bots
        config.tellOpponent = true
        let line = JournalCodec.line(.started(JournalStart(name: "x", configurationDigest: "d", totalGames: 2, configuration: config)))
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""placement":"bots""#) && text.contains(#""tellOpponent":true"#))
        guard case .started(let start) = try line.withUnsafeBufferPointer({ try JournalCodec.entry($0) }) else {
            Issue.record("not a started line")
            return
        }
        #expect(start.configuration.placement == .bots && start.configuration.tellOpponent)
        #expect(ResumeSettings.digest(of: config) != plainDigest)
        var other = config
        other.placement = .server
        #expect(ResumeSettings.difference(journal: config, run: other) == "placement: the journal's run has bots, this one the default")
    }
}
