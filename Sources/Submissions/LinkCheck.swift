/// The symbolic links of a submission, resolved the way the system would resolve them, over
/// the folder's own entries: a link may point anywhere inside the folder (through other links
/// of it), never out of it. An absolute target, a `..` past the top, or a chain of more than
/// 40 links refuses the submission with the link's name and what to do.
///
/// ```swift
/// try LinkCheck(snapshot.entries).check()   // `lib -> ../../etc` throws, naming `lib`
/// ```
struct LinkCheck {
    /// Each link's target by its path.
    let links: [String: String]

    /// The most links one resolution follows (the kernel's own limit).
    static let maximumHops = 40

    init(_ entries: [FolderSnapshot.Entry]) {
        var links: [String: String] = [:]
        for case .link(let path, let target) in entries { links[path] = target }
        self.links = links
    }

    /// Throws for the first link, in path order, that leaves the folder.
    func check() throws(SubmissionProblem) {
        for (path, target) in links.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }) {
            guard !target.hasPrefix("/") else {
                throw SubmissionProblem(
                    "`\(path)` is a symbolic link to `\(target)`, outside the folder; Salvo copies only what is inside it: copy the file into the folder instead of linking to it"
                )
            }
            var hops = 0
            guard resolve(parent(of: path), target, hops: &hops) != nil else {
                let why = hops > Self.maximumHops ? "a chain of more than \(Self.maximumHops) links" : "a path that leaves the folder"
                throw SubmissionProblem(
                    "`\(path)` is a symbolic link to `\(target)`, \(why); Salvo copies only what is inside it: copy the file into the folder instead of linking to it"
                )
            }
        }
    }

    /// The components, from the top, that `target` names when read in the folder `base`;
    /// nil when it leaves the folder or loops.
    func resolve(_ base: [String], _ target: String, hops: inout Int) -> [String]? {
        guard !target.hasPrefix("/") else { return nil }
        var current = base
        let parts = target.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for part in parts {
            switch part {
            case ".": continue
            case "..":
                guard !current.isEmpty else { return nil }
                current.removeLast()
            default:
                let path = (current + [part]).joined(separator: "/")
                guard let next = links[path] else {
                    current.append(part)
                    continue
                }
                hops += 1
                guard hops <= Self.maximumHops, let resolved = resolve(current, next, hops: &hops) else { return nil }
                // The rest of the path continues from where the link leads.
                current = resolved
            }
        }
        return current
    }

    func parent(of path: String) -> [String] {
        Array(path.split(separator: "/").dropLast().map(String.init))
    }
}
