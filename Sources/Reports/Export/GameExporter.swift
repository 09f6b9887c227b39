import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `salvo replay --all --from DIR --output OUT`: every game of a run (or of a published
/// folder, ``GameArchive``) written into OUT as
///
/// - `games.csv`, one row per game (``GamesCSV``),
/// - `shots.csv`, one row per shot, that is per move of a game (``ShotsCSV``),
/// - `replays/NNNN.json`, every game's replay in the replay schema (reports/schemas/replay.schema.json),
///
/// read as a stream and written as it goes: memory does not grow with the games. OUT is made
/// when missing; it must be empty or an earlier export (it holds games.csv and shots.csv),
/// whose replay files are removed first, so an export never mixes two.
///
/// ```swift
/// let exported = try GameExporter.export(from: try GameArchive.open(directory: "reports/demo"), to: "export")
/// print(exported.games, exported.moves)
/// ```
public enum GameExporter {
    /// What an export wrote.
    public struct Exported: Sendable, Hashable {
        /// Games written (rows of games.csv, replay files).
        public var games: Int
        /// Rows of shots.csv: the games' moves (both seats' shots) added up.
        public var moves: Int
        /// Games results.json lists that the published folder holds no replay of (not exported).
        public var missing: Int
    }

    /// Exports every game of `archive` into the folder `output`.
    @discardableResult
    public static func export(from archive: GameArchive, to output: String) throws(ReportError) -> Exported {
        let folder = (output as NSString).standardizingPath
        try prepare(folder)
        var games = try CSVFile(path: folder + "/" + GamesCSV.fileName)
        var shots = try CSVFile(path: folder + "/" + ShotsCSV.fileName)
        defer {
            games.close()
            shots.close()
        }
        try games.append(GamesCSV.headerLine)
        try shots.append(ShotsCSV.headerLine)
        var moves = 0
        let counts = try archive.forEachGame { (game) throws(ReportError) in
            try ReportWriter.save(ReplayJSONWriter.file(game.replay), to: folder + "/" + ReportLayout.replayJSON(index: game.replay.index))
            try games.append(GamesCSV.row(game))
            try shots.append(ShotsCSV.rows(game.replay))
            moves += game.replay.shots.count
        }
        try games.flush()
        try shots.flush()
        return Exported(games: counts.exported, moves: moves, missing: counts.missing)
    }

    /// Makes `folder` ready: created, or empty, or an earlier export without its replays.
    static func prepare(_ folder: String) throws(ReportError) {
        let manager = FileManager.default
        let replays = folder + "/" + ReportLayout.replays
        if let contents = try? manager.contentsOfDirectory(atPath: folder), !contents.isEmpty {
            guard contents.contains(GamesCSV.fileName), contents.contains(ShotsCSV.fileName) else { throw .exportFolderInUse(path: folder) }
            for name in (try? manager.contentsOfDirectory(atPath: replays)) ?? [] where name.first?.isNumber == true && name.hasSuffix(".json") {
                unlink(replays + "/" + name)
            }
        }
        do {
            try manager.createDirectory(atPath: replays, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: replays, detail: error.localizedDescription)
        }
    }
}

/// A CSV file written a megabyte at a time.
private struct CSVFile {
    let path: String
    private var descriptor: Int32
    private var buffer = ByteBuffer(capacity: 1 << 20)

    init(path: String) throws(ReportError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
    }

    mutating func append(_ text: String) throws(ReportError) {
        buffer.append(text)
        if buffer.bytes.count >= 1 << 20 { try flush() }
    }

    mutating func flush() throws(ReportError) {
        guard !buffer.bytes.isEmpty else { return }
        try ReportWriter.writeAll(buffer.bytes, to: descriptor, path: path)
        buffer = ByteBuffer(capacity: 1 << 20)
    }

    mutating func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }
}
