import Foundation
import HTTPGuards
import Hummingbird
import Logging
import SalvoTestSupport
import ServiceKit
import ServiceLifecycle
import Synchronization
import Testing

/// The one start-up of Salvo's services over real HTTP on loopback: it listens, its other
/// services start once it does, and a stop answers the requests in flight before it returns.
@Suite("The service kit's start and stop", .serialized, .timeLimit(.minutes(2)))
struct HTTPServiceTests {
    static var quiet: Logger {
        var logger = Logger(label: "salvo.kit-test")
        logger.logLevel = .critical
        return logger
    }

    static func options(port: Int = 0) -> HTTPService.Options {
        HTTPService.Options(address: .hostname("127.0.0.1", port: port), serverName: "Salvo kit test", logger: quiet)
    }

    @Test("it listens on a free port and answers with its server name; once stopped nothing listens there")
    func startAndStop() async throws {
        let router = Router()
        router.get("/hello") { _, _ in "hello" }
        let running = try await HTTPService.start(router, options: Self.options())
        let port = try #require(running.port)
        let reply = try await KitHTTP.request(port: port, path: "/hello")
        #expect(reply.status == 200 && reply.text == "hello")
        #expect(reply.headers["server"] == "Salvo kit test")
        await running.stop()
        #expect(KitHTTP.refused(port: port))
    }

    @Test("a stop answers the request in flight, then stops the services beside it, then returns")
    func gracefulStop() async throws {
        let (entered, enteredContinuation) = AsyncStream<Void>.makeStream()
        let answered = Atomic<Bool>(false)
        let order = Mutex<[String]>([])
        let router = Router()
        router.get("/slow") { _, _ -> String in
            enteredContinuation.yield()
            try await Task.sleep(for: .milliseconds(800))
            answered.store(true, ordering: .sequentiallyConsistent)
            order.withLock { $0.append("answered") }
            return "done"
        }
        let beside = ClosureService {
            try? await gracefulShutdown()
            order.withLock { $0.append("beside stopped") }
        }
        let running = try await HTTPService.start(router, options: Self.options(), services: [.init(service: beside)])
        let port = try #require(running.port)
        let request = Task { try await KitHTTP.request(port: port, path: "/slow") }
        for await _ in entered { break }
        await running.stop()
        order.withLock { $0.append("stop returned") }
        let wasAnswered = answered.load(ordering: .sequentiallyConsistent)
        #expect(wasAnswered, "stop returned before the request in flight was answered")
        let reply = try await request.value
        #expect(reply.status == 200 && reply.text == "done")
        #expect(order.withLock { $0 } == ["answered", "beside stopped", "stop returned"])
        #expect(KitHTTP.refused(port: port))
    }

    @Test("the services beside it start once it listens, and never when it cannot listen (its port taken)")
    func besideStartsOnceListening() async throws {
        let started = Atomic<Int>(0)
        let listening = Atomic<Bool>(false)
        let beside = ClosureService {
            // Started only once the application listens.
            let isListening = listening.load(ordering: .sequentiallyConsistent)
            #expect(isListening)
            started.add(1, ordering: .sequentiallyConsistent)
            try? await gracefulShutdown()
        }
        let first = try await HTTPService.start(Router(), options: Self.options(), services: [.init(service: beside)]) {
            listening.store(true, ordering: .sequentiallyConsistent)
        }
        let port = try #require(first.port)
        while started.load(ordering: .sequentiallyConsistent) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        // A second service on the same port cannot listen: it throws, and its services never start.
        let never = ClosureService { started.add(100, ordering: .sequentiallyConsistent) }
        await #expect(throws: (any Error).self) {
            _ = try await HTTPService.start(Router(), options: Self.options(port: port), services: [.init(service: never)])
        }
        await first.stop()
        #expect(started.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test("a request that does not arrive whole within the deadline has its connection closed")
    func requestDeadline() async throws {
        var options = Self.options()
        options.requestDeadline = RequestDeadline(base: .milliseconds(300), bytesPerSecond: 1, maximum: .milliseconds(300))
        let running = try await HTTPService.start(Router(), options: options)
        let port = try #require(running.port)
        let closed = try await LoopbackSocket.onThread { () -> Bool in
            let fd = try LoopbackSocket.connect(port: port)
            defer { close(fd) }
            // Half a head, then nothing.
            try LoopbackSocket.send(fd, Data("GET / HTTP/1.1\r\nHost: x\r\n".utf8))
            var received = Data()
            let start = Date()
            _ = try LoopbackSocket.read(fd, into: &received, deadline: Date().addingTimeInterval(10)) { _ in false }
            return Date().timeIntervalSince(start) < 9
        }
        #expect(closed, "the stalled request's connection stayed open")
        await running.stop()
    }
}
