import Foundation

/// Real headless Chromium driven over the DevTools protocol through
/// `--remote-debugging-pipe`, for tests that check what a page really renders.
///
/// ```swift
/// try await HeadlessBrowser.with { browser in
///     let page = try await browser.open(URL(fileURLWithPath: "/tmp/report/index.html"))
///     let rows = try await page.evaluate("document.querySelectorAll('#standings tbody tr').length")
///     #expect(rows.int == 4)
/// }
/// ```
///
/// The browser runs in its own process group with a temporary profile; ``close()`` (which
/// ``with(executable:launchTimeout:_:)`` always calls) kills the group and removes the
/// profile, and so does `deinit` if a test forgot.
public final class HeadlessBrowser: Sendable {
    /// Where the Debian package `chromium` installs the browser.
    public static let defaultExecutable = "/usr/bin/chromium"

    /// `CHROMIUM_PATH` if set, else ``defaultExecutable``.
    public static var executable: String {
        ProcessInfo.processInfo.environment["CHROMIUM_PATH"] ?? defaultExecutable
    }

    /// How long a command may take by default before the test fails instead of hanging.
    public static let commandTimeout: Duration = .seconds(30)

    let connection: DevToolsConnection
    private let process: ChromiumProcess
    /// The browser's product string, e.g. `Chrome/156.0.8078.79`.
    public let product: String

    private init(process: ChromiumProcess, connection: DevToolsConnection, product: String) {
        self.process = process
        self.connection = connection
        self.product = product
    }

    deinit {
        process.terminate()
    }

    /// Starts Chromium and waits until it answers `Browser.getVersion`.
    /// Throws ``BrowserError/chromiumMissing(path:)`` when it is not installed.
    public static func launch(executable: String = HeadlessBrowser.executable, timeout: Duration = .seconds(60)) async throws -> HeadlessBrowser {
        let process = try ChromiumProcess(executable: executable)
        let connection = DevToolsConnection(process: process)
        connection.startReading()
        do {
            let version = try await connection.send("Browser.getVersion", timeout: timeout)
            guard let product = version["product"]?.string else {
                throw BrowserError.unexpectedReply(method: "Browser.getVersion", reply: "\(version)")
            }
            return HeadlessBrowser(process: process, connection: connection, product: product)
        } catch {
            process.terminate()
            throw error
        }
    }

    /// Runs `body` with a fresh browser and closes it afterwards, whether `body` succeeded or threw.
    public static func with<Result: Sendable>(
        executable: String = HeadlessBrowser.executable,
        launchTimeout: Duration = .seconds(60),
        _ body: (HeadlessBrowser) async throws -> Result
    ) async throws -> Result {
        let browser = try await launch(executable: executable, timeout: launchTimeout)
        do {
            let result = try await body(browser)
            await browser.close()
            return result
        } catch {
            await browser.close()
            throw error
        }
    }

    /// Opens `url` in a new tab and waits for its `load` event.
    public func open(_ url: URL, timeout: Duration = HeadlessBrowser.commandTimeout) async throws -> BrowserPage {
        let created = try await connection.send("Target.createTarget", ["url": "about:blank"], timeout: timeout)
        guard let targetId = created["targetId"]?.string else {
            throw BrowserError.unexpectedReply(method: "Target.createTarget", reply: "\(created)")
        }
        let attached = try await connection.send("Target.attachToTarget", ["targetId": .string(targetId), "flatten": true], timeout: timeout)
        guard let sessionId = attached["sessionId"]?.string else {
            throw BrowserError.unexpectedReply(method: "Target.attachToTarget", reply: "\(attached)")
        }
        let page = BrowserPage(connection: connection, targetId: targetId, sessionId: sessionId)
        try await page.enableDomains(timeout: timeout)
        try await page.navigate(to: url, timeout: timeout)
        return page
    }

    /// Asks the browser to quit, then kills its process group and removes its profile.
    public func close() async {
        _ = try? await connection.send("Browser.close", timeout: .seconds(5))
        // Give it a moment to exit by itself, then make sure.
        for _ in 0..<50 where !process.hasExited {
            try? await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
    }
}
