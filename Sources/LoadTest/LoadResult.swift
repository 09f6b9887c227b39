import Foundation

/// What a finished load run hands back: its settings, the measurements and the time taken.
public struct LoadResult: Sendable {
    public var settings: LoadSettings
    public var statistics: LoadStatistics
    /// Wall-clock time of the measured part of the run: from the start of the first game (or,
    /// in single-endpoint mode, of the first measured request) to the end of the last request.
    public var elapsed: Duration
    /// When the measured part began.
    public var startedAt: Date
    /// The run second by second; nil when not recorded.
    public var timeline: LoadTimeline? = nil
}
