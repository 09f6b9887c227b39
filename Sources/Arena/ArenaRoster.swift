import Foundation
import Submissions

/// The students of an arena, as the instructor lists them: one login a line, or CSV lines
/// `login,name` (a header line `login,name` is skipped). A login is the student's identity
/// everywhere (their folder's name, their entry's name), so it must be a name a folder of
/// submissions may have (``Submissions/SubmissionDiscovery/folderNameProblem(_:listed:)``);
/// blank lines and lines starting with `#` are skipped.
///
/// ```swift
/// let roster = try ArenaRoster.read("alice,Alice Liddell\nbob\n")
/// roster.students.map(\.login)   // ["alice", "bob"]
/// ```
public struct ArenaRoster: Hashable, Sendable {
    /// One student: the login, and the name to show the instructor (the login when none).
    public struct Student: Hashable, Sendable {
        public var login: String
        public var name: String

        public init(login: String, name: String) {
            self.login = login
            self.name = name
        }
    }

    public var students: [Student]

    public init(students: [Student]) {
        self.students = students
    }

    /// Why a roster cannot be read, naming its line.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "roster line \(line): \(message)" }
    }

    /// The roster in `text`; throws at the first bad line or a login given twice.
    public static func read(_ text: String) throws(Problem) -> ArenaRoster {
        var students: [Student] = []
        var seen: Set<String> = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if number == 0, fields[0].lowercased() == "login" { continue }
            let login = fields[0]
            if let problem = loginProblem(login) { throw Problem(line: number + 1, message: problem) }
            guard seen.insert(login.lowercased()).inserted else { throw Problem(line: number + 1, message: "`\(login)` is listed twice; list each student once") }
            let name = fields.count > 1 && !fields[1].isEmpty ? fields[1] : login
            students.append(Student(login: login, name: SubmissionLabels.clean(name) ?? login))
        }
        return ArenaRoster(students: students)
    }

    /// Why `login` cannot be a student's identity; nil when it can.
    public static func loginProblem(_ login: String) -> String? {
        SubmissionDiscovery.folderNameProblem(login, listed: []).map { _ in
            "`\(login)` cannot be a login: a login is a folder's name, 1 to \(SubmissionDiscovery.maximumFolderName) ASCII letters, digits, `.`, `_` and `-`, starting with a letter or digit"
        }
    }
}
