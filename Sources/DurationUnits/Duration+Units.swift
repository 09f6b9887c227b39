/// A `Duration` read as a number of seconds, milliseconds, microseconds or nanoseconds, for
/// rates, reports, timeouts handed to C libraries and exact arithmetic on clock readings.
///
/// ```swift
/// let elapsed: Duration = .milliseconds(1_500)
/// elapsed.seconds            // 1.5
/// elapsed.milliseconds       // 1500.0
/// elapsed.wholeMicroseconds  // 1_500_000
/// ```
extension Duration {
    /// The duration in seconds, with fractions; negative for a negative duration.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in milliseconds, with fractions; negative for a negative duration.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// The duration in whole nanoseconds, rounded toward zero, and 0 for a negative duration:
    /// exact integer arithmetic on clock readings, for spans under 584 years.
    public var wholeNanoseconds: UInt64 { whole(unitsPerSecond: 1_000_000_000) }

    /// The duration in whole microseconds, rounded toward zero, and 0 for a negative duration.
    public var wholeMicroseconds: UInt64 { whole(unitsPerSecond: 1_000_000) }

    /// The duration in whole milliseconds, rounded toward zero, and 0 for a negative duration.
    public var wholeMilliseconds: UInt64 { whole(unitsPerSecond: 1_000) }

    private func whole(unitsPerSecond: Int64) -> UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) * UInt64(unitsPerSecond) + UInt64(attoseconds / (1_000_000_000_000_000_000 / unitsPerSecond))
    }
}
