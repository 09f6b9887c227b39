import BattleshipRules

/// A game's shots as short text, the form of the journal's layout 3 and of the report's packed
/// replays (docs/journal.md): each shot is its column and row as two digits, then a letter for
/// what it did, lower case for seat 0 and upper case for seat 1: `m` a miss, `h` a hit, `s` a
/// hit that sank a ship, followed by the ship's length as one digit. `"37h52m"`: seat 0 hit
/// (3, 7), then missed (5, 2); `"44S3"`: seat 1 sank a ship of 3 at (4, 4).
///
/// The times go apart, as offsets: each shot's `atMilliseconds` less the shot's before it (the
/// first less 0), written by ``timesText(_:)`` as one character each when under 62
/// milliseconds (`0`–`9`, `a`–`z` for 10 to 35, `A`–`Z` for 36 to 61), else as the number in
/// decimal between parentheses: `"45a(130)0"` is 4, 5, 10, 130, 0. Shots this form cannot hold
/// (a cell off the grid, a sunk length past 9, a sinking shot that is not a hit) make
/// ``encode(_:)`` return nil; the writer then keeps the long form.
public enum CompactShots {
    /// The shots' text, or nil when one of them does not fit the form.
    public static func encode(_ shots: [ShotRecord]) -> [UInt8]? {
        var text: [UInt8] = []
        text.reserveCapacity(shots.count * 3 + 12)
        for shot in shots {
            guard (0...9).contains(shot.x), (0...9).contains(shot.y), (0...9).contains(shot.sunk), shot.sunk == 0 || shot.hit else { return nil }
            text.append(48 + UInt8(shot.x))
            text.append(48 + UInt8(shot.y))
            let upper: UInt8 = shot.seat == .one ? 32 : 0
            if shot.sunk > 0 {
                text.append(UInt8(ascii: "S") + upper)
                text.append(48 + UInt8(shot.sunk))
            } else {
                text.append((shot.hit ? UInt8(ascii: "H") : UInt8(ascii: "M")) + upper)
            }
        }
        return text
    }

    /// Each shot's time less the one before it.
    public static func offsets(_ shots: [ShotRecord]) -> [Int] {
        var previous = 0
        return shots.map { shot in
            defer { previous = shot.atMilliseconds }
            return shot.atMilliseconds - previous
        }
    }

    /// `offsets` as text: one character each below 62, else `(decimal)`.
    public static func timesText(_ offsets: [Int]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(offsets.count + 8)
        for offset in offsets {
            switch offset {
            case 0...9: text.append(48 + UInt8(offset))
            case 10...35: text.append(97 + UInt8(offset - 10))
            case 36...61: text.append(65 + UInt8(offset - 36))
            default:
                text.append(UInt8(ascii: "("))
                text.append(contentsOf: String(offset).utf8)
                text.append(UInt8(ascii: ")"))
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The offsets of ``timesText(_:)``'s `text`; nil when it is not in that form.
    public static func offsets(text: some Collection<UInt8>) -> [Int]? {
        var offsets: [Int] = []
        offsets.reserveCapacity(text.count)
        var number: [UInt8]?
        for letter in text {
            if var digits = number {
                if letter == UInt8(ascii: ")") {
                    guard let value = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
                    offsets.append(value)
                    number = nil
                } else {
                    digits.append(letter)
                    number = digits
                }
                continue
            }
            switch letter {
            case 48...57: offsets.append(Int(letter) - 48)
            case 97...122: offsets.append(Int(letter) - 97 + 10)
            case 65...90: offsets.append(Int(letter) - 65 + 36)
            case UInt8(ascii: "("): number = []
            default: return nil
            }
        }
        return number == nil ? offsets : nil
    }

    /// The shots of `text` with the times of `offsets` (missing offsets count as 0); nil when
    /// the text is not in the form.
    public static func decode(_ text: some Collection<UInt8>, offsets: [Int]) -> [ShotRecord]? {
        var shots: [ShotRecord] = []
        shots.reserveCapacity(text.count / 3)
        var cursor = text.startIndex
        var time = 0
        func next() -> UInt8? {
            guard cursor != text.endIndex else { return nil }
            defer { cursor = text.index(after: cursor) }
            return text[cursor]
        }
        while cursor != text.endIndex {
            guard let column = next(), let row = next(), let code = next() else { return nil }
            guard (48...57).contains(column), (48...57).contains(row) else { return nil }
            let seat: PlayerSeat = code >= 97 ? .one : .two
            var sunk = 0
            switch code | 32 {
            case UInt8(ascii: "m"), UInt8(ascii: "h"): break
            case UInt8(ascii: "s"):
                guard let length = next(), (49...57).contains(length) else { return nil }
                sunk = Int(length - 48)
            default: return nil
            }
            let number = shots.count
            time += number < offsets.count ? offsets[number] : 0
            shots.append(
                ShotRecord(
                    seat: seat, x: Int(column - 48), y: Int(row - 48), hit: code | 32 != UInt8(ascii: "m"), sunk: sunk, atMilliseconds: time
                ))
        }
        return shots
    }
}

/// A player's board after the game in the journal's layout 3: when it says exactly what the
/// shots fired at the player imply (a hit where a shot found a ship, a miss where one did not,
/// nothing else touched), only where the ships were: 25 hexadecimal digits, the cells' bits in
/// row order, four a digit, the first cell the highest bit (``mask(_:shotsAt:)``); else 100
/// letters in row order: `S` a ship, `H` a hit, `M` a miss, `.` nothing (the wire's `SHIP`,
/// `HIT`, `MISS`, `NONE`). A board with another word, or not of 100 cells, keeps the long form
/// (nil).
public enum CompactBoard {
    /// The ships' cells of `cells` as 25 hex digits, when the board is what `shotsAt` (the
    /// shots fired at this player) and those cells imply; nil otherwise.
    public static func mask(_ cells: [String], shotsAt: [ShotRecord]) -> String? {
        guard cells.count == Coordinate.cellCount else { return nil }
        var ships = [Bool](repeating: false, count: Coordinate.cellCount)
        for (index, cell) in cells.enumerated() where cell == "SHIP" || cell == "HIT" { ships[index] = true }
        guard board(ships: ships, shotsAt: shotsAt) == cells else { return nil }
        var text = ""
        text.reserveCapacity(25)
        for start in stride(from: 0, to: 100, by: 4) {
            var digit = 0
            for bit in 0..<4 { digit = digit << 1 | (ships[start + bit] ? 1 : 0) }
            text.append(Character(String(digit, radix: 16)))
        }
        return text
    }

    /// The board of ``mask(_:shotsAt:)``'s `text`; nil when it is not 25 hex digits.
    public static func board(mask text: String, shotsAt: [ShotRecord]) -> [String]? {
        guard text.utf8.count == 25 else { return nil }
        var ships: [Bool] = []
        ships.reserveCapacity(100)
        for letter in text {
            guard let digit = letter.hexDigitValue else { return nil }
            for bit in (0..<4).reversed() { ships.append(digit >> bit & 1 == 1) }
        }
        return board(ships: ships, shotsAt: shotsAt)
    }

    /// The words of a board with ships on `ships` after `shotsAt`.
    static func board(ships: [Bool], shotsAt: [ShotRecord]) -> [String] {
        var shot = [Bool](repeating: false, count: Coordinate.cellCount)
        for record in shotsAt where (0...9).contains(record.x) && (0...9).contains(record.y) { shot[record.y * 10 + record.x] = true }
        return (0..<Coordinate.cellCount).map { index in
            ships[index] ? (shot[index] ? "HIT" : "SHIP") : (shot[index] ? "MISS" : "NONE")
        }
    }

    public static func encode(_ cells: [String]) -> String? {
        guard cells.count == Coordinate.cellCount else { return nil }
        var text = ""
        text.reserveCapacity(cells.count)
        for cell in cells {
            switch cell {
            case "SHIP": text.append("S")
            case "HIT": text.append("H")
            case "MISS": text.append("M")
            case "NONE": text.append(".")
            default: return nil
            }
        }
        return text
    }

    public static func decode(_ text: String) -> [String]? {
        var cells: [String] = []
        cells.reserveCapacity(text.utf8.count)
        for letter in text.utf8 {
            switch letter {
            case UInt8(ascii: "S"): cells.append("SHIP")
            case UInt8(ascii: "H"): cells.append("HIT")
            case UInt8(ascii: "M"): cells.append("MISS")
            case UInt8(ascii: "."): cells.append("NONE")
            default: return nil
            }
        }
        return cells
    }
}
