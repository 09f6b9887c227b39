/// Why a submission cannot be entered, in a sentence that says what to do.
struct SubmissionProblem: Error, Hashable, Sendable {
    let reason: String
    /// Whether it is a fault of the host (the output folder cannot be written, its disk is
    /// full), which stops the night instead of leaving the student out.
    let ofHost: Bool

    init(_ reason: String, ofHost: Bool = false) {
        self.reason = reason
        self.ofHost = ofHost
    }
}
