import CArchive
import Foundation

/// Unpacks an uploaded archive (a gzipped or plain tar, or a zip) into an empty folder, with
/// Debian's libarchive reading it and Salvo writing every file itself, by descriptor:
/// - a name that is absolute, holds `..` or a control character is refused, and so is a link
///   whose target leaves the folder, a hard link, a device, pipe or socket;
/// - each folder on a path is opened with `O_NOFOLLOW` and each file created with `O_EXCL`, so
///   nothing is written through a link or over an earlier entry, whatever order the archive
///   gives;
/// - the entries, the unpacked bytes and their ratio to the archive's size are counted as the
///   data is read (``ArchiveLimits``), never taken from a header.
///
/// On a refusal the folder may hold part of the archive; the caller removes it. Why libarchive:
/// docs/arena.md ("Uploads").
///
/// ```swift
/// let unpacked = try ArchiveUnpacker(limits: .submission).unpack(archiveAt: "upload.tar.gz", into: "work/alice")
/// print(unpacked.entries, unpacked.bytes)
/// ```
public struct ArchiveUnpacker: Sendable {
    /// What an archive unpacked to.
    public struct Unpacked: Sendable, Hashable {
        public var entries: Int
        public var bytes: Int
    }

    public var limits: ArchiveLimits

    public init(limits: ArchiveLimits = .submission) {
        self.limits = limits
    }

    /// Unpacks the archive at `archive` into the folder `destination`, which must exist.
    public func unpack(archiveAt archive: String, into destination: String) throws(ArchiveRefusal) -> Unpacked {
        var status = stat()
        guard stat(archive, &status) == 0 else { throw .unreadable(detail: "cannot read \(archive): " + String(cString: strerror(errno))) }
        let root = open(destination, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw .cannotWrite(path: destination, detail: String(cString: strerror(errno))) }
        defer { close(root) }
        guard let reader = archive_read_new() else { throw .cannotWrite(path: destination, detail: "libarchive could not start") }
        defer { archive_read_free(reader) }
        archive_read_support_filter_gzip(reader)
        archive_read_support_format_tar(reader)
        archive_read_support_format_zip(reader)
        guard archive_read_open_filename(reader, archive, 1 << 16) == ARCHIVE_OK else { throw .unreadable(detail: Self.message(reader)) }
        var writer = Writer(root: root, destination: destination, limits: limits, packedBytes: max(Int(status.st_size), 1))
        var entry: OpaquePointer?
        while true {
            let result = archive_read_next_header(reader, &entry)
            if result == ARCHIVE_EOF { break }
            guard result >= ARCHIVE_WARN, let entry else { throw .unreadable(detail: Self.message(reader)) }
            try writer.write(entry, from: reader)
        }
        guard writer.unpacked.entries > 0 else { throw .unreadable(detail: "it holds no files") }
        return writer.unpacked
    }

    static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "libarchive gave no reason"
    }

    /// Writes entries one at a time under `root`, counting as it goes.
    struct Writer {
        let root: Int32
        let destination: String
        let limits: ArchiveLimits
        let packedBytes: Int
        var unpacked = Unpacked(entries: 0, bytes: 0)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)

        mutating func write(_ entry: OpaquePointer, from reader: OpaquePointer) throws(ArchiveRefusal) {
            guard let raw = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry) else { throw .badName("(a name that is not UTF-8)") }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
            let name = String(decoding: bytes, as: UTF8.self)
            guard name.utf8.elementsEqual(bytes) else { throw .badName(name) }
            guard let path = try ArchivePath.components(of: name) else { return }
            unpacked.entries += 1
            guard unpacked.entries <= limits.entries else { throw .tooManyEntries(limit: limits.entries) }
            guard path.count <= limits.depth else { throw .tooDeep(name, limit: limits.depth) }
            if archive_entry_hardlink(entry) != nil { throw .hardLink(name) }
            let type = archive_entry_filetype(entry)
            switch type {
            case FileType.folder:
                let parent = try folder(path, name: name)
                defer { close(parent) }
                if mkdirat(parent, path[path.count - 1], 0o755) != 0 {
                    guard errno == EEXIST, isFolder(parent, path[path.count - 1]) else { throw clashOrFailure(name) }
                }
            case FileType.link:
                let target = archive_entry_symlink_utf8(entry).map { String(cString: $0) } ?? ""
                guard ArchivePath.linkStaysInside(at: path, target: target) else { throw .linkLeaves(name, target: target) }
                let parent = try folder(path, name: name)
                defer { close(parent) }
                guard symlinkat(target, parent, path[path.count - 1]) == 0 else { throw clashOrFailure(name) }
            case FileType.regular:
                let parent = try folder(path, name: name)
                defer { close(parent) }
                let executable = archive_entry_perm(entry) & 0o111 != 0
                let file = openat(parent, path[path.count - 1], O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, executable ? 0o755 : 0o644)
                guard file >= 0 else { throw clashOrFailure(name) }
                defer { close(file) }
                try copyData(from: reader, to: file, name: name)
            default:
                throw .special(name, kind: ArchiveUnpacker.kind(of: type))
            }
        }

        /// Opens (making them as needed) the folders above the entry `path`, never through a link.
        func folder(_ path: [String], name: String) throws(ArchiveRefusal) -> Int32 {
            var current = dup(root)
            for part in path.dropLast() {
                var next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if next < 0, errno == ENOENT {
                    guard mkdirat(current, part, 0o755) == 0 || errno == EEXIST else {
                        close(current)
                        throw .cannotWrite(path: destination, detail: String(cString: strerror(errno)))
                    }
                    next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                close(current)
                guard next >= 0 else { throw clashOrFailure(name) }
                current = next
            }
            return current
        }

        mutating func copyData(from reader: OpaquePointer, to file: Int32, name: String) throws(ArchiveRefusal) {
            while true {
                let count = buffer.withUnsafeMutableBytes { archive_read_data(reader, $0.baseAddress, $0.count) }
                if count == 0 { return }
                guard count > 0 else { throw .unreadable(detail: "`\(name)`: " + ArchiveUnpacker.message(reader)) }
                unpacked.bytes += count
                guard unpacked.bytes <= limits.bytes else { throw .tooLarge(limit: limits.bytes) }
                if unpacked.bytes > limits.ratioFloor, unpacked.bytes / packedBytes > limits.ratio {
                    throw .ratio(unpacked: unpacked.bytes, packed: packedBytes, limit: limits.ratio)
                }
                let written = buffer.withUnsafeBytes { Foundation.write(file, $0.baseAddress, count) }
                guard written == count else { throw .cannotWrite(path: destination, detail: String(cString: strerror(errno))) }
            }
        }

        func isFolder(_ parent: Int32, _ name: String) -> Bool {
            var status = stat()
            return fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }

        /// A name already there, or a path through a file or link, is the archive's fault; any other failure Salvo's.
        func clashOrFailure(_ name: String) -> ArchiveRefusal {
            [EEXIST, ELOOP, ENOTDIR].contains(errno) ? .clash(name) : .cannotWrite(path: destination, detail: String(cString: strerror(errno)))
        }
    }

    /// libarchive's file types (archive_entry.h's AE_IF*, the same as stat's).
    enum FileType {
        static let regular: mode_t = 0o100000
        static let link: mode_t = 0o120000
        static let folder: mode_t = 0o040000
        static let socket: mode_t = 0o140000
        static let character: mode_t = 0o020000
        static let block: mode_t = 0o060000
        static let pipe: mode_t = 0o010000
    }

    static func kind(of type: mode_t) -> String {
        switch type {
        case FileType.character, FileType.block: "device"
        case FileType.pipe: "named pipe"
        case FileType.socket: "socket"
        default: "special file"
        }
    }
}
