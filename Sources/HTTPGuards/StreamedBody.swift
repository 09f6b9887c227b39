import Foundation
import NIOCore
import RunControl

/// A request body written to a file as it arrives, never held whole in memory: at most the
/// few parts the server's back-pressure lets through are in memory at once, however large the
/// body. The file is new (`O_EXCL`, mode 0600), synced to disk with its folder before the
/// count returns, and removed on every failure: a body past its limit, one cut short (the
/// client closed, or the request deadline closed it, ``RequestDeadlineHandler``), or a write
/// the disk refused.
///
/// ```swift
/// let bytes = try await StreamedBody.write(request.body, to: "uploads/x.partial", limit: 20 << 20, expectedLength: request.headers[.contentLength].flatMap(Int.init))
/// ```
public enum StreamedBody {
    /// Why a body was not kept.
    public enum Failure: Error, Sendable, Hashable {
        /// It went past `limit` bytes (nothing past the limit was written).
        case tooLarge(limit: Int)
        /// It ended before its end: the connection closed, or fewer bytes came than its
        /// `Content-Length` said.
        case cut
        /// The file could not be made or written (the host's disk): `detail` is the system's word.
        case cannotWrite(detail: String)
    }

    /// Writes `body` to the new file `path`; the bytes written.
    public static func write<Body: AsyncSequence>(_ body: Body, to path: String, limit: Int, expectedLength: Int?) async throws(Failure) -> Int
    where Body.Element == ByteBuffer {
        if let expectedLength, expectedLength > limit { throw .tooLarge(limit: limit) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(detail: String(cString: strerror(errno))) }
        var closed = false
        func fail(_ failure: Failure) -> Failure {
            if !closed { close(descriptor) }
            closed = true
            unlink(path)
            return failure
        }
        var written = 0
        do {
            for try await part in body {
                guard written + part.readableBytes <= limit else { throw fail(.tooLarge(limit: limit)) }
                let problem = part.withUnsafeReadableBytes { bytes -> Int32? in
                    var offset = 0
                    while offset < bytes.count {
                        let count = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                        if count < 0, errno == EINTR { continue }
                        guard count > 0 else { return count < 0 ? errno : ENOSPC }
                        offset += count
                    }
                    return nil
                }
                if let problem { throw fail(.cannotWrite(detail: String(cString: strerror(problem)))) }
                written += part.readableBytes
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw fail(.cut)
        }
        if let expectedLength, written != expectedLength { throw fail(.cut) }
        // fsync can take a while on a busy disk: on a thread of its own, not a cooperative one.
        let syncProblem = await BlockingWork.run { () -> Int32? in
            fsync(descriptor) == 0 ? nil : errno
        }
        if let syncProblem { throw fail(.cannotWrite(detail: String(cString: strerror(syncProblem)))) }
        close(descriptor)
        closed = true
        syncFolder(of: path)
        return written
    }

    /// Syncs the folder that holds `path`, so that its new name survives a crash.
    public static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
    }
}
