import Submissions

/// What `salvo publish` changes in the pages it writes, beyond the redaction of the journal
/// (``PublicRedaction``): the submissions section comes from the run's own ledger, made public
/// (``PublicRedaction/publicLedger(_:)``: one-line reasons, no build logs), and the bots'
/// pages show no stderr and no `salvo rematch` command, which only the instructor can run:
/// each student reads those on their private page (``PrivateFeedbackPage``).
public struct Publication: Sendable {
    /// The run's submissions ledger as published; nil for a run without `bots_from:`.
    public var ledger: SubmissionLedger?

    public init(ledger: SubmissionLedger?) {
        self.ledger = ledger
    }
}
