/// What can go wrong driving Chromium. Each description is one sentence saying what was
/// wrong and what to do, since it ends up as a failed test's message.
public enum BrowserError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No executable Chromium at `path`.
    case chromiumMissing(path: String)
    /// Starting the process failed (`posix_spawn`, `pipe`, the temporary profile).
    case launchFailed(String)
    /// Chromium closed its end of the pipe; `log` is the tail of its stderr.
    case browserExited(log: String)
    /// No reply or event within the deadline.
    case timedOut(waitingFor: String, seconds: Double)
    /// Chromium answered a command with an error.
    case protocolError(method: String, message: String)
    /// A navigation failed (`net::ERR_FILE_NOT_FOUND`, ...).
    case navigationFailed(url: String, reason: String)
    /// The page's JavaScript threw while evaluating an expression.
    case scriptFailed(expression: String, message: String)
    /// A reply did not have the shape the protocol documents.
    case unexpectedReply(method: String, reply: String)

    public var description: String {
        switch self {
        case .chromiumMissing(let path):
            "Chromium is not installed (no executable at \(path)); run `make test-deps`, which installs the Debian package `chromium`, or set CHROMIUM_PATH."
        case .launchFailed(let reason):
            "Chromium could not be started (\(reason)); check that `\(HeadlessBrowser.defaultExecutable) --headless` runs on this machine."
        case .browserExited(let log):
            "Chromium exited unexpectedly; the end of its log: \(log)"
        case .timedOut(let what, let seconds):
            "Chromium did not answer \(what) within \(seconds) s; the browser is stuck or the machine is overloaded."
        case .protocolError(let method, let message):
            "Chromium refused \(method): \(message)."
        case .navigationFailed(let url, let reason):
            "Chromium could not open \(url) (\(reason)); check that the file exists."
        case .scriptFailed(let expression, let message):
            "The page threw while evaluating `\(expression)`: \(message)."
        case .unexpectedReply(let method, let reply):
            "Chromium's reply to \(method) was not what the protocol documents: \(reply)."
        }
    }
}
