import Foundation
import JSONCoding
import LoadTest
import Tournament

/// `salvo merge OUTPUT` for a load test run in shards (`salvo load --shard I/N --output
/// OUTPUT`): every `OUTPUT/shards/I/load.json` added up into `OUTPUT/load.json` and
/// `load.html` (``LoadTest/LoadReport/merged(_:)`` says how). A shard without its load.json
/// is missing: the merge refuses, naming it, unless `allowIncomplete`. The `requirements` of
/// `salvo merge --require` are graded against the whole and written into its load.json and
/// load.html (``LoadTest/LoadReport/grade(_:)``).
public struct LoadMerge: Sendable {
    public struct Outcome: Sendable {
        public let report: LoadReport
        public let shardCount: Int
        /// Shards with no load.json, merged without (`allowIncomplete`).
        public let missing: [Int]
        public let jsonPath: String
        public let htmlPath: String
    }

    public static let fileName = "load.json"

    public let output: String
    public let allowIncomplete: Bool
    public let requirements: [LoadRequirement]

    public init(output: String, allowIncomplete: Bool = false, requirements: [LoadRequirement] = []) {
        self.output = (output as NSString).standardizingPath
        self.allowIncomplete = allowIncomplete
        self.requirements = requirements
    }

    /// Whether `output` holds shards of a load test rather than of a tournament.
    public static func holdsLoadShards(_ output: String) -> Bool {
        ShardJournal.folderIndices(output: output).contains { index in
            FileManager.default.fileExists(atPath: TournamentConfig.shardDirectory(output: output, index: index) + "/" + fileName)
        }
    }

    public func run() throws(MergeError) -> Outcome {
        let lock: FolderLock
        do {
            lock = try FolderLock.acquire(output, createFolder: false)
        } catch {
            throw .folder(error)
        }
        defer { lock.release() }
        var reports: [(path: String, report: LoadReport)] = []
        var present: Set<Int> = []
        var count: Int?
        for index in ShardJournal.folderIndices(output: output) {
            let path = TournamentConfig.shardDirectory(output: output, index: index) + "/" + Self.fileName
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let report: LoadReport
            do {
                report = try JSONFormat.decoder().decode(LoadReport.self, from: data)
            } catch {
                throw .damagedJournal(path: path, line: 1, detail: "not a load report: \(error)")
            }
            guard let text = report.shard, let shard = try? Shard(parsing: text) else { throw .notAShard(path: path) }
            guard shard.index == index else { throw .wrongFolder(path: path, shard: shard.index) }
            if let count, count != shard.count, let first = reports.first {
                throw .shardCounts(path: path, count: shard.count, expected: count, firstPath: first.path)
            }
            count = shard.count
            present.insert(index)
            reports.append((path, report))
        }
        guard let count else { throw .nothingStarted(output: output) }
        let missing = (0..<count).filter { !present.contains($0) }
        if !missing.isEmpty, !allowIncomplete {
            throw .loadIncomplete(output: output, missing: missing, count: count)
        }
        var report: LoadReport
        do {
            report = try LoadReport.merged(reports)
        } catch {
            throw .cannotMerge(error.description)
        }
        report.shards = count
        report.grade(requirements)
        let json = output + "/" + Self.fileName
        let html = output + "/load.html"
        do {
            try report.json().write(to: URL(fileURLWithPath: json), options: .atomic)
            try Data(LoadReportHTML.render(report).utf8).write(to: URL(fileURLWithPath: html), options: .atomic)
        } catch {
            throw .cannotWrite(path: output, detail: error.localizedDescription)
        }
        return Outcome(report: report, shardCount: count, missing: missing, jsonPath: json, htmlPath: html)
    }
}
