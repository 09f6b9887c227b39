import Hummingbird

/// `GET /events`: the board as Server-Sent Events, one `snapshot` event per change, each the
/// whole board as JSON with the version as its `id`. The first event is the board of the
/// moment, unless the browser's `Last-Event-ID` says it already has it: so a browser that
/// reconnects catches up with one event, whatever it missed. Changes that come faster than
/// ``minimumGap`` are merged into the next event. The stream ends when the hub is closed.
struct LiveEventStream: Sendable {
    /// The least time between two events to one browser.
    static let minimumGap: Duration = .milliseconds(150)
    /// How long a browser waits before it reconnects, sent as `retry:`.
    static let retryMilliseconds = 1000

    let hub: LiveHub

    func response(lastEventID: String?) -> Response {
        let hub = hub
        let known = lastEventID.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                let (id, versions) = hub.listen()
                defer { hub.stopListening(id) }
                try await writer.write(ByteBuffer(string: "retry: \(Self.retryMilliseconds)\n\n"))
                var sent = known
                let first = hub.snapshot()
                if first.version != sent {
                    try await writer.write(Self.event(first))
                    sent = first.version
                }
                for await _ in versions {
                    let snapshot = hub.snapshot()
                    guard snapshot.version != sent else { continue }
                    try await writer.write(Self.event(snapshot))
                    sent = snapshot.version
                    try? await Task.sleep(for: Self.minimumGap)
                }
                try await writer.finish(nil)
            }
        )
    }

    /// One `snapshot` event: `id`, `event` and the JSON on one `data:` line (the encoder
    /// writes no raw newline: control characters in strings are escaped).
    static func event(_ snapshot: LiveHub.Snapshot) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeString("id: \(snapshot.version)\nevent: snapshot\ndata: ")
        buffer.writeBytes(snapshot.json)
        buffer.writeString("\n\n")
        return buffer
    }
}
