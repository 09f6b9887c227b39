extension Duration {
    /// The duration in milliseconds, with fractions.
    var inMilliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }
}
