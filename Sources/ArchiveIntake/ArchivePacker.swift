import Foundation

/// Packs a folder Salvo made itself (the copy `bot-check` and a tournament read from a
/// student's folder) into a gzipped tar of its contents, names relative to it: what
/// `salvo submit` uploads. Files keep their executable bit; links are kept as links.
public enum ArchivePacker {
    /// Writes the `.tar.gz` of `folder`'s contents to `archive`.
    public static func pack(folder: String, to archive: String) throws(ArchiveRefusal) {
        var builder = ArchiveBuilder(format: .tarGzip)
        try add(folder, relative: "", to: &builder)
        try builder.write(to: archive)
    }

    private static func add(_ folder: String, relative: String, to builder: inout ArchiveBuilder) throws(ArchiveRefusal) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .cannotWrite(path: folder, detail: error.localizedDescription)
        }
        for name in names {
            let path = folder + "/" + name
            let entry = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                builder.add(.folder(entry))
                try add(path, relative: entry, to: &builder)
            case S_IFLNK:
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
                builder.add(.link(entry, target: target))
            case S_IFREG:
                guard let data = FileManager.default.contents(atPath: path) else { throw .cannotWrite(path: path, detail: "cannot read it") }
                builder.add(.file(entry, Array(data), executable: status.st_mode & 0o111 != 0))
            default:
                continue
            }
        }
    }
}
