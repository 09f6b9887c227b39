import Digests
import Foundation

/// A student's token: `salvo_` and 32 random bytes from the system's secure source, written
/// as 43 characters of base64url (49 in all). The prefix keeps a token from starting with `-`,
/// which a command line would take for an option (`salvo submit --token -Xy…` failed), and
/// lets secret scanners recognise one. The arena keeps only its SHA-256: a token is given once (in
/// `tokens.tsv`) and never stored. A fast hash is enough because a token is not a password:
/// 256 random bits cannot be guessed, so the slow hashes made for passwords (bcrypt, which
/// hummingbird-auth offers) would only make every request slower.
///
/// ```swift
/// let token = ArenaToken.random()
/// let stored = ArenaToken.hash(token)   // 64 hex digits; the token itself is not kept
/// ```
public enum ArenaToken {
    /// What every token begins with.
    public static let prefix = "salvo_"

    /// A new token.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix
            + Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// What the arena stores of `token`: its SHA-256, as 64 hex digits.
    public static func hash(_ token: String) -> String {
        SHA256Hasher.hash(data: Array(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
