import CZlib

/// zlib's deflate, for the packs of replays (``ReplayPack``): the zlib format (RFC 1950) that a
/// browser's `DecompressionStream("deflate")` reads.
enum Deflate {
    /// `bytes` deflated at level 1 (a pack: 46% of its text, where level 6 gives 40% for seven
    /// times the time); nil if zlib fails.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), 1)
            }
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(size)...)
        return output
    }

    /// `bytes` inflated to `size` bytes; nil if they are not zlib data of that size.
    static func decompress(_ bytes: [UInt8], size: Int) -> [UInt8]? {
        var length = uLongf(size)
        var output = [UInt8](repeating: 0, count: max(size, 1))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(length) == size else { return nil }
        return Array(output.prefix(size))
    }
}
