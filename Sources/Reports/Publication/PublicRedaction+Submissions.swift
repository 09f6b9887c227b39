import Submissions
import Tournament

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
            skipped.reason = scrubPaths(NotEntered.shortReason(skipped.reason))
            skipped.buildLog = nil
            return skipped
        }
        return ledger
    }

    /// `journal` with no bot's stderr: what the public pages are built from.
    public func withoutStderr(_ journal: RunJournal) -> RunJournal {
        func withoutStderr(_ record: GameRecord) -> GameRecord {
            var record = record
            record.stderrTail = nil
            return record
        }
        var journal = journal
        journal.finished = journal.finished.map(withoutStderr)
        journal.earlierVersions = journal.earlierVersions.map(withoutStderr)
        return journal
    }
}
