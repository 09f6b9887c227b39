/// An object's key as ``JSONReader/nextKeyView()`` read it: the bytes where they lie in the
/// text (the key is plain ASCII, as the API's and the journal's keys are) or, for a key with
/// escapes or other characters, its decoded text. Compare it with a literal, or in a
/// `switch`, without making a `String`; valid only while its reader is.
public struct JSONKeyView {
    @usableFromInline
    enum Storage {
        case bytes(UnsafeBufferPointer<UInt8>)
        case text(String)
    }

    @usableFromInline let storage: Storage

    @inlinable
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage = .bytes(bytes)
    }

    @inlinable
    init(_ text: String) {
        storage = .text(text)
    }

    /// The key as a `String`.
    @inlinable
    public var string: String {
        switch storage {
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .text(let text): text
        }
    }

    /// Whether the key is `name`.
    @inlinable
    public static func == (key: JSONKeyView, name: StaticString) -> Bool {
        name.withUTF8Buffer { expected in
            switch key.storage {
            case .bytes(let bytes):
                guard bytes.count == expected.count else { return false }
                for index in 0..<bytes.count where bytes[index] != expected[index] {
                    return false
                }
                return true
            case .text(let text):
                return text.utf8.elementsEqual(expected)
            }
        }
    }

    /// Matches the key against a literal in a `switch`.
    @inlinable
    public static func ~= (name: StaticString, key: JSONKeyView) -> Bool {
        key == name
    }
}
