import Foundation
import HTTPGuards
import Hummingbird
import NIOCore
import NIOPosix

/// A folder's files for Hummingbird's `FileMiddleware` (``ServedFiles``), served without ever
/// leaving the folder: each name of a request's path is opened from the one before it
/// (`openat`) without following a link (`O_NOFOLLOW`), so a symbolic link anywhere under the
/// folder, to a file or a folder, inside or out, is not served; nor a name that starts with a
/// dot (`.salvo-published`, `..`), one holding a NUL, or anything but a regular file or a
/// folder (a FIFO, a socket, a device). A folder is its `index.html` when asked with its final
/// slash, and is not served otherwise (the file middleware would answer a redirect that drops
/// its base path). What it refuses it does not name: a 404, as any missing file.
///
/// ```swift
/// let files = FileMiddleware<BasicRequestContext, PublicFolder>(fileProvider: PublicFolder(root: "cs101/public"), searchForIndexHtml: true)
/// ```
public struct PublicFolder: FileProvider {
    /// What `FileMiddleware` needs to know of a file.
    public struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        public let isFolder: Bool
        public let size: Int
        public let modificationDate: Date
    }

    /// A request's path as the names under the root, and whether it ended with a slash.
    public struct FileIdentifier: Sendable, Hashable {
        public let names: [String]
        public let asFolder: Bool
    }

    /// The folder served.
    public let root: String
    /// The most bytes read from a file at once.
    static let chunk = 64 * 1024

    public init(root: String) {
        self.root = root
    }

    public func getFileIdentifier(_ path: String) -> FileIdentifier? {
        let names = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard names.allSatisfy({ !$0.hasPrefix(".") && !$0.contains("\0") }) else { return nil }
        return FileIdentifier(names: names, asFolder: names.isEmpty || path.hasSuffix("/"))
    }

    public func getAttributes(id: FileIdentifier) async throws -> FileAttributes? {
        guard let (descriptor, status) = open(id) else { return nil }
        close(descriptor)
        let isFolder = status.st_mode & S_IFMT == S_IFDIR
        if isFolder, !id.asFolder { return nil }
        let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
        return FileAttributes(isFolder: isFolder, size: Int(status.st_size), modificationDate: modified)
    }

    public func loadFile(id: FileIdentifier, context: some RequestContext) async throws -> ResponseBody {
        try body(of: id, range: nil)
    }

    public func loadFile(id: FileIdentifier, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try body(of: id, range: range)
    }

    /// The file's bytes in `range` (clamped to its end; all of them when nil), read in chunks
    /// on NIO's thread pool as the reply is written; 416 for a range that starts past its end.
    func body(of id: FileIdentifier, range: ClosedRange<Int>?) throws -> ResponseBody {
        guard let (descriptor, status) = open(id) else { throw HTTPError(.notFound) }
        close(descriptor)
        let size = Int(status.st_size)
        guard status.st_mode & S_IFMT == S_IFREG else { throw HTTPError(.notFound) }
        let start = range?.lowerBound ?? 0
        if range != nil, start >= size {
            throw Problem(.rangeNotSatisfiable, "the range starts past the file's end (\(size) bytes)", headers: [.contentRange: "bytes */\(size)"])
        }
        let length = min(range?.upperBound ?? Int.max, size - 1) - start + 1
        let folder = self
        return ResponseBody(contentLength: max(0, length)) { writer in
            // Opened again here, where it is closed whatever happens: a reply never written leaks nothing.
            guard let (descriptor, _) = folder.open(id) else { throw HTTPError(.notFound) }
            defer { close(descriptor) }
            var offset = start
            while offset < start + length {
                let want = min(Self.chunk, start + length - offset)
                let at = offset
                let buffer = try await NIOThreadPool.singleton.runIfActive { () throws -> ByteBuffer in
                    var buffer = ByteBuffer()
                    let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { bytes in
                        max(0, pread(descriptor, bytes.baseAddress, want, off_t(at)))
                    }
                    // Shorter than it said: it changed while being sent; the reply is cut, not padded.
                    guard read > 0 else { throw HTTPError(.internalServerError) }
                    return buffer
                }
                offset += buffer.readableBytes
                try await writer.write(buffer)
            }
            try await writer.finish(nil)
        }
    }

    /// The file or folder `id` names, opened from the root name by name without following a
    /// link: its descriptor and status; nil when it is missing, a link, or neither a regular
    /// file nor a folder.
    func open(_ id: FileIdentifier) -> (Int32, stat)? {
        var current = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { return nil }
        for name in id.names {
            var status = stat()
            // Looked at before it is opened: a FIFO or a device is never opened.
            guard fstatat(current, name, &status, AT_SYMLINK_NOFOLLOW) == 0,
                status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFDIR
            else {
                close(current)
                return nil
            }
            let next = openat(current, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            close(current)
            guard next >= 0 else { return nil }
            current = next
        }
        var status = stat()
        guard fstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFREG || status.st_mode & S_IFMT == S_IFDIR else {
            close(current)
            return nil
        }
        return (current, status)
    }
}
