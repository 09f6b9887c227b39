import CArchive
import Foundation

/// Writes an archive entry by entry with libarchive: a gzipped tar (pax) or a zip. `salvo submit`
/// packs a folder with it (``ArchivePacker``); the tests write hostile archives with it, since
/// it writes any name and any file type it is given.
///
/// ```swift
/// var builder = ArchiveBuilder(format: .tarGzip)
/// builder.add(.file("bot.yaml", Array("name: mine\n".utf8), executable: false))
/// builder.add(.link("data", target: "../../etc"))
/// try builder.write(to: "hostile.tar.gz")
/// ```
public struct ArchiveBuilder: Sendable {
    public enum Format: Sendable {
        case tarGzip, zip
    }

    /// One entry, its name written as given.
    public enum Entry: Sendable, Hashable {
        case folder(String)
        case file(String, [UInt8], executable: Bool)
        case link(String, target: String)
        case hardLink(String, target: String)
        /// A character device (for the tests: unpacking refuses it).
        case device(String)
    }

    public var format: Format
    public private(set) var entries: [Entry] = []

    public init(format: Format) {
        self.format = format
    }

    public mutating func add(_ entry: Entry) {
        entries.append(entry)
    }

    /// Writes the archive to `path`; throws a sentence when libarchive cannot.
    public func write(to path: String) throws(ArchiveRefusal) {
        guard let writer = archive_write_new() else { throw .cannotWrite(path: path, detail: "libarchive could not start") }
        defer { archive_write_free(writer) }
        switch format {
        case .tarGzip:
            archive_write_add_filter_gzip(writer)
            archive_write_set_format_pax_restricted(writer)
        case .zip:
            archive_write_set_format_zip(writer)
        }
        guard archive_write_open_filename(writer, path) == ARCHIVE_OK else { throw .cannotWrite(path: path, detail: ArchiveUnpacker.message(writer)) }
        for entry in entries {
            guard let header = archive_entry_new() else { throw .cannotWrite(path: path, detail: "libarchive could not start an entry") }
            defer { archive_entry_free(header) }
            var data: [UInt8] = []
            switch entry {
            case .folder(let name):
                archive_entry_set_pathname_utf8(header, name)
                archive_entry_set_filetype(header, UInt32(ArchiveUnpacker.FileType.folder))
                archive_entry_set_perm(header, 0o755)
            case .file(let name, let contents, let executable):
                archive_entry_set_pathname_utf8(header, name)
                archive_entry_set_filetype(header, UInt32(ArchiveUnpacker.FileType.regular))
                archive_entry_set_perm(header, executable ? 0o755 : 0o644)
                archive_entry_set_size(header, Int64(contents.count))
                data = contents
            case .link(let name, let target):
                archive_entry_set_pathname_utf8(header, name)
                archive_entry_set_filetype(header, UInt32(ArchiveUnpacker.FileType.link))
                archive_entry_set_perm(header, 0o777)
                archive_entry_set_symlink_utf8(header, target)
            case .hardLink(let name, let target):
                archive_entry_set_pathname_utf8(header, name)
                archive_entry_set_filetype(header, UInt32(ArchiveUnpacker.FileType.regular))
                archive_entry_set_perm(header, 0o644)
                archive_entry_set_hardlink_utf8(header, target)
            case .device(let name):
                archive_entry_set_pathname_utf8(header, name)
                archive_entry_set_filetype(header, UInt32(ArchiveUnpacker.FileType.character))
                archive_entry_set_perm(header, 0o666)
                archive_entry_set_rdevmajor(header, 1)
                archive_entry_set_rdevminor(header, 3)
            }
            guard archive_write_header(writer, header) == ARCHIVE_OK else { throw .cannotWrite(path: path, detail: ArchiveUnpacker.message(writer)) }
            if !data.isEmpty {
                let written = data.withUnsafeBytes { archive_write_data(writer, $0.baseAddress, $0.count) }
                guard written == data.count else { throw .cannotWrite(path: path, detail: ArchiveUnpacker.message(writer)) }
            }
        }
        guard archive_write_close(writer) == ARCHIVE_OK else { throw .cannotWrite(path: path, detail: ArchiveUnpacker.message(writer)) }
    }
}
