/// A submission whose manifest was read and whose name is its own: it goes on to be copied,
/// built and checked.
struct SubmissionCandidate: Hashable, Sendable {
    /// The subfolder's name under `bots_from:`.
    var folderName: String
    /// The subfolder, absolute.
    var path: String
    var manifest: SubmissionManifest
    /// The bot's name: the manifest's, or the folder's.
    var name: String
}
