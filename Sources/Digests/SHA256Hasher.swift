import CLibCrypto

/// SHA-256 (FIPS 180-4) from the system's OpenSSL libcrypto, fed in pieces.
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update(data: "abc".utf8)
/// let digest = hasher.finalize()        // 32 bytes: ba7816bf…
/// SHA256Hasher.hash(data: Array("abc".utf8))  // the same, at once
/// ```
///
/// It owns an OpenSSL digest context, freed when the hasher goes away, so it cannot be
/// copied. libcrypto fails only when it cannot allocate memory, which stops the process as
/// Swift's own allocations do.
public struct SHA256Hasher: ~Copyable {
    private let context: OpaquePointer

    /// A hasher that has seen no bytes.
    public init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto could not allocate a digest context") }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { fatalError("libcrypto could not start SHA-256") }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds `bytes` to what is hashed.
    public mutating func update(data bytes: some Sequence<UInt8>) {
        let done = bytes.withContiguousStorageIfAvailable { update(buffer: UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { update(buffer: $0) } }
    }

    /// The 32-byte digest of every byte added.
    public consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { fatalError("libcrypto could not finish SHA-256") }
        return Array(digest.prefix(Int(length)))
    }

    /// The 32-byte SHA-256 digest of `bytes`.
    public static func hash(data bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(data: bytes)
        return hasher.finalize()
    }

    private mutating func update(buffer: UnsafeRawBufferPointer) {
        guard buffer.count > 0 else { return }
        guard EVP_DigestUpdate(context, buffer.baseAddress, buffer.count) == 1 else { fatalError("libcrypto could not hash") }
    }
}
