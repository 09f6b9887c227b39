import Bots
import Submissions
import Testing
import Tournament

/// A bot's `command:` read the same way by a tournament file and by a `bot.yaml`: both go
/// through ``Bots/WrittenCommand`` (issue 41 folded their two readers).
@Suite("Written commands, one reading")
struct WrittenCommandTests {
    @Test(
        "a tournament file's bot and a bot.yaml give the same words, or refuse the same command alike",
        arguments: [
            ("python3 bot.py", ["python3", "bot.py"]),
            (#"python3 "my bot.py" --fast"#, ["python3", "my bot.py", "--fast"]),
            ("[./bot, -v]", ["./bot", "-v"]),
            ("['java', '-cp', '.', 'Bot']", ["java", "-cp", ".", "Bot"]),
            ("''", nil),
            ("[]", nil),
            ("['', x]", nil),
        ] as [(String, [String]?)])
    func sameWords(yaml: String, expected: [String]?) throws {
        let manifest = Result { () throws(ManifestProblem) in try SubmissionManifest.read("command: \(yaml)\n").command }
        let file = Result { () throws(TournamentFileError) in
            try TournamentFileParser().parse("name: t\nbots:\n  - density\n  - name: b\n    command: \(yaml)\n", file: "t.yaml").bots[1].kind
        }.map { kind -> [String]? in if case .external(let spec) = kind { spec.command } else { nil } }
        if let expected {
            #expect(try manifest.get() == expected)
            #expect(try file.get() == expected)
        } else {
            #expect(throws: ManifestProblem.self) { try manifest.get() }
            #expect(throws: TournamentFileError.self) { try file.get() }
            if case .failure(let problem) = manifest { #expect(problem.message == WrittenCommand.noProgram) }
            if case .failure(let error) = file { #expect(error.message == WrittenCommand.noProgram) }
        }
    }

    @Test("a line is split at white space with quotes; a list is taken as written; no program is nil")
    func words() {
        #expect(WrittenCommand.line("python3 'my bot.py' --fast").words == ["python3", "my bot.py", "--fast"])
        #expect(WrittenCommand.list(["./my bot", "a b"]).words == ["./my bot", "a b"])
        #expect(WrittenCommand.line("   ").words == nil)
        #expect(WrittenCommand.line("''").words == nil)
        #expect(WrittenCommand.list([]).words == nil)
        #expect(WrittenCommand.list(["", "x"]).words == nil)
    }
}
