import Foundation
import JSONCoding

/// What the last discovery of a `bots_from:` folder entered and did not enter, kept in
/// `OUTPUT/submissions/entries.json` so that the reports, rebuilt later by `salvo report` or
/// `salvo merge`, can show the "not entered" list and link every build log. Written by
/// ``SubmissionDiscovery/enter(_:launcher:)`` each time it runs; build logs are named
/// relative to the work folder (`logs/FOLDER.build.log`).
///
/// ```swift
/// let ledger = SubmissionLedger.read(workFolder: "reports/class/submissions")
/// for skipped in ledger?.notEntered ?? [] { print(skipped.folder, skipped.reason) }
/// ```
public struct SubmissionLedger: Hashable, Sendable, Codable {
    /// An entered submission.
    public struct Entered: Hashable, Sendable, Codable {
        /// The bot's name in the tournament: its folder's.
        public var name: String
        /// Its subfolder of `bots_from:`.
        public var folder: String
        /// The label its manifest's `name:` gives, as shown; absent without one.
        public var label: String?
        /// Its build log relative to the work folder; absent for a bot without `build:`.
        public var buildLog: String?
        /// Whether the build was skipped: the folder had not changed since the cached build.
        public var buildFromCache: Bool?
        /// The build's time on the clock, in seconds (the cached build's when it was skipped).
        public var buildSeconds: Double?
    }

    /// A subfolder that is not entered.
    public struct Skipped: Hashable, Sendable, Codable {
        public var folder: String
        /// The label its manifest's `name:` gives, as shown, when it could be read.
        public var name: String?
        /// Why, as ``NotEntered/reason`` says it.
        public var reason: String
        /// The build log relative to the work folder, for a bot whose build ran.
        public var buildLog: String?
    }

    /// The file's name in the work folder.
    public static let fileName = "entries.json"
    /// The layout version; raised when a field changes meaning or disappears.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The `bots_from:` folder, as the tournament file gives it.
    public var folder: String
    /// Builds that ran in that discovery; the others were skipped.
    public var buildsRun: Int
    public var entered: [Entered]
    public var notEntered: [Skipped]

    /// The ledger of `entries`, found in `settings.folder`, with paths relative to `workFolder`.
    public init(_ entries: SubmissionEntries, folder: String, workFolder: String) {
        func relative(_ path: String?) -> String? {
            guard let path else { return nil }
            let prefix = workFolder.hasSuffix("/") ? workFolder : workFolder + "/"
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }
        schemaVersion = Self.currentSchemaVersion
        self.folder = folder
        buildsRun = entries.buildsRun
        entered = entries.entered.map { bot in
            Entered(
                name: bot.name, folder: URL(fileURLWithPath: bot.sourceFolder).lastPathComponent, label: bot.label,
                buildLog: relative(bot.build?.logPath),
                buildFromCache: bot.build?.fromCache, buildSeconds: bot.build.map { ($0.seconds * 1000).rounded() / 1000 }
            )
        }
        notEntered = entries.notEntered.map { Skipped(folder: $0.folder, name: $0.name, reason: $0.reason, buildLog: relative($0.buildLog)) }
    }

    /// Writes the ledger into `workFolder` (made if missing), replacing the last one in one rename.
    public func write(workFolder: String) throws(SubmissionFolderError) {
        let path = workFolder + "/" + Self.fileName
        do {
            try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
            try JSONFormat.file(self).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SubmissionFolderError("cannot write \(path) (\(error.localizedDescription)); check that the output folder is writable")
        }
    }

    /// The ledger in `workFolder`; nil when there is none or it cannot be read.
    public static func read(workFolder: String) -> SubmissionLedger? {
        guard let data = FileManager.default.contents(atPath: workFolder + "/" + fileName) else { return nil }
        return try? JSONFormat.decoder().decode(SubmissionLedger.self, from: data)
    }
}
