import Foundation
import JSONCoding
import Testing
import Tournament

@testable import Reports

/// A season's history from its nights and records alone: the standings after each night, and
/// every version on one scale, checked against a fit written here apart from the Ratings module.
@Suite("Season history")
struct SeasonHistoryTests {
    /// Three nights: alice, bob and carl enter; alice resubmits; bob resubmits. Four games per
    /// pairing of versions, the first mover alternating, results drawn from each version's
    /// strength with a fixed generator.
    static func bot(_ name: String, _ version: String) -> BotEntry {
        BotEntry(name: name, kind: .external(.init(command: ["./bot"])), version: version)
    }

    static let threeNights = [
        [bot("alice", "a1"), bot("bob", "b1"), bot("carl", "c1")],
        [bot("alice", "a2"), bot("bob", "b1"), bot("carl", "c1")],
        [bot("alice", "a2"), bot("bob", "b2"), bot("carl", "c1")],
    ]

    static func season(_ rosters: [[BotEntry]] = threeNights) -> (nights: [SeasonNight], records: [GameRecord]) {
        let strengths = ["alice@a1": 0.0, "bob@b1": 80, "carl@c1": 40, "alice@a2": 150, "bob@b2": -60]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var nights: [SeasonNight] = []
        var records: [GameRecord] = []
        var played = Set<SeasonGameIdentity>()
        for (number, bots) in rosters.enumerated() {
            let firstIndex = nights.last.map { $0.indices.upperBound } ?? 0
            var night = SeasonNight(
                number: number + 1, startedAt: Date(timeIntervalSince1970: Double(number) * 86_400), firstIndex: firstIndex, bots: bots, games: [])
            for round in 0..<4 {
                for (first, second) in [(0, 1), (0, 2), (1, 2)] {
                    let game = SeasonNight.Game(first: first, second: second, round: round)
                    if played.insert(night.identity(of: game)).inserted { night.games.append(game) }
                }
            }
            for (position, game) in night.games.enumerated() {
                let creator = game.round % 2 == 0 ? bots[game.first] : bots[game.second]
                let joiner = game.round % 2 == 0 ? bots[game.second] : bots[game.first]
                let edge = (strengths[creator.versionedName] ?? 0) - (strengths[joiner.versionedName] ?? 0) + 30
                let creatorWins = next() < 1 / (1 + pow(10, -edge / 400))
                records.append(
                    GameRecord(
                        index: firstIndex + position, server: "http://127.0.0.1:1", gameId: "g\(firstIndex + position)", gameName: "season",
                        players: [
                            PlayerRecord(bot: creator.name, serverName: creator.name, playerId: "p", boardSeed: 1, version: creator.version),
                            PlayerRecord(bot: joiner.name, serverName: joiner.name, playerId: "q", boardSeed: 2, version: joiner.version),
                        ],
                        shots: [], termination: .win, winner: creatorWins ? .one : .two, reason: nil,
                        startedAt: Date(timeIntervalSince1970: 0), durationMilliseconds: 1
                    ))
            }
            nights.append(night)
        }
        return (nights, records)
    }

    @Test("each night's standings are its current versions over the games between them up to its end")
    func nights() throws {
        let (nights, records) = Self.season()
        #expect(nights.map(\.games.count) == [12, 8, 8], "a new version plays each other entry 4 times; nothing is played twice")
        let section = try #require(SeasonHistory.section(nights: nights, records: records))
        #expect(section.nights.map(\.number) == [1, 2, 3])
        #expect(section.nights.map(\.gamesPlayed) == [12, 8, 8])
        for night in section.nights {
            // Every entry current that night has its whole round robin: 4 games against each of 2.
            #expect(night.entries.map(\.games) == [8, 8, 8], "night \(night.number)")
            #expect(night.entries.allSatisfy { $0.rating != nil })
        }
        #expect(section.nights[1].entries.map(\.version) == ["a2", "b1", "c1"])
        #expect(section.nights[2].entries.map(\.version) == ["a2", "b2", "c1"])
        // Night 1's standings do not move when later nights are added.
        let firstAlone = try #require(SeasonHistory.section(nights: [nights[0]], records: records.filter { $0.index < 12 }))
        #expect(firstAlone.nights[0] == section.nights[0])
    }

    @Test("a version's nights are the nights it played, and an entry going back to an earlier version is said to, not counted as new")
    func nightsPlayedAndBack() throws {
        // Night 4: alice goes back to a1, which has games left to play against bob's b2 only.
        let (nights, records) = Self.season(Self.threeNights + [[Self.bot("alice", "a1"), Self.bot("bob", "b2"), Self.bot("carl", "c1")]])
        let section = try #require(SeasonHistory.section(nights: nights, records: records))
        let versions = Dictionary(uniqueKeysWithValues: section.versions.map { ("\($0.bot)@\($0.version ?? "")", $0) })
        #expect(section.versions.count == 5, "going back adds no version")
        #expect(versions["alice@a1"]?.nightsPlayed == [1, 4])
        #expect(versions["alice@a1"]?.backOn == [4])
        #expect(versions["alice@a1"]?.firstNight == 1 && versions["alice@a1"]?.lastNight == 4)
        #expect(versions["alice@a2"]?.nightsPlayed == [2, 3] && versions["alice@a2"]?.backOn == [])
        // carl's c1 was current every night, but had played a1 and b2 already by night 4.
        #expect(versions["carl@c1"]?.nightsPlayed == [1, 2, 3] && versions["carl@c1"]?.lastNight == 4 && versions["carl@c1"]?.backOn == [])
        #expect(versions["bob@b1"]?.nightsPlayed == [1, 2])
        #expect(IndexPage.nightList([1, 2, 3, 5, 7, 8]) == "1–3, 5, 7–8")
        #expect(IndexPage.nightList([]) == "–")
        // The members reach results.json and come back; a file without them still reads.
        let data = try JSONFormat.encoder().encode(section)
        #expect(try JSONFormat.decoder().decode(ResultsDocument.SeasonSection.self, from: data) == section)
        let old = #"{"bot":"a","firstNight":1,"lastNight":2,"games":4,"latest":true,"best":false}"#
        let version = try JSONFormat.decoder().decode(ResultsDocument.Version.self, from: Data(old.utf8))
        #expect(version.nightsPlayed == [] && version.backOn == [] && version.lastNight == 2)
    }

    @Test("the history chart's names never overlap: spread keeps the order, the spacing and the bounds, and moves nothing it need not")
    func labelSpread() {
        let crowded = SVGCharts.spread(Array(repeating: 100, count: 40), spacing: 13, within: 10...530)
        let sorted = crowded.sorted()
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 >= 13 - 1e-9 })
        #expect(crowded.allSatisfy { (10...530).contains($0) })
        #expect(crowded == crowded.sorted(), "equal wishes keep their order")
        // Apart already: unmoved. Two too close at the bottom edge: pushed up inside.
        #expect(SVGCharts.spread([50, 20, 90], spacing: 13, within: 0...200) == [50, 20, 90])
        #expect(SVGCharts.spread([199, 200], spacing: 13, within: 0...200) == [187, 200])
        #expect(SVGCharts.spread([60, 55], spacing: 13, within: 0...200) == [68, 55])
    }

    @Test("every version on one scale: latest and best per entry, the ratings those of an independent fit")
    func versions() throws {
        let (nights, records) = Self.season()
        let section = try #require(SeasonHistory.section(nights: nights, records: records))
        let versions = section.versions
        #expect(versions.map { "\($0.bot)@\($0.version ?? "")" } == ["alice@a1", "bob@b1", "carl@c1", "alice@a2", "bob@b2"])
        #expect(versions.filter(\.latest).map { $0.version ?? "" }.sorted() == ["a2", "b2", "c1"])
        #expect(versions.map(\.firstNight) == [1, 1, 1, 2, 3])
        #expect(versions.map(\.lastNight) == [1, 2, 3, 3, 3])
        #expect(versions.map(\.games) == [8, 12, 16, 12, 8])
        for entry in ["alice", "bob", "carl"] {
            let own = versions.filter { $0.bot == entry }
            #expect(own.filter(\.best).count == 1, "\(entry)")
            let best = try #require(own.first(where: \.best)?.rating?.value)
            #expect(own.allSatisfy { ($0.rating?.value ?? -.infinity) <= best })
        }

        let names = versions.map { "\($0.bot)@\($0.version ?? "")" }
        let games = records.map { record in
            (
                first: names.firstIndex(of: "\(record.players[0].bot)@\(record.players[0].version ?? "")")!,
                second: names.firstIndex(of: "\(record.players[1].bot)@\(record.players[1].version ?? "")")!,
                score: record.winner == .one ? 1.0 : 0.0
            )
        }
        let independent = Self.independentFit(games: games, players: names.count)
        for (position, version) in versions.enumerated() {
            let rating = try #require(version.rating)
            #expect(abs(rating.value - independent[position]) < 0.06, "\(names[position]): \(rating.value) against \(independent[position])")
        }
    }

    /// The fit docs/scoring.md and the Ratings module describe, written out apart from them:
    /// P(first beats second) = 1 / (1 + 10^((r₂ - r₁ - a) / 400)) with the first mover's
    /// advantage a, one virtual draw per player against a fixed 1500, ratings averaging 1500.
    /// Maximized by gradient ascent with a diagonal step kept on the mean constraint.
    static func independentFit(games: [(first: Int, second: Int, score: Double)], players: Int) -> [Double] {
        let k = log(10.0) / 400
        func sigma(_ x: Double) -> Double { 1 / (1 + exp(-x)) }
        var ratings = Array(repeating: 1500.0, count: players)
        var advantage = 0.0
        var counts = Array(repeating: 1.0, count: players)
        for game in games {
            counts[game.first] += 1
            counts[game.second] += 1
        }
        for _ in 0..<200_000 {
            var gradient = Array(repeating: 0.0, count: players)
            var advantageGradient = 0.0
            for game in games {
                let surprise = game.score - sigma(k * (ratings[game.first] - ratings[game.second] + advantage))
                gradient[game.first] += k * surprise
                gradient[game.second] -= k * surprise
                advantageGradient += k * surprise
            }
            for player in 0..<players { gradient[player] += k * (0.5 - sigma(k * (ratings[player] - 1500))) }
            // The step (g - λ)/h with λ such that the steps sum to 0: the mean stays 1500, and
            // the fit stops where every rating's gradient is the same λ (the Lagrange condition).
            let curvature = counts.map { k * k * $0 / 4 }
            let lambda = zip(gradient, curvature).map { $0 / $1 }.reduce(0, +) / curvature.map { 1 / $0 }.reduce(0, +)
            var largest = 0.0
            for player in 0..<players {
                let step = (gradient[player] - lambda) / curvature[player]
                ratings[player] += step
                largest = max(largest, abs(step))
            }
            let advantageStep = advantageGradient / (k * k * Double(games.count) / 4)
            advantage += advantageStep
            if max(largest, abs(advantageStep)) < 1e-9 { break }
        }
        return ratings
    }
}

/// The line printed before a season's night.
@Suite("Season changes")
struct SeasonChangesTests {
    @Test("the summary names what changed, at most 8 names a part, and the games to play")
    func summary() {
        var changes = SeasonChanges(night: 4, continued: false, gamesToPlay: 84)
        changes.newVersions = ["alice", "cbot"]
        changes.newEntries = ["mia"]
        changes.retired = ["zed"]
        #expect(changes.summary == "Season night 4: 2 new versions (alice, cbot), 1 new entry (mia), 1 retired (zed); 84 games to play")
        var first = SeasonChanges(night: 1, continued: false, gamesToPlay: 3540)
        first.newEntries = (1...60).map { "s\($0)" }
        #expect(first.summary == "Season night 1: 60 new entries (s1, s2, s3, s4, s5, s6, s7, s8 and 52 more); 3540 games to play")
        #expect(
            SeasonChanges(night: 2, continued: true, gamesToPlay: 1).summary
                == "Season night 2 (continued): nothing changed since it began; 1 game to play")
        var back = SeasonChanges(night: 5, continued: false, gamesToPlay: 0)
        back.returnedVersions = ["alice"]
        #expect(back.summary == "Season night 5: 1 back to an earlier version (alice); 0 games to play")
    }
}
