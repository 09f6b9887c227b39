import BattleshipAPI

/// The reference server's rules for names and ids, kept in one place.
enum NameRules {
    /// Salvo's limit on game and player names (the reference had none).
    static let maximumLength = 64

    /// Names the reference refuses with `Name is not valid`, compared without case.
    static let reserved: Set<String> = ["in progress", "done", "waiting", "playing", "winner", "ship", "hit", "miss", "none"]

    /// Whether `name` is non-empty and only ASCII letters, digits and spaces (`^[a-z0-9 ]+$`, any case).
    static func isAlphanumeric(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x20
            }
    }

    /// Whether `name` is one of the reserved words.
    static func isReserved(_ name: String) -> Bool {
        reserved.contains(name.lowercased())
    }

    /// Whether `text` is a GUID as the reference checks it:
    /// `^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, any case.
    static func isGUID(_ text: String) -> Bool {
        GUIDPattern.matches(text)
    }
}
