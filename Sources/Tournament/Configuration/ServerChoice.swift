import Foundation

/// Which server the games are played on: the one place that tells `embedded` from a URL, for
/// tournament files, `salvo run`, `salvo load` and `salvo check`.
public enum ServerChoice: Hashable, Sendable {
    /// Salvo's own server, started in-process on 127.0.0.1 with an ephemeral port.
    case embedded
    /// Any server that speaks the API, by base URL (`http://host:port`, without `/api` and
    /// without a trailing slash).
    case url(String)

    /// The word that chooses the embedded server.
    public static let embeddedWord = "embedded"

    /// `embedded`, or an `http://` or `https://` URL with a host (a trailing slash is dropped);
    /// nil for anything else.
    public init?(parsing text: String) {
        if text == Self.embeddedWord {
            self = .embedded
            return
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            return nil
        }
        self = .url(text.hasSuffix("/") ? String(text.dropLast()) : text)
    }

    /// What to write instead of a value that does not parse.
    public static let expected = "`embedded` or a URL such as http://127.0.0.1:8080 (the root, without /api)"

    /// `embedded` or the URL, as a user would type it.
    public var text: String {
        switch self {
        case .embedded: Self.embeddedWord
        case .url(let url): url
        }
    }
}
