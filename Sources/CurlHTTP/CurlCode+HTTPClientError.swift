import CCurl

extension HTTPClientError {
    /// The error of a transfer that ended with libcurl's `code`.
    init(curlCode code: CURLcode, maxResponseSize: Int, exceededSize: Bool) {
        let message = curl_easy_strerror(code).map { String(cString: $0) } ?? "unknown error"
        if exceededSize {
            self = .responseTooLarge(limit: maxResponseSize)
            return
        }
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            self = .invalidURL(message)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT, CURLE_SSL_CONNECT_ERROR:
            self = .couldNotConnect(message)
        case CURLE_OPERATION_TIMEDOUT:
            self = .deadlineExceeded
        case CURLE_FILESIZE_EXCEEDED:
            self = .responseTooLarge(limit: maxResponseSize)
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE,
            CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            self = .connectionLost(message)
        default:
            self = .transferFailed(code: Int(code.rawValue), message: message)
        }
    }
}
