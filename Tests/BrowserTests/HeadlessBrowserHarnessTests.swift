import Foundation
import HeadlessBrowser
import Testing

/// The harness itself against hand-written pages: if these fail, the report tests' failures
/// say nothing about the reports.
@Suite("Headless browser harness", .serialized, .timeLimit(.minutes(2)))
struct HeadlessBrowserHarnessTests {
    @Test("evaluate returns the rendered DOM's text, and a key press reaches a keydown listener")
    func evaluateAndKeys() async throws {
        try await HeadlessBrowser.with { browser in
            #expect(browser.product.hasPrefix("Chrome/") || browser.product.hasPrefix("HeadlessChrome/"), "\(browser.product)")
            let page = try await browser.open(Paths.fixture("harness.html"))
            #expect(try await page.evaluate("document.getElementById('title').textContent") == "Hello from the fixture")
            #expect(try await page.evaluate("document.title") == "Harness fixture")
            #expect(try await page.evaluate("[1, 'two', {three: 3}, null, true]") == [1, "two", ["three": 3], nil, true])
            try await page.press(.arrowRight)
            try await page.press(.arrowRight)
            try await page.press(.arrowLeft)
            #expect(try await page.evaluate("document.getElementById('count').dataset.count") == "1")
            #expect(try await page.evaluate("document.getElementById('last-key').textContent") == "ArrowLeft ArrowLeft 37")
            try await page.press(.space)
            #expect(try await page.evaluate("document.getElementById('last-key').textContent") == "  Space 32")
            #expect(page.dialogs.isEmpty)
            #expect(page.exceptions.isEmpty)
            #expect(page.requestedURLs == [Paths.fixture("harness.html").absoluteString])
        }
    }

    @Test("a script error comes back as a thrown error naming the exception")
    func scriptErrors() async throws {
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(Paths.fixture("harness.html"))
            await #expect(throws: BrowserError.self) { try await page.evaluate("null.property") }
            do {
                _ = try await page.evaluate("throw new Error('deliberate')")
                Issue.record("evaluate did not throw")
            } catch let error as BrowserError {
                #expect("\(error)".contains("deliberate"))
            }
        }
    }

    @Test("an alert() is recorded and dismissed, so the page goes on and nothing hangs")
    func dialogsAreNoticed() async throws {
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(Paths.fixture("dialog.html"))
            #expect(page.dialogs == ["fixture says hi"])
            #expect(try await page.evaluate("document.getElementById('after').textContent") == "after")
        }
    }

    @Test("the phone viewport is 375 CSS pixels wide, and a screenshot is a PNG")
    func viewportAndScreenshot() async throws {
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(Paths.fixture("harness.html"))
            try await page.emulatePhone()
            #expect(try await page.evaluate("window.innerWidth") == 375)
            #expect(try await page.evaluate("document.documentElement.clientWidth") == 375)
            let png = try await page.screenshot()
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            // IHDR: width and height in device pixels (scale 2).
            #expect(png.count > 24 && Array(png[16..<24]) == [0, 0, 0x02, 0xEE, 0, 0, 0x05, 0x36])
        }
    }

    @Test("a page wider than the phone screen measures wider, so the reports' width check can fail")
    func widePageIsMeasured() async throws {
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(Paths.fixture("wide.html"))
            try await page.emulatePhone()
            // The layout viewport stays the phone's width; the content sticks out past it.
            #expect(try await page.evaluate("document.documentElement.clientWidth") == 375)
            #expect(try await page.evaluate("document.documentElement.scrollWidth") == 600)
        }
    }

    @Test("a missing file fails the navigation with the file's URL; a missing Chromium says to run make test-deps")
    func failuresAreClear() async throws {
        try await HeadlessBrowser.with { browser in
            let missing = URL(fileURLWithPath: "/nonexistent/salvo/index.html")
            do {
                _ = try await browser.open(missing)
                Issue.record("opening a missing file did not throw")
            } catch let error as BrowserError {
                #expect("\(error)".contains(missing.absoluteString))
            }
        }
        do {
            _ = try await HeadlessBrowser.launch(executable: "/nonexistent/chromium")
            Issue.record("launching a missing Chromium did not throw")
        } catch let error as BrowserError {
            #expect(error == .chromiumMissing(path: "/nonexistent/chromium"))
            #expect("\(error)".contains("make test-deps"))
        }
    }
}
