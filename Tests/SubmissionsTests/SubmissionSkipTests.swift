import Bots
import Foundation
import Testing

@testable import Submissions

/// Each reason a subfolder is not entered, and that the rest are entered anyway.
@Suite("Submissions: not entered")
struct SubmissionSkipTests {
    static let python = "import sys\nfor line in sys.stdin:\n    pass\n"

    @Test("each skip has its reason, and the good bots are entered: a label another folder or a listed bot also has takes nothing from anyone")
    func reasons() async throws {
        let folders = SubmissionFolders("skips")
        defer { folders.remove() }
        try folders.write("a-good", ["bot.yaml": "name: good\ncommand: python3 bot.py\n", "bot.py": Self.python])
        try folders.write("b-no-manifest", ["bot.py": Self.python])
        try folders.write("c-bad-yaml", ["bot.yaml": "command: [python3, bot.py\n"])
        try folders.write("d-no-command", ["bot.yaml": "name: nothing\n"])
        try folders.write("e-same-name", ["bot.yaml": "name: good\ncommand: python3 bot.py\n", "bot.py": Self.python])
        try folders.write("f-listed-name", ["bot.yaml": "name: density\ncommand: python3 bot.py\n", "bot.py": Self.python])
        try folders.write("g-no-program", ["bot.yaml": "command: pyhton3 bot.py\n", "bot.py": Self.python])
        try folders.write("h-not-built", ["bot.yaml": "command: ./bot\n"])
        try folders.write("i-no-dot-slash", ["bot.yaml": "command: bot\n", "bot": "#!/bin/sh\n"])
        try folders.write("j-no-script", ["bot.yaml": "command: python3 main.py\n", "bot.py": Self.python])
        try folders.write("k-greedy", ["bot.yaml": "command: python3 bot.py\nmemory_mb: 4096\n", "bot.py": Self.python])
        try folders.write("l-no-limit", ["bot.yaml": "command: python3 bot.py\ncpu_seconds: none\n", "bot.py": Self.python])
        try folders.write(".hidden", ["bot.yaml": "command: python3 bot.py\n", "bot.py": Self.python])
        try "not a folder".write(toFile: folders.submissions + "/README.txt", atomically: true, encoding: .utf8)

        let entries = try await SubmissionFolders.enter(folders.settings(takenNames: ["density"]))
        // A folder is the identity: `name:` is a label, shown with the folder when another has it too.
        #expect(entries.entered.map(\.name) == ["a-good", "e-same-name", "f-listed-name"])
        #expect(entries.entered.map(\.label) == ["good (a-good)", "good (e-same-name)", "density (f-listed-name)"])
        let reasons = entries.notEntered.map { "\($0.folder): \($0.reason)" }
        #expect(
            reasons == [
                "b-no-manifest: no bot.yaml; add one with at least `command:` (see bots/SUBMITTING.md)",
                "c-bad-yaml: bot.yaml:2: not valid YAML: did not find expected ',' or ']'",
                "d-no-command: bot.yaml:1: missing `command:`, the program that plays (e.g. `command: python3 bot.py` or `command: ./bot`)",
                "g-no-program: the command `pyhton3` was not found on the PATH (/usr/local/bin:/usr/bin:/bin); use a program the machine has (python3, java, ...) or build one in your folder and run it as `./NAME`",
                "h-not-built: the command `./bot` is not an executable file in the folder; check the name, and that `build:` writes it",
                "i-no-dot-slash: the command `bot` was not found on the PATH (/usr/local/bin:/usr/bin:/bin); to run the program in your folder, write `./bot`",
                "j-no-script: the command names `main.py`, which is not in the folder; check the file's name",
                "k-greedy: `memory_mb: 4096` in bot.yaml asks for more than the tournament's limit of 1024; ask for at most 1024, or remove it",
                "l-no-limit: `cpu_seconds: none` in bot.yaml asks for more than the tournament's limit of 60; ask for at most 60, or remove it",
            ])
    }

    @Test(
        "a manifest reads its keys, and each bad value says what to do",
        arguments: [
            ("command: [python3, bot.py]\nname: x\nrestart: per-game\nprocesses: 8\nfile_size_mb: none\n", nil),
            ("", "bot.yaml: the file is empty; it needs at least `command:`"),
            ("- command\n", "bot.yaml:1: the file must be a mapping of keys such as `command:` and `build:`"),
            ("command: ''\n", "bot.yaml:1: `command` is empty; give the program and its arguments (e.g. `python3 bot.py`)"),
            ("command: ./bot\nbuild: ''\n", "bot.yaml:2: `build` is empty; give the build's shell command (e.g. `cc -O2 -o bot bot.c`) or remove it"),
            ("command: ./bot\nrestart: never\n", "bot.yaml:2: `restart` must be `reuse` or `per-game`; got `never`"),
            ("command: ./bot\nmemory_mb: lots\n", "bot.yaml:2: `memory_mb` must be a whole number from 16 to 65536; got `lots`"),
            ("command: ./bot\nname: [a, b]\n", "bot.yaml:2: `name` must be a single value, not a list or mapping"),
        ] as [(String, String?)])
    func manifests(text: String, expected: String?) {
        do {
            let manifest = try SubmissionManifest.read(text)
            #expect(expected == nil, "read, but expected: \(expected ?? "")")
            let limits: [String: Int?] = ["processes": 8, "file_size_mb": Int?.none]
            #expect(manifest == SubmissionManifest(name: "x", command: ["python3", "bot.py"], limits: limits, restart: .perGame))
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("a bots_from folder that is not there is an error, not an empty field")
    func missingFolder() async {
        let settings = SubmissionSettings(folder: "/nonexistent/submissions", workFolder: NSTemporaryDirectory() + "unused")
        await #expect { try await SubmissionDiscovery.enter(settings) } throws: {
            "\($0)" == "`bots_from: /nonexistent/submissions` is not a folder; give the folder that holds one subfolder per bot"
        }
    }
}
