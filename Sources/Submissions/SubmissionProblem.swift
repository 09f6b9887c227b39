/// Why a submission cannot be entered, in a sentence that says what to do.
struct SubmissionProblem: Error, Hashable, Sendable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
