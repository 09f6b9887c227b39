import Foundation
import JSONCoding

/// A folder `salvo publish` wrote (or a run's report folder without its journal), read for
/// `salvo replay`: its results.json (the tournament's name and every game's entry) and its
/// packed replays (`replays/pack-NNNN.js`, ``ReplayPack``). It uses only what the folder
/// holds: the public names, no game ids or servers where the publication left them out.
///
/// A pack written before replays named versions has none; a season's game then takes each
/// seat's version from its results.json entry (`versions`), so its replay names them too.
///
/// ```swift
/// let report = try PublishedReport(directory: "public/class")
/// let game = try report.replay(id: "17")
/// ```
public struct PublishedReport: Sendable {
    /// The folder.
    public let directory: String
    /// The tournament's name, from results.json.
    public let tournament: String
    /// results.json's games, in its order (schedule order).
    public let entries: [ResultsDocument.GameEntry]
    private let entryPositions: [Int: Int]

    /// What results.json is read as: the two members an export needs.
    private struct Head: Decodable {
        var tournament: String
        var games: [ResultsDocument.GameEntry]
    }

    /// Whether `directory` holds a published report: results.json and `replays/`.
    public static func isPublished(_ directory: String) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: directory + "/" + ReportLayout.results)
            && manager.fileExists(atPath: directory + "/" + ReportLayout.replays)
    }

    /// Reads `DIRECTORY/results.json`.
    public init(directory: String) throws(ReportError) {
        self.directory = directory
        let path = directory + "/" + ReportLayout.results
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .damagedPublication(path: path, detail: "it cannot be read")
        }
        let head: Head
        do {
            head = try JSONFormat.decoder().decode(Head.self, from: data)
        } catch {
            throw .damagedPublication(path: path, detail: RunJournal.shortened("\(error)"))
        }
        tournament = head.tournament
        entries = head.games
        var positions: [Int: Int] = [:]
        for (position, entry) in head.games.enumerated() { positions[entry.index] = position }
        entryPositions = positions
    }

    /// results.json's entry of the game `index`.
    public func entry(index: Int) -> ResultsDocument.GameEntry? {
        entryPositions[index].map { entries[$0] }
    }

    /// The replay of the game `id`: a schedule index, else a game id results.json names (a
    /// published folder's are empty); nil when the folder has no such game.
    public func replay(id: String) throws(ReportError) -> ReplayDocument? {
        guard let index = Int(id) ?? (id.isEmpty ? nil : entries.last { $0.gameId == id }?.index) else { return nil }
        let path = directory + "/" + ReportLayout.pack(number: ReplayPack.number(of: index))
        guard index >= 0, FileManager.default.fileExists(atPath: path) else { return nil }
        return try replays(inPack: path).first { $0.index == index }
    }

    /// The pack files of `replays/`, by number.
    public func packs() throws(ReportError) -> [String] {
        let folder = directory + "/" + ReportLayout.replays
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .damagedPublication(path: folder, detail: error.localizedDescription)
        }
        let numbered = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("pack-"), name.hasSuffix(".js"), let number = Int(name.dropFirst(5).dropLast(3)) else { return nil }
            return (number, folder + "/" + name)
        }
        return numbered.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The replays of the pack at `path`, in its order, each with its seats' versions.
    public func replays(inPack path: String) throws(ReportError) -> [ReplayDocument] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .damagedPublication(path: path, detail: "it cannot be read")
        }
        guard let replays = ReplayPack.replays(in: data, tournament: tournament) else {
            throw .damagedPublication(path: path, detail: "it is not a pack of replays")
        }
        return replays.map(withVersions)
    }

    /// Every game of the folder with its replay, in schedule order: the games of the packs
    /// that results.json lists. `missing` is told how many of results.json's games no pack holds.
    public func forEachGame(_ body: (ExportedGame) throws(ReportError) -> Void) throws(ReportError) -> (exported: Int, missing: Int) {
        var exported = 0
        for pack in try packs() {
            for replay in try replays(inPack: pack) {
                guard let entry = entry(index: replay.index) else { continue }
                try body(ExportedGame(entry: entry, replay: replay))
                exported += 1
            }
        }
        return (exported, entries.count - exported)
    }

    /// `replay` with each seat's version from results.json when its pack named none.
    func withVersions(_ replay: ReplayDocument) -> ReplayDocument {
        guard let versions = entry(index: replay.index)?.versions, versions.count == replay.players.count else { return replay }
        var replay = replay
        for seat in replay.players.indices where replay.players[seat].version == nil && !versions[seat].isEmpty {
            replay.players[seat].version = versions[seat]
        }
        return replay
    }
}
