import Digests
import Foundation
import Submissions
import Tournament

/// Each student's private feedback of a published run: their build log, why their bot was
/// not entered, and the stderr of every game it forfeited, on a page at
/// `private/TOKEN/index.html` of the published folder (``PrivateFeedbackPage``). TOKEN is
/// unguessable without the instructor's secret, which is kept outside the published folder:
/// whoever is given one student's link learns nothing of another's (docs/publishing.md).
///
/// ```swift
/// let students = PrivateFeedback.students(ledger: ledger, records: journal.finished, secret: secret)
/// for student in students { print(student.folder, PrivateFeedback.path(token: student.token)) }
/// ```
public enum PrivateFeedback {
    /// The folder of the private pages in the published folder.
    public static let folder = "private"

    /// One student's feedback: their submission (entered or not) and their bot's forfeits.
    public struct Student: Sendable {
        /// The submission's folder under `bots_from:`: who the student is.
        public var folder: String
        /// The bot's name in the tournament; nil when its manifest could not be read.
        public var name: String?
        /// The name the public pages show it under, when a publication renames the folders.
        public var publicName: String?
        /// The unguessable name of the student's private folder (``token(secret:folder:)``).
        public var token: String
        /// Why the bot was not entered, in full (with the end of the build log); nil when entered.
        public var notEntered: String?
        /// A season's version of the student that still plays although the newest was not
        /// entered (its last good one); nil otherwise.
        public var keptVersion: String?
        /// The build log, relative to the run's submissions work folder; nil without a build.
        public var buildLog: String?
        /// Every game the bot lost by forfeit, with its stderr's end.
        public var forfeits: [GameRecord]
    }

    /// The private folder's name for the submission `folder`: the first 32 hex digits (128
    /// bits) of HMAC-SHA256 under `secret`. The same secret gives a student the same link
    /// every night.
    public static func token(secret: [UInt8], folder: String) -> String {
        let code = HMACSHA256.authenticationCode(for: Array("salvo-private-feedback-1\u{0}\(folder)".utf8), key: secret)
        return code.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// `private/TOKEN/index.html`, relative to the published folder.
    public static func path(token: String) -> String {
        "\(folder)/\(token)/index.html"
    }

    /// Every submission of `ledger`, entered or not, in the order of their folders, each with
    /// the forfeits of its bot among `records`. `current` are the run's entries (a season's
    /// current versions): a folder not entered now whose last good version is among them
    /// still plays, and its page says so.
    public static func students(ledger: SubmissionLedger, records: [GameRecord], secret: [UInt8], current: [BotEntry] = []) -> [Student] {
        func forfeits(of bot: String) -> [GameRecord] {
            records.filter { record in record.termination == .forfeit && record.loser.map { record.player($0).bot == bot } == true }
        }
        var students = ledger.entered.map { entry in
            Student(
                folder: entry.folder, name: entry.name, token: token(secret: secret, folder: entry.folder), notEntered: nil, buildLog: entry.buildLog,
                forfeits: forfeits(of: entry.name))
        }
        students += ledger.notEntered.map { skipped in
            let kept = current.first { $0.name == skipped.folder }?.version
            return Student(
                folder: skipped.folder, name: skipped.name, token: token(secret: secret, folder: skipped.folder), notEntered: skipped.reason,
                keptVersion: kept,
                buildLog: skipped.buildLog, forfeits: kept == nil ? [] : forfeits(of: skipped.folder)
            )
        }
        return students.sorted { Array($0.folder.utf8).lexicographicallyPrecedes(Array($1.folder.utf8)) }
    }
}
