import Foundation

/// A class's folder for season and submission tests: `DIR/subs` with a Python submission per
/// name (the example's random bot, its name the folder's), and `DIR/season.yaml`, a round robin
/// of them and the built-in `random`.
public enum ClassFolder {
    /// The repository's example submissions (`bots/submissions-example`).
    public static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("bots/submissions-example").path

    /// A new class folder in the temporary folder, with a submission for each of `names`.
    public static func make(_ names: [String], concurrency: Int = 2) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-season-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/subs", withIntermediateDirectories: true)
        for name in names { try addSubmission(name, in: directory) }
        try """
        name: season
        games_per_pairing: 2
        concurrency: \(concurrency)
        bots: [random]
        bots_from: subs
        """.write(toFile: directory + "/season.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    /// Adds `name`'s submission to the class folder `directory`.
    public static func addSubmission(_ name: String, in directory: String) throws {
        let folder = directory + "/subs/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: examples + "/python-random/bot.py", toPath: folder + "/bot.py")
        try "command: python3 bot.py\n".write(toFile: folder + "/bot.yaml", atomically: true, encoding: .utf8)
    }

    /// Edits `name`'s bot so that its folder is a new version (the bot plays the same).
    public static func resubmit(_ name: String, in directory: String, note: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/subs/" + name + "/bot.py"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("# \(note)\n".utf8))
        try handle.close()
    }
}
