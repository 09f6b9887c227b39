import Foundation
import JSONCoding
import Processes
import Reports
import Submissions

extension RunPublisher {
    /// Writes each student's private page (and build log) under DEST/private/TOKEN/, a blank
    /// DEST/private/index.html so a server's folder listing shows no token, and the list of
    /// links to OUTPUT/private-links.tsv; how many pages. `journal` is redacted, its stderr
    /// kept; `original`, the journal as the run wrote it, gives each forfeit's solo rematch its seeds.
    func writePrivatePages(
        ledger: SubmissionLedger, journal: RunJournal, original: RunJournal, redaction: PublicRedaction, names: PublicNames?, into destination: String
    ) throws -> Int {
        let key = try Self.secret(at: secretPath)
        let students = PrivateFeedback.students(
            ledger: ledger, records: journal.finished, secret: key, current: journal.nights.last?.bots ?? journal.configuration.bots)
        let root = destination + "/" + PrivateFeedback.folder
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data(
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\"><title>Private</title></head><body></body></html>\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: root + "/index.html"))
        var links = "folder\tbot\tpage\n"
        for var student in students {
            student.notEntered = student.notEntered.map(redaction.scrubPaths)
            // The name the public pages show the student's bot under, where they will look for it.
            if let names { student.publicName = names.shown(student.folder) }
            let folder = root + "/" + student.token
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Within the cap of a build's log (1 MiB, its head and tail), even for a log kept
            // whole before logs were capped: no publication copies more.
            let log = student.buildLog.flatMap { CappedLog.read(fileAt: output + "/submissions/" + $0, label: "build output") }
                .map { redaction.scrubPaths(String(decoding: $0, as: UTF8.self)) }
            if let log { try Data(log.utf8).write(to: URL(fileURLWithPath: folder + "/build.log")) }
            var rematches: Set<Int> = []
            for record in student.forfeits.prefix(PrivateFeedbackPage.forfeitLimit) {
                let name = student.folder
                guard let plan = try? RematchPlan(journal: original, index: record.index),
                    let solo = SoloRematch(plan: plan, bot: name)
                else { continue }
                let file = folder + "/" + SoloRematch.fileName(game: record.index)
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try JSONFormat.file(solo).write(to: URL(fileURLWithPath: file))
                rematches.insert(record.index)
            }
            let page = PrivateFeedbackPage.render(student, tournament: journal.configuration.name, buildLog: log, rematches: rematches)
            try Data(page.utf8).write(to: URL(fileURLWithPath: folder + "/index.html"))
            links += "\(student.folder)\t\(student.name ?? "")\t\(PrivateFeedback.path(token: student.token))\n"
        }
        try Data(links.utf8).write(to: URL(fileURLWithPath: output + "/" + Self.linksFileName), options: .atomic)
        return students.count
    }

    /// The secret in `path`, made there (32 random bytes, readable by its owner only) when
    /// missing.
    public static func secret(at path: String) throws(Failure) -> [UInt8] {
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count >= 16 else {
                throw Failure(
                    description:
                        "The secret \(path) holds fewer than 16 bytes; remove it to have a new one made (every private link changes), or give another with --secret."
                )
            }
            return Array(data)
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw Failure(description: "Cannot write the secret \(path); check that the folder is writable, or give one with --secret.")
        }
        return bytes
    }
}
