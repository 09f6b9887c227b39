import Foundation
import SalvoTestSupport
import Testing

/// The README cannot drift from the program: every `salvo` command it shows exists with every
/// option it names, its tournament file runs, and every link of the docs' map leads to a file.
@Suite("The README's commands and the docs' links")
struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// Every `salvo …` command in backticks, as its words.
    static func commands(in text: String) -> [[String]] {
        text.split(separator: "`").enumerated().compactMap { position, part in
            guard position % 2 == 1, part.hasPrefix("salvo ") else { return nil }
            return part.split(separator: " ").map(String.init)
        }
    }

    @Test("every salvo command the README shows exists, and its --help names every option the README gives it")
    func commandsExist() async throws {
        let commands = Self.commands(in: try Self.text("README.md"))
        #expect(commands.count >= 10, "the README's commands were found: \(commands)")
        var helps: [String: String] = [:]
        for words in commands {
            // A command of a group (`salvo arena serve DIR`) is two words; placeholders are capitals.
            let path =
                words.count > 2 && words[2].first?.isLetter == true && words[2].allSatisfy({ $0.isLowercase || $0 == "-" })
                ? [words[1], words[2]] : [words[1]]
            let subcommand = path.joined(separator: " ")
            if helps[subcommand] == nil {
                let help = try await SalvoExecutable.run(path + ["--help"])
                #expect(help.status == 0, "salvo \(subcommand) --help: \(help.err)")
                helps[subcommand] = help.out
            }
            for option in words.dropFirst(2) where option.hasPrefix("--") {
                let name = String(option.split(separator: "=")[0])
                #expect(helps[subcommand]?.contains(name) == true, "`\(words.joined(separator: " "))`: salvo \(subcommand) has no \(name)")
            }
        }
    }

    @Test("the README's tournament file runs as it is (its bots_from: folder empty, its listed bots playing)")
    func tournamentFileRuns() async throws {
        let readme = try Self.text("README.md")
        let yaml = try #require(readme.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let folder = NSTemporaryDirectory() + "salvo-readme-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/submissions", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try yaml.write(toFile: folder + "/class.yaml", atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(
            ["run", "class.yaml", "--output", "out", "--quiet"], timeout: .seconds(120), workingDirectory: folder)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("4 of 4 games rated"), "\(run.out)")
    }

    @Test(
        "every relative link of the README, CONTRIBUTING and the docs' index leads to a file",
        arguments: ["README.md", "CONTRIBUTING.md", "docs/README.md", "CHANGELOG.md", "docs/guide.md"])
    func links(document: String) throws {
        let text = try Self.text(document)
        let folder = (document as NSString).deletingLastPathComponent
        var checked = 0
        for part in text.components(separatedBy: "](").dropFirst() {
            guard let end = part.firstIndex(of: ")") else { continue }
            let target = String(part[..<end]).split(separator: "#").first.map(String.init) ?? ""
            guard !target.isEmpty, !target.contains("://") else { continue }
            let path = ((Self.root + "/" + folder) as NSString).appendingPathComponent(target)
            #expect(FileManager.default.fileExists(atPath: path), "\(document) links \(target), which is not there")
            checked += 1
        }
        #expect(checked > 0)
    }
}
