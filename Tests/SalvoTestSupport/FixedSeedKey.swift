import Foundation

/// One seed key for tests that compare runs in different output folders, or that need a run
/// to play the same games every time: written into a folder's `seed.key` before its first run,
/// as a user copies a key (docs/seeds.md).
public enum FixedSeedKey {
    public static let hex = "5eed0000111122223333444455556666"

    /// Writes the key into `folder`'s `seed.key`, making the folder if need be.
    public static func write(into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (hex + "\n").write(toFile: folder + "/seed.key", atomically: true, encoding: .utf8)
    }
}
