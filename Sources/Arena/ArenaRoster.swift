import Foundation
import Submissions
import SwiftCSV

/// The students of an arena, as the instructor lists them: one login a line, or CSV rows
/// `login,name` (a header row `login,name` is skipped; a name with a comma is quoted). A login is the student's identity
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

    /// The roster in `text`, read as CSV (RFC 4180: a name with a comma or a quote is quoted,
    /// `"O'Brien, Erin"`, a quote inside doubled) by SwiftCSV; throws at the first bad row or
    /// a login given twice. A row's fields past the second are refused, so that a name with an
    /// unquoted comma is not cut silently.
    public static func read(_ text: String) throws(Problem) -> ArenaRoster {
        let rows: [[String]]
        do {
            var parsed: [[String]] = []
            try EnumeratedCSV(string: text, delimiter: .comma, loadColumns: false).enumerateAsArray(startAt: 0, rowLimit: nil) { parsed.append($0) }
            rows = parsed
        } catch {
            throw Problem(
                line: 0,
                message: "the roster is not CSV (\(error)); give one login a line, or `login,name` with names holding a comma in double quotes")
        }
        var students: [Student] = []
        var seen: Set<String> = []
        for (number, raw) in rows.enumerated() {
            let fields = raw.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard let first = fields.first, !first.isEmpty, !first.hasPrefix("#") else { continue }
            if number == 0, first.lowercased() == "login" { continue }
            guard fields.count <= 2 || fields.dropFirst(2).allSatisfy(\.isEmpty) else {
                throw Problem(
                    line: number + 1,
                    message:
                        "`\(first)` has \(fields.count) fields; give `login,name`, and put a name that holds a comma in double quotes: `\(first),\"\(fields.dropFirst().joined(separator: ","))\"`"
                )
            }
            let login = first
            if let problem = loginProblem(login) { throw Problem(line: number + 1, message: problem) }
            guard seen.insert(login.lowercased()).inserted else {
                throw Problem(line: number + 1, message: "`\(login)` is listed twice; list each student once")
            }
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
