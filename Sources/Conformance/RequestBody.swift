/// The body of a request the suite sends: JSON, form-encoded, or raw bytes under any (or no)
/// Content-Type, so checks can send what a careless client would.
public enum RequestBody: Sendable, Hashable {
    /// No body and no Content-Type.
    case none
    /// A JSON object, members in the given order, as `application/json`.
    case json([(String, JSONValue)])
    /// Form fields as `application/x-www-form-urlencoded`.
    case form([(String, String)])
    /// These bytes under this Content-Type (nil: no Content-Type header at all).
    case raw(contentType: String?, text: String)

    public static func == (lhs: RequestBody, rhs: RequestBody) -> Bool {
        lhs.contentType == rhs.contentType && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(contentType)
        hasher.combine(text)
    }

    /// The Content-Type header sent with the body, if any.
    public var contentType: String? {
        switch self {
        case .none: nil
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .raw(let contentType, _): contentType
        }
    }

    /// The body text as sent.
    public var text: String {
        switch self {
        case .none: ""
        case .json(let members): JSONValue.object(members.map { (key: $0.0, value: $0.1) }).rendered
        case .form(let fields): fields.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&")
        case .raw(_, let text): text
        }
    }

    private static func formEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
