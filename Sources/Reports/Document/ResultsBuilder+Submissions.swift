import Submissions
import Tournament

/// The submissions section of results.json, from the ledger of the last discovery.
extension ResultsBuilder {
    /// Where the submissions' work folder sits in a run's folder; build logs in the ledger
    /// are relative to it.
    static let submissionsFolder = "submissions"

    /// The section for `ledger`, its log paths made relative to results.json; nil without a
    /// ledger, or when its entered bots are not all among the run's (a ledger of a later
    /// discovery, whose run was refused).
    static func submissions(_ ledger: SubmissionLedger?, config: TournamentConfig) -> ResultsDocument.SubmissionsSection? {
        guard let ledger else { return nil }
        let bots = Set(config.bots.map(\.name))
        guard ledger.entered.allSatisfy({ bots.contains($0.name) }) else { return nil }
        func link(_ path: String?) -> String? { path.map { submissionsFolder + "/" + $0 } }
        let builds = ledger.entered.count { $0.buildLog != nil } + ledger.notEntered.count { $0.buildLog != nil }
        return .init(
            folder: ledger.folder, buildsRun: ledger.buildsRun, buildsSkipped: max(0, builds - ledger.buildsRun),
            entered: ledger.entered.map {
                .init(bot: $0.name, folder: $0.folder, label: $0.label, buildLog: link($0.buildLog), buildSkipped: $0.buildFromCache)
            },
            notEntered: ledger.notEntered.map { .init(folder: $0.folder, name: $0.name, reason: $0.reason, buildLog: link($0.buildLog)) }
        )
    }
}
