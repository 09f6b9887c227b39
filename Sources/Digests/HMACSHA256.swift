import CLibCrypto

/// HMAC-SHA256 (RFC 2104 with SHA-256) from the system's OpenSSL libcrypto.
///
/// ```swift
/// let code = HMACSHA256.authenticationCode(for: Array("message".utf8), key: Array("key".utf8))  // 32 bytes
/// ```
public enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key` (a key of any length; one longer
    /// than SHA-256's 64-byte block is hashed first, as RFC 2104 says).
    public static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // Never a null pointer, even for no bytes: libcrypto reads a null key as "no key given".
        let keyBytes = key.isEmpty ? [0] : key
        let messageBytes = message.isEmpty ? [0] : message
        let result = keyBytes.withUnsafeBufferPointer { keyBuffer in
            messageBytes.withUnsafeBufferPointer { messageBuffer in
                HMAC(EVP_sha256(), keyBuffer.baseAddress, Int32(key.count), messageBuffer.baseAddress, message.count, &code, &length)
            }
        }
        guard result != nil else { fatalError("libcrypto could not compute HMAC-SHA256") }
        return Array(code.prefix(Int(length)))
    }
}
