import Foundation
import Submissions

/// What `salvo run` says about a `bots_from:` folder before play: the builds run and skipped,
/// and every submission that is not entered, with its reason.
enum SubmissionsPrintout {
    /// The lines, e.g. `Submissions: 118 entered, 2 not entered; builds: 3 run, 115 skipped (unchanged since the last build); 4.2 s`.
    /// `seconds`: how long reading the file took, discovery and builds included.
    static func lines(_ entries: SubmissionEntries, seconds: Double) -> [String] {
        let builds = entries.entered.count { $0.build != nil } + entries.notEntered.count { $0.buildLog != nil }
        var lines = [
            "Submissions: \(entries.entered.count) entered, \(entries.notEntered.count) not entered; builds: \(entries.buildsRun) run, \(builds - entries.buildsRun) skipped (unchanged since the last build); \(String(format: "%.2f", seconds)) s"
        ]
        lines += entries.unenforced
        if !entries.notEntered.isEmpty { lines.append("Not entered:") }
        for skipped in entries.notEntered {
            let reason = skipped.reason.split(separator: "\n", omittingEmptySubsequences: false)
            lines.append(
                "  " + (skipped.description.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? skipped.folder))
            for more in reason.dropFirst() { lines.append("    " + more) }
            if let log = skipped.buildLog { lines.append("    build log: \(log)") }
        }
        return lines
    }
}
