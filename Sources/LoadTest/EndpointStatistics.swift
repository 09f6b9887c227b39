/// What the load test measured for one endpoint: requests, failures by kind, and two latency
/// histograms in microseconds.
///
/// `latency` is what the report's percentiles show: from the request's intended send time
/// on the open-loop timetable (`--rate`) or, without a timetable, from when it was sent, to
/// the end of its reply or failure. `serviceTime` is always from the actual send, so the two
/// differ by how late requests went out: the coordinated omission a closed-loop tool hides.
public struct EndpointStatistics: Sendable, Hashable {
    /// Requests that got a reply or failed, failures included.
    public internal(set) var requests = 0
    /// Failed requests by kind.
    public internal(set) var errors: [LoadErrorKind: Int] = [:]
    /// The first failure of each kind, described for the report.
    public internal(set) var errorExamples: [LoadErrorKind: String] = [:]
    /// Latency from the intended send time (equal to the send time without a timetable), µs.
    public internal(set) var latency = LatencyHistogram()
    /// Latency from the actual send time, µs.
    public internal(set) var serviceTime = LatencyHistogram()

    public init() {}

    /// All failures.
    public var errorCount: Int { errors.values.reduce(0, +) }

    /// Counts one request with its two latencies in microseconds and its failure, if any.
    public mutating func record(latency latencyMicroseconds: Int64, serviceTime serviceMicroseconds: Int64, error: LoadErrorKind?, detail: @autoclosure () -> String = "") {
        requests += 1
        latency.record(latencyMicroseconds)
        serviceTime.record(serviceMicroseconds)
        if let error {
            errors[error, default: 0] += 1
            if errorExamples[error] == nil { errorExamples[error] = detail() }
        }
    }

    /// Adds `other`'s requests, failures and latencies.
    public mutating func merge(_ other: EndpointStatistics) {
        requests += other.requests
        errors.merge(other.errors, uniquingKeysWith: +)
        errorExamples.merge(other.errorExamples) { mine, _ in mine }
        latency.merge(other.latency)
        serviceTime.merge(other.serviceTime)
    }
}
