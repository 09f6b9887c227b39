/// What the load test measured for one endpoint: requests, failures by kind, and latency
/// histograms in microseconds, those of successful requests apart from those of failed ones
/// (as k6's `http_req_duration{expected_response:true}`: a timeout's 5 s, or a refused
/// connection's 0.1 ms, would otherwise pass for a reply's latency).
///
/// `latency` is what the report's percentiles show, of successful requests: from the request's intended send time
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
    /// Latency of successful requests from the intended send time (equal to the send time
    /// without a timetable), µs.
    public internal(set) var latency = LatencyHistogram()
    /// Latency of successful requests from the actual send time, µs.
    public internal(set) var serviceTime = LatencyHistogram()
    /// Time to failure of failed requests, from the intended send time, µs.
    public internal(set) var failedLatency = LatencyHistogram()

    public init() {}

    /// All failures.
    public var errorCount: Int { errors.values.reduce(0, +) }

    /// Counts one request with its two latencies in microseconds and its failure, if any.
    public mutating func record(
        latency latencyMicroseconds: Int64, serviceTime serviceMicroseconds: Int64, error: LoadErrorKind?, detail: @autoclosure () -> String = ""
    ) {
        requests += 1
        if let error {
            failedLatency.record(latencyMicroseconds)
            errors[error, default: 0] += 1
            if errorExamples[error] == nil { errorExamples[error] = detail() }
        } else {
            latency.record(latencyMicroseconds)
            serviceTime.record(serviceMicroseconds)
        }
    }

    /// Adds `other`'s requests, failures and latencies.
    public mutating func merge(_ other: EndpointStatistics) {
        requests += other.requests
        errors.merge(other.errors, uniquingKeysWith: +)
        errorExamples.merge(other.errorExamples) { mine, _ in mine }
        latency.merge(other.latency)
        serviceTime.merge(other.serviceTime)
        failedLatency.merge(other.failedLatency)
    }
}
