import Foundation
import Tournament

/// What a run's folders held before it started, so that a run that fails before playing any
/// game (an unreachable server, a sandbox that cannot start, a refused journal) leaves nothing
/// behind: no empty journal, logs folder, database, seed key or lock file, and no folder it made.
/// A run that started a game keeps everything: its journal is what the next run continues.
struct RunFootprint {
    /// The files a run may create, then the folders, deepest first.
    private let files: [String]
    private let folders: [String]
    private let journal: String
    /// Those of them that existed before the run.
    private let existing: Set<String>

    init(runFolder: String, outputFolder: String) {
        let inRun = [
            TournamentRun.Layout.journal, TournamentRun.Layout.database, TournamentRun.Layout.database + "-wal",
            TournamentRun.Layout.database + "-shm", FolderLock.fileName,
        ]
        files =
            inRun.map { (runFolder as NSString).appendingPathComponent($0) } + [(outputFolder as NSString).appendingPathComponent(SeedKey.fileName)]
        // The logs, then the run's folder and each folder up to the output folder (a shard's
        // folder, `shards/`, the output folder).
        var folders = [(runFolder as NSString).appendingPathComponent(TournamentRun.Layout.logs)]
        var folder = (runFolder as NSString).standardizingPath
        let top = (outputFolder as NSString).standardizingPath
        while !folder.isEmpty, folder != "/", folder.count >= top.count {
            folders.append(folder)
            if folder == top { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        self.folders = folders
        journal = (runFolder as NSString).appendingPathComponent(TournamentRun.Layout.journal)
        existing = Set((files + folders).filter { FileManager.default.fileExists(atPath: $0) })
    }

    /// Removes what the run created, unless its journal holds a game (created or finished).
    func removeIfNothingPlayed() {
        let played = ((try? Journal.read(path: journal)) ?? []).contains { entry in
            if case .started = entry { false } else { true }
        }
        guard !played else { return }
        for file in files where !existing.contains(file) { unlink(file) }
        // rmdir removes only an empty folder: anything else in it stays.
        for folder in folders where !existing.contains(folder) { rmdir(folder) }
    }
}
