import CCurl
import DurationUnits
import Foundation

/// Sets up an easy handle for one transfer.
enum CurlEasyOptions {
    /// Whether the environment names a proxy (libcurl's `http_proxy`, `all_proxy`, `no_proxy`
    /// and their variants), read once per process. When it names none, each transfer is told
    /// "no proxy" outright, which spares libcurl reading the environment per transfer; the
    /// result is the same.
    static let environmentNamesProxy: Bool = {
        let names = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]
        let environment = ProcessInfo.processInfo.environment
        return names.contains { environment[$0] != nil }
    }()

    static func configure(
        _ easy: UnsafeMutableRawPointer,
        for transfer: CurlTransfer,
        remaining: Duration,
        configuration: CurlHTTPClient.Configuration
    ) {
        let request = transfer.request
        _ = salvo_curl_easy_setopt_string(easy, CURLOPT_URL, request.url)
        _ = salvo_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = salvo_curl_easy_setopt_long(easy, CURLOPT_TCP_NODELAY, 1)
        _ = salvo_curl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        _ = salvo_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        _ = salvo_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent)
        if !environmentNamesProxy {
            _ = salvo_curl_easy_setopt_string(easy, CURLOPT_PROXY, "")
            _ = salvo_curl_easy_setopt_string(easy, CURLOPT_NOPROXY, "")
        }

        // The deadline, as libcurl's whole-transfer timeout; connecting gets its own limit within it.
        let timeout = max(1, Int(remaining.wholeMilliseconds))
        _ = salvo_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeout)
        _ = salvo_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, min(timeout, max(1, Int(configuration.connectTimeout.wholeMilliseconds))))

        // A non-idempotent request never goes over a reused connection, because libcurl
        // re-sends a request on its own when a reused connection dies before the reply.
        _ = salvo_curl_easy_setopt_long(easy, CURLOPT_FRESH_CONNECT, request.isIdempotent ? 0 : 1)

        switch request.method {
        case .get:
            _ = salvo_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1)
        case .head:
            _ = salvo_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
        case .post:
            _ = salvo_curl_easy_setopt_long(easy, CURLOPT_POST, 1)
        case .put, .patch, .delete:
            _ = salvo_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method.rawValue)
        }
        if request.body != nil || request.method == .post {
            let body = request.body ?? []
            _ = salvo_curl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            // libcurl copies the bytes, so the array need not outlive this call.
            body.withUnsafeBufferPointer { bytes in
                if let base = bytes.baseAddress, !bytes.isEmpty {
                    _ = salvo_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
                } else {
                    _ = salvo_curl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, "")
                }
            }
        }

        var list: UnsafeMutablePointer<curl_slist>?
        for header in request.headers {
            list = curl_slist_append(list, "\(header.name): \(header.value)")
        }
        // No `Expect: 100-continue` round trip before a body.
        list = curl_slist_append(list, "Expect:")
        transfer.headerList = list
        _ = salvo_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, list)

        _ = salvo_curl_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.maxResponseSize))
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        _ = salvo_curl_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, writeBody)
        _ = salvo_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = salvo_curl_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, writeHeader)
        _ = salvo_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
    }
}

/// `CURLOPT_WRITEFUNCTION`: hands body bytes to the transfer the handle belongs to.
/// The transfer is kept alive by the event loop's table of running transfers.
private func writeBody(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
}

/// `CURLOPT_HEADERFUNCTION`: hands each header line to the transfer.
private func writeHeader(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}
