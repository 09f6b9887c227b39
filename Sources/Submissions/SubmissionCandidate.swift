/// A subfolder of `bots_from:` whose name may be an entry's: it goes on to be copied, read,
/// built and checked. The folder is the entry's identity (its name in the tournament); its
/// manifest's `name:` is only a label (``SubmissionLabels``).
struct SubmissionCandidate: Hashable, Sendable {
    /// The subfolder's name under `bots_from:`: the entry's name in the tournament.
    var folderName: String
    /// The subfolder, absolute.
    var path: String
}
