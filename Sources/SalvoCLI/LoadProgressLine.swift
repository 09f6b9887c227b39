import DurationUnits
import Foundation
import LoadTest

/// The progress of a load run on stderr: a live line redrawn twice a second on a terminal,
/// a plain line every 5 seconds otherwise (a log or a pipe).
struct LoadProgressLine: Sendable {
    let recorder: LoadRecorder
    let isTerminal = isatty(STDERR_FILENO) == 1

    /// Shows progress until the task is cancelled, then clears the live line.
    func show() async {
        let start = ContinuousClock.now
        let interval: Duration = isTerminal ? .milliseconds(500) : .seconds(5)
        var last = (instant: start, requests: 0, games: 0)
        while (try? await Task.sleep(for: interval)) != nil {
            let now = ContinuousClock.now
            let snapshot = recorder.snapshot
            let window = Self.seconds(now - last.instant)
            let line = String(
                format: "%5.1f s  %d games (%.1f/s)  %d requests (%.0f/s)  %d errors",
                Self.seconds(now - start), snapshot.gamesFinished, Double(snapshot.gamesFinished - last.games) / window,
                snapshot.requests, Double(snapshot.requests - last.requests) / window, snapshot.errors
            )
            last = (now, snapshot.requests, snapshot.gamesFinished)
            FileHandle.standardError.write(Data((isTerminal ? "\r\u{1B}[K" + line : line + "\n").utf8))
        }
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        max(1e-9, duration.seconds)
    }
}
