/// An archive entry's name made a relative path, or refused: pure, so every rule is tested alone.
/// `./a//b/` becomes `["a", "b"]`; an absolute name, a `..` component, a control character or
/// an empty name is refused.
enum ArchivePath {
    /// The components of `name`; nil for the archive's root itself (`.` or `./`).
    static func components(of name: String) throws(ArchiveRefusal) -> [String]? {
        guard !name.hasPrefix("/") else { throw .absolutePath(name) }
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { throw .badName(name) }
        let parts = name.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        guard !parts.contains("..") else { throw .parentPath(name) }
        return parts.isEmpty ? nil : parts
    }

    /// Whether a link at `path` (components) with `target` stays inside the root, read as
    /// written (the unpacked folder's copy then resolves links through links, as the kernel would).
    static func linkStaysInside(at path: [String], target: String) -> Bool {
        guard !target.isEmpty, !target.hasPrefix("/") else { return false }
        var resolved = Array(path.dropLast())
        for part in target.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !resolved.isEmpty else { return false }
                resolved.removeLast()
            default: resolved.append(String(part))
            }
        }
        return true
    }
}
