import CBuildInfo

/// Which Salvo this is: the one version number of the project, and the git commit it was built
/// from. ``text`` is the string `salvo --version` prints and every output is stamped with (the
/// server's `Server:` header, the journal's first line, results.json, index.html, load.json),
/// so anyone can tell which Salvo produced a result.
///
/// ```swift
/// print(SalvoVersion.text)   // 0.4.0-dev (4f1c2a9b8e7d)
/// ```
public enum SalvoVersion {
    /// The release number, written here and nowhere else: the release in progress with
    /// `-dev` until it is released (CHANGELOG.md's "Unreleased" section).
    public static let number = "0.4.0-dev"

    /// The commit's first 12 hex digits (with `-dirty` when tracked files were changed), as the
    /// Makefile found it at build time; "unknown" for a build without it (plain `swift build`,
    /// or a tarball without .git and without `SALVO_COMMIT`).
    public static let commit = String(cString: salvo_build_commit())

    /// The number and the commit: `0.4.0-dev (4f1c2a9b8e7d)`.
    public static let text = "\(number) (\(commit))"
}
