import CCurl

/// libcurl's one-time process setup, run before the first handle is made.
enum CurlGlobal {
    /// Swift runs a global's initializer exactly once, on first use, under a lock.
    private static let initialized: Bool = {
        curl_global_init(Int(CURL_GLOBAL_SSL) | Int(CURL_GLOBAL_WIN32)) == CURLE_OK
    }()

    static func ensureInitialized() {
        _ = initialized
    }
}
