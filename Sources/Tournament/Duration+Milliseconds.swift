extension Duration {
    /// The duration in milliseconds, with fractions.
    var inMilliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }

    /// The duration in whole milliseconds, rounded to the nearest.
    var wholeMilliseconds: Int {
        Int(inMilliseconds.rounded())
    }
}
