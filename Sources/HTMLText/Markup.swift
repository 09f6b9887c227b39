/// HTML (or SVG) that escapes by default: the one way Salvo's pages are written. A string
/// literal is markup as written; every value interpolated into it is text, escaped as it goes
/// in, unless it is itself `Markup`. So an outside string (a bot's name, a reason, a server's
/// reply) cannot become markup by accident: `\(name)` escapes it, and only the explicit
/// `\(raw:)` (trusted, constant markup) and `\(json:)` (data for a script element) do not.
///
/// ```swift
/// let name = "<b>\"bot\"</b>"
/// let row: Markup = "<tr data-bot=\"\(name)\"><td>\(rank)</td></tr>"
/// // <tr data-bot="&lt;b&gt;&quot;bot&quot;&lt;/b&gt;"><td>1</td></tr>
/// var page: Markup = "<tbody>"
/// page += row            // markup joins markup as is
/// ```
///
/// Why a small builder and not templates (Hummingbird's swift-mustache): the pages are
/// computed more than filled in (charts, tables of 2,000 rows, a replay's data), a template
/// engine would parse its templates at run time and add a dependency to the one static
/// binary, while this type costs what string appends cost: interpolations append into one
/// buffer, text is scanned once and copied in runs between the characters it escapes, and
/// numbers go in without a scan. Its escaping is ``HTML/escape(_:)``'s: `&`, `<`, `>`, `"`
/// and `'`, on bytes, so a quote followed by a combining mark is escaped too; the result is
/// safe in element content and in quoted attribute values (always quote attributes).
public struct Markup: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup as text, ready to be written.
    public private(set) var text: String

    /// No markup.
    public init() { text = "" }

    /// A literal: markup as written in the source.
    public init(stringLiteral literal: String) { text = literal }

    /// A literal with interpolations, each escaped or inserted as its kind says.
    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    /// `text` as markup: escaped.
    public init(escaping text: String) {
        self.text = ""
        Markup.escape(text, into: &self.text)
    }

    /// `text` as markup: escaped.
    public init(escaping text: Substring) {
        self.text = ""
        Markup.escape(text, into: &self.text)
    }

    /// Markup written by a trusted hand (a constant, a style sheet or script of Salvo's own),
    /// inserted as is. Never pass it a string that came from outside.
    public static func trusted(_ markup: String) -> Markup {
        var result = Markup()
        result.text = markup
        return result
    }

    /// A style sheet or script embedded at build time (SwiftPM's `.embedInCode`): its UTF-8
    /// bytes, trusted, without the file's final line break (so the files end as text files
    /// do, and the page carries the text between the tags exactly).
    public static func resource(_ bytes: [UInt8]) -> Markup {
        let end = bytes.last == 0x0A ? bytes.count - 1 : bytes.count
        return trusted(String(decoding: bytes[..<end], as: UTF8.self))
    }

    public var description: String { text }

    /// Whether there is no markup at all.
    public var isEmpty: Bool { text.isEmpty }

    /// The markup as UTF-8 bytes, the form pages are written in.
    public var utf8: String.UTF8View { text.utf8 }

    /// Reserves room for `count` bytes, for a page built by many appends.
    public mutating func reserveCapacity(_ count: Int) { text.reserveCapacity(count) }

    /// Appends `other` as is.
    public mutating func append(_ other: Markup) { text += other.text }

    /// Appends `other` as is.
    public static func += (markup: inout Markup, other: Markup) { markup.text += other.text }

    /// Both, one after the other.
    public static func + (first: Markup, second: Markup) -> Markup {
        var joined = first
        joined.text += second.text
        return joined
    }

    /// Appends `text` to `output`, escaped.
    static func escape(_ text: String, into output: inout String) { escape(text[...], into: &output) }

    /// Appends `text` to `output`, escaped: runs without `&<>"'` are copied whole.
    static func escape(_ text: Substring, into output: inout String) {
        let bytes = text.utf8
        var runStart = bytes.startIndex
        var index = runStart
        while index != bytes.endIndex {
            let entity: String
            switch bytes[index] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default:
                bytes.formIndex(after: &index)
                continue
            }
            // Both ends are ASCII bytes, so the run is whole scalars.
            if runStart != index { output.append(contentsOf: text[runStart..<index]) }
            output += entity
            bytes.formIndex(after: &index)
            runStart = index
        }
        if runStart != bytes.endIndex { output.append(contentsOf: text[runStart..<bytes.endIndex]) }
    }

    /// How the interpolations of a ``Markup`` literal go in: text escaped, markup as is.
    public struct Interpolation: StringInterpolationProtocol {
        var text: String

        public init(literalCapacity: Int, interpolationCount: Int) {
            text = ""
            text.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        /// The literal's own markup, as written.
        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Markup, as is.
        public mutating func appendInterpolation(_ markup: Markup) { text += markup.text }

        /// Text, escaped.
        public mutating func appendInterpolation(_ value: String) { Markup.escape(value, into: &text) }

        /// Text, escaped.
        public mutating func appendInterpolation(_ value: Substring) { Markup.escape(value, into: &text) }

        /// A whole number: digits and a sign, nothing to escape.
        public mutating func appendInterpolation(_ value: Int) { text += String(value) }

        /// Any other value's `description`, escaped.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            Markup.escape(value.description, into: &text)
        }

        /// Trusted markup, as is: a constant of Salvo's own, never outside text. Prefer a
        /// ``Markup`` value; this is for a `String` that holds markup by construction.
        public mutating func appendInterpolation(raw markup: String) { text += markup }

        /// JSON for a `<script>` element, every `<` written `\u003c` (``HTML/scriptJSON(_:)``).
        public mutating func appendInterpolation(json: String) { text += HTML.scriptJSON(json) }
    }
}

extension Sequence where Element == Markup {
    /// The markups one after the other, `separator` between each two.
    public func joined(separator: Markup = Markup()) -> Markup {
        var result = Markup()
        var first = true
        for markup in self {
            if !first { result += separator }
            result += markup
            first = false
        }
        return result
    }
}
