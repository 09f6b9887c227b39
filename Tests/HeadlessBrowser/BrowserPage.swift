import DurationUnits
import Foundation

/// One tab of a ``HeadlessBrowser``, attached through its own DevTools session. From the
/// moment it opens it records the JavaScript dialogs it tried to show (dismissed at once),
/// every URL it requested and every uncaught exception, so tests can assert that none
/// happened.
public final class BrowserPage: Sendable {
    let connection: DevToolsConnection
    /// The tab's target id.
    public let targetId: String
    /// The DevTools session attached to the tab.
    public let sessionId: String

    init(connection: DevToolsConnection, targetId: String, sessionId: String) {
        self.connection = connection
        self.targetId = targetId
        self.sessionId = sessionId
    }

    /// Sends a command to this tab's session.
    @discardableResult
    public func send(_ method: String, _ params: JSONValue = [:], timeout: Duration = HeadlessBrowser.commandTimeout) async throws -> JSONValue {
        try await connection.send(method, params, sessionId: sessionId, timeout: timeout)
    }

    func enableDomains(timeout: Duration) async throws {
        try await send("Page.enable", timeout: timeout)
        try await send("Runtime.enable", timeout: timeout)
        try await send("Network.enable", timeout: timeout)
        // Key events go to the focused page; a headless tab is not focused unless told so.
        try await send("Emulation.setFocusEmulationEnabled", ["enabled": true], timeout: timeout)
        try await send("Page.bringToFront", timeout: timeout)
    }

    /// Loads `url` in this tab and waits for its `load` event.
    public func navigate(to url: URL, timeout: Duration = HeadlessBrowser.commandTimeout) async throws {
        let mark = connection.eventCount
        let reply = try await send("Page.navigate", ["url": .string(url.absoluteString)], timeout: timeout)
        if let reason = reply["errorText"]?.string, !reason.isEmpty {
            throw BrowserError.navigationFailed(url: url.absoluteString, reason: reason)
        }
        _ = try await connection.waitForEvent("Page.loadEventFired", sessionId: sessionId, after: mark, timeout: timeout)
    }

    /// Evaluates the JavaScript `expression` in the page (awaiting it if it is a promise) and
    /// returns its value as JSON; `undefined` comes back as `.null`.
    public func evaluate(_ expression: String, timeout: Duration = HeadlessBrowser.commandTimeout) async throws -> JSONValue {
        let reply = try await send(
            "Runtime.evaluate",
            ["expression": .string(expression), "returnByValue": true, "awaitPromise": true, "userGesture": true],
            timeout: timeout
        )
        if let details = reply["exceptionDetails"] {
            let message = details["exception"]?["description"]?.string ?? details["text"]?.string ?? "\(details)"
            throw BrowserError.scriptFailed(expression: expression, message: message)
        }
        return reply["result"]?["value"] ?? .null
    }

    /// Evaluates `expression` until it is truthy, at most until `timeout`; for pages that
    /// update on the next animation frame rather than inside the event handler.
    public func waitUntil(_ expression: String, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try await evaluate(expression).isTruthy { return }
            guard ContinuousClock.now < deadline else {
                throw BrowserError.timedOut(waitingFor: "`\(expression)` to become true", seconds: timeout.seconds)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Presses and releases `key`, as a user typing on the focused page.
    public func press(_ key: Key, timeout: Duration = HeadlessBrowser.commandTimeout) async throws {
        var down: [String: JSONValue] = [
            "type": key.text == nil ? "rawKeyDown" : "keyDown",
            "key": .string(key.key),
            "code": .string(key.code),
            "windowsVirtualKeyCode": .number(Double(key.keyCode)),
            "nativeVirtualKeyCode": .number(Double(key.keyCode)),
        ]
        if let text = key.text {
            down["text"] = .string(text)
            down["unmodifiedText"] = .string(text)
        }
        try await send("Input.dispatchKeyEvent", .object(down), timeout: timeout)
        var up = down
        up["type"] = "keyUp"
        up["text"] = nil
        up["unmodifiedText"] = nil
        try await send("Input.dispatchKeyEvent", .object(up), timeout: timeout)
    }

    /// Emulates a screen `width` × `height` CSS pixels; `mobile` also makes the page lay out
    /// as a phone would (honouring `<meta name="viewport">`, or 980 px wide without one).
    public func setViewport(width: Int, height: Int, deviceScaleFactor: Double = 1, mobile: Bool) async throws {
        try await send(
            "Emulation.setDeviceMetricsOverride",
            [
                "width": .number(Double(width)), "height": .number(Double(height)),
                "deviceScaleFactor": .number(deviceScaleFactor), "mobile": .bool(mobile),
            ])
    }

    /// A phone's screen: 375 × 667 CSS pixels at scale 2, laid out as a mobile browser would.
    public func emulatePhone() async throws {
        try await setViewport(width: 375, height: 667, deviceScaleFactor: 2, mobile: true)
    }

    /// A PNG of what the viewport shows now. The tab is brought to the front first, as a
    /// person would look at it: beside another make test, a capture of a tab behind one opened
    /// later once waited out its whole 90 s (it did not on a quiet machine).
    public func screenshot(timeout: Duration = HeadlessBrowser.commandTimeout) async throws -> Data {
        try await send("Page.bringToFront", timeout: timeout)
        let reply = try await send("Page.captureScreenshot", ["format": "png"], timeout: timeout)
        guard let base64 = reply["data"]?.string, let data = Data(base64Encoded: base64) else {
            throw BrowserError.unexpectedReply(method: "Page.captureScreenshot", reply: String(describing: reply).prefix(200).description)
        }
        return data
    }

    /// The messages of the JavaScript dialogs (`alert`, `confirm`, `prompt`) the page opened.
    public var dialogs: [String] {
        connection.events("Page.javascriptDialogOpening", sessionId: sessionId).map { $0.params["message"]?.string ?? "" }
    }

    /// Every URL the page requested, its own document included, in order.
    public var requestedURLs: [String] {
        connection.events("Network.requestWillBeSent", sessionId: sessionId).compactMap { $0.params["request"]?["url"]?.string }
    }

    /// The uncaught JavaScript exceptions, as DevTools describes them.
    public var exceptions: [String] {
        connection.events("Runtime.exceptionThrown", sessionId: sessionId).map { event in
            let details = event.params["exceptionDetails"]
            return details?["exception"]?["description"]?.string ?? details?["text"]?.string ?? "\(event.params)"
        }
    }

    /// Messages the page logged with `console.error`.
    public var consoleErrors: [String] {
        connection.events("Runtime.consoleAPICalled", sessionId: sessionId)
            .filter { $0.params["type"]?.string == "error" }
            .map { event in (event.params["args"]?.array ?? []).map { $0["value"]?.string ?? $0["description"]?.string ?? "" }.joined(separator: " ")
            }
    }

    /// Closes the tab.
    public func close() async throws {
        _ = try await connection.send("Target.closeTarget", ["targetId": .string(targetId)], timeout: HeadlessBrowser.commandTimeout)
    }
}
