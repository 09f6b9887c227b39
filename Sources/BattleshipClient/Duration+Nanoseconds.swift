extension Duration {
    /// The duration in whole nanoseconds, rounded toward zero: exact integer arithmetic on
    /// clock readings, for spans under 292 years.
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
