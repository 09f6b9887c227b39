/// Why an uploaded archive was not unpacked, in a sentence for the student who sent it: what
/// was wrong and what to do. Names from the archive are quoted as given; whoever shows them
/// escapes them for their output (SafeText, HTMLText).
public enum ArchiveRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Neither a gzipped tar nor a zip, or damaged.
    case unreadable(detail: String)
    case absolutePath(String)
    case parentPath(String)
    /// A name with a control character, or not UTF-8.
    case badName(String)
    /// A symbolic link whose target leaves the folder.
    case linkLeaves(String, target: String)
    case hardLink(String)
    /// A device, pipe or socket.
    case special(String, kind: String)
    /// The same path twice, or a path through a file or a link.
    case clash(String)
    case tooDeep(String, limit: Int)
    case tooManyEntries(limit: Int)
    case tooLarge(limit: Int)
    case ratio(unpacked: Int, packed: Int, limit: Int)
    /// Salvo could not write the unpacked files (its own disk, not the archive).
    case cannotWrite(path: String, detail: String)

    public var description: String {
        switch self {
        case .unreadable(let detail):
            "the upload is not a .tar.gz or .zip archive Salvo can read (\(detail)); pack the folder with `salvo submit`, `tar czf bot.tar.gz -C FOLDER .` or `zip -r bot.zip .` inside it"
        case .absolutePath(let name):
            "the archive holds an absolute path, `\(name)`; archive the folder's contents with relative paths"
        case .parentPath(let name):
            "the archive holds a path with `..`, `\(name)`; archive only the folder's own files"
        case .badName(let name):
            "the archive holds a name that is not plain UTF-8 text, `\(name)`; rename it"
        case .linkLeaves(let name, let target):
            "the link `\(name)` points to `\(target)`, outside the folder; a link may only point inside it (or copy the file in)"
        case .hardLink(let name):
            "the archive holds a hard link, `\(name)`; archive the file itself (tar's --hard-dereference)"
        case .special(let name, let kind):
            "the archive holds a \(kind), `\(name)`; only files, folders and links are accepted"
        case .clash(let name):
            "the archive holds `\(name)` twice, or inside a file or a link; archive the folder as it is on disk"
        case .tooDeep(let name, let limit):
            "`\(name)` is more than \(limit) folders deep; flatten the folder"
        case .tooManyEntries(let limit):
            "the archive holds more than \(limit) files and folders; leave out build output and dependencies"
        case .tooLarge(let limit):
            "the archive unpacks to more than \(limit >> 20) MiB; leave out build output and data files"
        case .ratio(let unpacked, let packed, let limit):
            "the archive unpacks to more than \(limit) times its size (\(unpacked) bytes from \(packed)), as archive bombs do; leave out large generated files"
        case .cannotWrite(let path, let detail):
            "Salvo could not unpack into \(path): \(detail) (the arena's own fault, not the archive's)"
        }
    }
}
