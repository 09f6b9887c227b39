import HTTPGuards
import Hummingbird
import Logging

/// A folder served under a path by Hummingbird's `FileMiddleware` over a ``PublicFolder``
/// (which never leaves it): a request no route answers (404) under `base` is a file of the
/// folder, `base/x/` its folder's `index.html`; with `Last-Modified`, `ETag`, `304 Not Modified`
/// and byte ranges as the middleware gives them, a path holding `..` refused with 400. Its files
/// say their type from their extension (the page types a report writes, `application/octet-stream`
/// for any other) and, as every reply of Salvo's own services, are never cached by the browser
/// nor sniffed as another type.
///
/// ```swift
/// router.middlewares.add(ServedFiles(folder: "cs101/public", under: "/season"))
/// ```
public struct ServedFiles<Context: RequestContext>: RouterMiddleware {
    /// The types of a report's files, said in full (charset included).
    static var types: [String: String] {
        [
            "html": "text/html; charset=utf-8", "json": "application/json", "js": "text/javascript; charset=utf-8",
            "css": "text/css; charset=utf-8", "svg": "image/svg+xml", "csv": "text/csv; charset=utf-8",
            "log": "text/plain; charset=utf-8", "txt": "text/plain; charset=utf-8",
        ]
    }

    let files: FileMiddleware<Context, PublicFolder>

    public init(folder: String, under base: String) {
        let types = Self.types.compactMapValues { MediaType(from: $0) }
        files = FileMiddleware(fileProvider: PublicFolder(root: folder), urlBasePath: base, searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: types)
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await files.handle(request, context: context, next: next)
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        if response.headers[.xContentTypeOptions] == nil { response.headers[.xContentTypeOptions] = "nosniff" }
        // A file of a type the middleware does not know goes as bytes, never as what a browser guesses.
        let file = response.headers[.acceptRanges] != nil && (response.status == .ok || response.status == .partialContent)
        if file, response.headers[.contentType] == nil {
            response.headers[.contentType] = "application/octet-stream"
        }
        return response
    }
}
