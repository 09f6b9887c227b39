import CProcess
import Foundation
import Reports
import Submissions
import Tournament

/// A run's output folder made a folder that can be published as it is (`salvo publish`, the
/// arena after each batch, `salvo arena export`): the reports without anything that lets a
/// reader act on a server or learn about this machine (``Reports/PublicRedaction``), and, for a
/// class's submissions, a private page per student under `DEST/private/TOKEN/`, TOKEN derived
/// from a secret kept outside DEST. DEST is new, empty, or a folder this wrote: then it is
/// built beside and swapped in whole, in one step (`RENAME_EXCHANGE`), so a live site never
/// shows half a report. docs/publishing.md.
///
/// ```swift
/// let published = try RunPublisher(output: "reports/class", destination: "public/class").publish()
/// print(published.written.replayCount, published.privatePages)
/// ```
public struct RunPublisher: Sendable {
    /// What a publication did, for the caller to say.
    public struct Published: Sendable {
        public var written: ReportWriter.Written
        /// Whether DEST held an earlier publication, now replaced.
        public var replaced: Bool
        /// The private pages written (none without submissions).
        public var privatePages: Int
        /// The instructor's list of private links (`OUTPUT/private-links.tsv`); nil without submissions.
        public var linksPath: String?
        /// Each submission's folder to the name the public pages show it under; empty when
        /// folders are shown.
        public var publicNames: [String: String] = [:]
    }

    /// Why a publication could not be made, in a sentence that says what to do.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The file in DEST that says this wrote it.
    public static let marker = ".salvo-published"
    /// The secret's file when none is given, in the run's folder (never published).
    public static let secretFileName = "publish-secret"
    /// The instructor's list of private links, in the run's folder.
    public static let linksFileName = "private-links.tsv"

    /// The run's output folder.
    public var output: String
    public var destination: String
    /// The file of the secret the private links are derived from; nil for OUTPUT/publish-secret.
    public var secretFile: String?
    /// Whether the public pages name a class's submissions by their folders (`--show-folders`);
    /// by default they show each as its label or a stable pseudonym (``Reports/PublicNames``),
    /// since a folder is usually its student's login.
    public var showsFolders: Bool
    /// Folder → the label its public name is made from, in place of the manifests' `name:`
    /// (the arena gives its roster's names); nil for the manifests'.
    public var labels: [String: String]?
    /// Whether the caller is the run that holds OUTPUT's lock, publishing between two of its
    /// nights (an adaptive season's rounds, ``TournamentRun/Options/nextNight``): its journal
    /// is whole up to there, so the publisher does not wait for the lock.
    public var runHoldsOutput = false

    public init(output: String, destination: String, secretFile: String? = nil, showsFolders: Bool = false, labels: [String: String]? = nil) {
        self.output = output
        self.destination = destination
        self.secretFile = secretFile
        self.showsFolders = showsFolders
        self.labels = labels
    }

    /// The secret's file in use.
    public var secretPath: String { secretFile ?? output + "/" + Self.secretFileName }

    /// Between DEST and the PID of the process staging a new copy of it beside it.
    static let stagingInfix = ".salvo-new-"

    /// Removes the copies of `destination` that publishers killed while staging left beside it
    /// (`DEST.salvo-new-PID`, whose process is gone, or is this one); how many.
    @discardableResult
    public static func removeStaleStaging(of destination: String) -> Int {
        let folder = (destination as NSString).standardizingPath
        let parent = (folder as NSString).deletingLastPathComponent
        let prefix = (folder as NSString).lastPathComponent + stagingInfix
        var removed = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) else { continue }
            if (try? FileManager.default.removeItem(atPath: (parent.isEmpty ? "." : parent) + "/" + name)) != nil { removed += 1 }
        }
        return removed
    }

    /// Publishes; throws ``Failure`` with nothing changed in DEST.
    public func publish() throws(Failure) -> Published {
        let folder = (destination as NSString).standardizingPath
        var replacing = false
        if let contents = try? FileManager.default.contentsOfDirectory(atPath: folder), !contents.isEmpty {
            guard contents.contains(Self.marker) else {
                throw Failure(
                    description:
                        "\(destination) is not empty and is not a folder salvo publish wrote (a folder it wrote is replaced whole, in one step, so a cron publishes into the live site again); give a new folder, so nothing else is published with the reports."
                )
            }
            replacing = true
        }
        // Into a new folder beside it, swapped in at the end: the live site never shows half a report.
        let target = replacing ? folder + Self.stagingInfix + "\(getpid())" : folder
        Self.removeStaleStaging(of: folder)
        // A run still writing OUTPUT owns it: its journal is not finished. The run itself may
        // publish between two nights, its journal whole up to there.
        var lock: FolderLock?
        if !runHoldsOutput {
            do {
                lock = try FolderLock.acquire(output, createFolder: false)
            } catch {
                throw Failure(description: error.description)
            }
        }
        defer { lock?.release() }
        let redaction = PublicRedaction(runFolder: output)
        var published: Published
        if replacing { try? FileManager.default.removeItem(atPath: target) }
        do {
            let source = try JournalFileSource(directory: output)
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let ledger = SubmissionLedger.read(workFolder: output + "/submissions")
            let options = { (ledger: SubmissionLedger?) in
                ReportWriter.Options(
                    rematchFolder: redaction.folderName, redaction: redaction, publication: Publication(ledger: ledger.map(redaction.publicLedger)))
            }
            let written: ReportWriter.Written
            var publicNames: PublicNames?
            if let ledger, !showsFolders {
                // A class's logins stay off every public page: each folder under its public name.
                let names = try PublicNames(source: source, ledger: ledger, secret: Self.secret(at: secretPath), labels: labels)
                written = try ReportWriter.write(
                    source: RenamedSource(source, names: names), directory: target, options: options(names.apply(to: ledger)))
                publicNames = names
            } else {
                written = try ReportWriter.write(source: source, directory: target, options: options(ledger))
            }
            published = Published(written: written, replaced: replacing, privatePages: 0, linksPath: nil, publicNames: publicNames?.names ?? [:])
            // The private pages (a class's submissions only) read the journal whole: each
            // student's forfeits, and the recorded games their solo rematches replay.
            if let ledger {
                let original = try RunJournal.load(directory: output)
                published.privatePages = try writePrivatePages(
                    ledger: ledger, journal: redaction.apply(to: original), original: original, redaction: redaction, names: publicNames, into: target
                )
                published.linksPath = output + "/" + Self.linksFileName
            }
            try Data().write(to: URL(fileURLWithPath: target + "/" + Self.marker))
        } catch let error as ReportError {
            if replacing { try? FileManager.default.removeItem(atPath: target) }
            throw Failure(description: error.description)
        } catch let error as Failure {
            if replacing { try? FileManager.default.removeItem(atPath: target) }
            throw error
        } catch {
            if replacing { try? FileManager.default.removeItem(atPath: target) }
            throw Failure(description: "Cannot create \(target): \(error.localizedDescription)")
        }
        if replacing {
            guard salvo_exchange_paths(target, folder) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: target)
                throw Failure(description: "Cannot put the new reports in place of \(destination) (\(reason)); the old ones are still there")
            }
            // The old reports, now under the new folder's name.
            try? FileManager.default.removeItem(atPath: target)
        }
        return published
    }
}
