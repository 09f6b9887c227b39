import Submissions

extension PublicRedaction {
    /// `ledger` as a page every student reads may show it: each reason cut to its first line
    /// (a build's reason goes on with the end of its log, where compiler errors quote the
    /// student's code) without the log's path, absolute paths scrubbed, and no build logs
    /// (each student finds theirs on their private page).
    public func publicLedger(_ ledger: SubmissionLedger) -> SubmissionLedger {
        var ledger = ledger
        ledger.folder = scrubPaths(ledger.folder)
        ledger.entered = ledger.entered.map { entry in
            var entry = entry
            entry.buildLog = nil
            return entry
        }
        ledger.notEntered = ledger.notEntered.map { skipped in
            var skipped = skipped
            skipped.reason = scrubPaths(Self.firstLine(of: skipped.reason))
            skipped.buildLog = nil
            return skipped
        }
        return ledger
    }

    /// `journal` with no bot's stderr: what the public pages are built from.
    public func withoutStderr(_ journal: RunJournal) -> RunJournal {
        let records = journal.finished.map { record in
            var record = record
            record.stderrTail = nil
            return record
        }
        return RunJournal(configuration: journal.configuration, finished: records, serverIDs: journal.serverIDs)
    }

    /// The first line of a not-entered reason, without the "; the end of its log (PATH):"
    /// that introduces the log's tail.
    static func firstLine(of reason: String) -> String {
        var line = reason.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if let log = line.range(of: "; the end of its log") { line = String(line[..<log.lowerBound]) }
        return line
    }
}
