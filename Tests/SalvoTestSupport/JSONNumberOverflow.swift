import Foundation

/// The one documented difference between Salvo's JSON readers and Foundation's
/// `JSONSerialization`: a number too large for a Double (as `1e+999`) is JSON to Salvo (and to
/// JavaScript's `JSON.parse`, which reads Infinity) but refused by Foundation.
public enum JSONNumberOverflow {
    private static let number = try! NSRegularExpression(pattern: "-?[0-9]+(\\.[0-9]+)?[eE][+-]?[0-9]+")

    /// Whether `text` holds a number with an exponent whose value overflows a Double.
    public static func occurs(in text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return number.matches(in: text, range: range).contains { match in
            guard let found = Range(match.range, in: text) else { return false }
            return Double(text[found])?.isInfinite == true
        }
    }
}
