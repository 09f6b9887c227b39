/// The measurements of a load run as `load.json` keeps them (its `measurements` member), so
/// that `salvo merge` can add up the shards of a load test exactly: request and failure
/// counts, the first failure of each kind, both latency histograms of every endpoint
/// (``LatencyHistogram``'s lossless form), and how the games ended.
extension LoadStatistics: Codable {
    enum CodingKeys: String, CodingKey {
        case endpoints, gamesStarted, gamesFinished, gamesAbandoned, gamesFailed, failureExample
        case inconsistentGames, fewestWinnerGuesses, winnerGuesses, winnerHits
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var byName: [String: EndpointStatistics] = [:]
        for (endpoint, figures) in endpoints { byName[endpoint.rawValue] = figures }
        try container.encode(byName, forKey: .endpoints)
        try container.encode(gamesStarted, forKey: .gamesStarted)
        try container.encode(gamesFinished, forKey: .gamesFinished)
        try container.encode(gamesAbandoned, forKey: .gamesAbandoned)
        try container.encode(gamesFailed, forKey: .gamesFailed)
        try container.encodeIfPresent(failureExample, forKey: .failureExample)
        try container.encode(inconsistentGames, forKey: .inconsistentGames)
        try container.encodeIfPresent(fewestWinnerGuesses, forKey: .fewestWinnerGuesses)
        try container.encode(winnerGuesses, forKey: .winnerGuesses)
        try container.encode(winnerHits, forKey: .winnerHits)
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for (name, figures) in try container.decode([String: EndpointStatistics].self, forKey: .endpoints) {
            guard let endpoint = Endpoint(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .endpoints, in: container, debugDescription: "no endpoint is called \(name)")
            }
            endpoints[endpoint] = figures
        }
        gamesStarted = try container.decode(Int.self, forKey: .gamesStarted)
        gamesFinished = try container.decode(Int.self, forKey: .gamesFinished)
        gamesAbandoned = try container.decode(Int.self, forKey: .gamesAbandoned)
        gamesFailed = try container.decode(Int.self, forKey: .gamesFailed)
        failureExample = try container.decodeIfPresent(String.self, forKey: .failureExample)
        inconsistentGames = try container.decode(Int.self, forKey: .inconsistentGames)
        fewestWinnerGuesses = try container.decodeIfPresent(Int.self, forKey: .fewestWinnerGuesses)
        winnerGuesses = try container.decode(Int.self, forKey: .winnerGuesses)
        winnerHits = try container.decode(Int.self, forKey: .winnerHits)
    }
}

extension EndpointStatistics: Codable {
    enum CodingKeys: String, CodingKey {
        case requests, errors, errorExamples, latency, serviceTime, failedLatency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requests, forKey: .requests)
        try container.encode(Dictionary(uniqueKeysWithValues: errors.map { ($0.key.rawValue, $0.value) }), forKey: .errors)
        try container.encode(Dictionary(uniqueKeysWithValues: errorExamples.map { ($0.key.rawValue, $0.value) }), forKey: .errorExamples)
        try container.encode(latency, forKey: .latency)
        try container.encode(serviceTime, forKey: .serviceTime)
        try container.encode(failedLatency, forKey: .failedLatency)
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func kind(_ name: String, _ key: CodingKeys) throws -> LoadErrorKind {
            guard let kind = LoadErrorKind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "no error kind is called \(name)")
            }
            return kind
        }
        requests = try container.decode(Int.self, forKey: .requests)
        for (name, count) in try container.decode([String: Int].self, forKey: .errors) { errors[try kind(name, .errors)] = count }
        for (name, text) in try container.decode([String: String].self, forKey: .errorExamples) {
            errorExamples[try kind(name, .errorExamples)] = text
        }
        latency = try container.decode(LatencyHistogram.self, forKey: .latency)
        serviceTime = try container.decode(LatencyHistogram.self, forKey: .serviceTime)
        // Shards written before 0.4 counted failures in `latency` and have no member of their own.
        failedLatency = try container.decodeIfPresent(LatencyHistogram.self, forKey: .failedLatency) ?? LatencyHistogram()
    }
}
