import Foundation

/// An arena as an instructor makes and serves it, for the tests that drive `salvo arena` as
/// processes: `salvo arena init` from a roster, its `arena.yaml` replaced, then `salvo arena
/// serve` on a free port.
///
/// ```swift
/// let tokens = try await ArenaProcess.make(at: folder + "/cs101", roster: "alice\nbob\n", settings: "name: cs101\nbots: [random]\n")
/// let (server, url) = try await ArenaProcess.serve(folder + "/cs101")
/// ```
public enum ArenaProcess {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Makes the arena `arena` for the students of `roster` (one login a line, or `login,name`)
    /// with `settings` as its arena.yaml; each student's token by login.
    public static func make(at arena: String, roster: String, settings: String) async throws -> [String: String] {
        let rosterFile = arena + ".roster.txt"
        try roster.write(toFile: rosterFile, atomically: true, encoding: .utf8)
        let made = try await SalvoExecutable.run(["arena", "init", arena, "--roster", rosterFile])
        guard made.status == 0 else { throw Failure(description: "salvo arena init failed: \(made.err)") }
        try settings.write(toFile: arena + "/arena.yaml", atomically: true, encoding: .utf8)
        let lines = try String(contentsOfFile: arena + "/tokens.tsv", encoding: .utf8).split(separator: "\n")
        return Dictionary(
            lines.map { line in
                let parts = line.split(separator: "\t").map(String.init)
                return (parts[0], parts[parts.count - 1])
            }, uniquingKeysWith: { first, _ in first })
    }

    /// Starts `salvo arena serve` on `arena` and a free port; the process and the address it
    /// printed, once it listens (at most 30 s).
    public static func serve(_ arena: String) async throws -> (TestProcess, String) {
        let server = try TestProcess(salvo: ["arena", "serve", arena, "--port", "0"])
        for _ in 0..<300 {
            try await Task.sleep(for: .milliseconds(100))
            if let url = server.outputText.split(separator: " ").first(where: { $0.hasPrefix("http://127.0.0.1:") }) { return (server, String(url)) }
        }
        server.terminate()
        throw Failure(description: "salvo arena serve printed no address: \(server.outputText)\(server.errorText)")
    }
}
