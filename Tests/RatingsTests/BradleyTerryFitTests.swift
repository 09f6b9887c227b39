import Foundation
import Testing

@testable import Ratings

@Suite struct BradleyTerryFitTests {
    /// A beats B 150 times in 200, 75 of 100 as first mover and 75 of 100 as second mover.
    let balanced75 =
        games(0, 1, wins: 75, of: 100, firstMovedFirst: true)
        + games(0, 1, wins: 75, of: 100, firstMovedFirst: false)

    @Test func twoPlayersPureMaximumLikelihoodMatchesClosedForm() throws {
        let fit = try BradleyTerryFit(games: balanced75, playerCount: 2, options: .init(priorDraws: 0))
        // Two players, no prior: the ML condition is σ(k·δ) = 0.75, so δ = -400·log10(1/0.75 - 1) = 190.85.
        let expected = -400 * log10(1 / 0.75 - 1)
        #expect(abs(expected - 190.8485) < 1e-4)
        #expect(abs(fit.ratings[0].value - fit.ratings[1].value - expected) < 1e-7)
        // Balanced movers with equal results as first and second mover: the advantage is exactly 0.
        #expect(abs(fit.advantage.value) < 1e-7)
        // The anchor: ratings are 1500 ± δ/2.
        #expect(abs(fit.ratings[0].value - (1500 + expected / 2)) < 1e-7)
    }

    @Test func twoPlayersWithDefaultPriorMatchesPriorAdjustedClosedForm() throws {
        let fit = try BradleyTerryFit(games: balanced75, playerCount: 2)
        // With one virtual draw per player against a 1500 opponent and r = 1500 ± δ/2, the derivative
        // of the log-posterior along δ, divided by k, is
        //   (150 - 200·σ(kδ))            (the 200 games)
        // + ½·(1 - 2·σ(kδ/2))            (d/dδ of ½lnσ(x) + ½lnσ(-x) at x = ±kδ/2 for A and B)
        // which we solve by bisection.
        let k = eloScale
        let delta = bisect(0, 400) { d in 150 - 200 * logistic(k * d) + 0.5 * (1 - 2 * logistic(k * d / 2)) }
        #expect(abs(fit.ratings[0].value - fit.ratings[1].value - delta) < 1e-6)
        // The prior shrinks the difference below the pure ML value, but only slightly.
        #expect(delta < 190.8485 && delta > 185)
        #expect(abs(fit.advantage.value) < 1e-7)
    }

    @Test func firstMoverWinning60PercentGivesClosedFormAdvantage() throws {
        // Equal players: A moves first 100 times and wins 60; B moves first 100 times and wins 60.
        let data =
            games(0, 1, wins: 60, of: 100, firstMovedFirst: true)
            + games(0, 1, wins: 40, of: 100, firstMovedFirst: false)
        let fit = try BradleyTerryFit(games: data, playerCount: 2)
        // By symmetry r_A = r_B = 1500 (the prior is symmetric too), and σ(k·a) = 0.6,
        // so a = 400·log10(0.6/0.4) = 70.44.
        let expected = 400 * log10(0.6 / 0.4)
        #expect(abs(expected - 70.437) < 1e-3)
        #expect(abs(fit.advantage.value - expected) < 1e-7)
        #expect(abs(fit.ratings[0].value - 1500) < 1e-7)
        #expect(abs(fit.ratings[1].value - 1500) < 1e-7)
        // Standard error of a: every game has win probability 0.6 for its first mover, so each adds
        // k²·0.24 to the information of a and nothing to its cross term with δ = r_A - r_B
        // (first-mover signs cancel), and the prior does not involve a: se(a) = 1/(k·sqrt(200·0.24)).
        let se = 1 / (eloScale * sqrt(200 * 0.6 * 0.4))
        #expect(abs(fit.advantage.standardError - se) < 1e-7)
        #expect(abs(fit.advantage.lower - (expected - 1.96 * se)) < 1e-6)
        #expect(abs(fit.advantage.upper - (expected + 1.96 * se)) < 1e-6)
        #expect(fit.advantage.lower > 0)
    }

    @Test func symmetricRoundRobinHasNoAdvantage() throws {
        // Three players; in every pairing each result is repeated once with each first mover.
        var data: [RatedGame] = []
        for (i, j, w) in [(0, 1, 6), (1, 2, 7), (0, 2, 8)] {
            data += games(i, j, wins: w, of: 10, firstMovedFirst: true)
            data += games(i, j, wins: w, of: 10, firstMovedFirst: false)
        }
        let fit = try BradleyTerryFit(games: data, playerCount: 3)
        #expect(abs(fit.advantage.value) < 1e-7)
    }

    @Test func ratingsAverage1500() throws {
        let fit = try BradleyTerryFit(games: sampleGames(), playerCount: 4)
        let mean = fit.ratings.map(\.value).reduce(0, +) / 4
        #expect(abs(mean - 1500) < 1e-9)
        // The covariance respects the constraint: each row of the ratings block sums to 0.
        for i in 0..<4 {
            #expect(abs((0..<4).map { fit.covariance(i, $0) }.reduce(0, +)) < 1e-6)
        }
    }

    @Test func ratingsAreInvariantToPlayerOrder() throws {
        let data = sampleGames()
        let fit = try BradleyTerryFit(games: data, playerCount: 4)
        let permutation = [2, 0, 3, 1]  // old index → new index
        let permuted = data.map {
            RatedGame(
                first: permutation[$0.first], second: permutation[$0.second],
                firstMovedFirst: $0.firstMovedFirst, score: $0.score)
        }
        let other = try BradleyTerryFit(games: permuted, playerCount: 4)
        for old in 0..<4 {
            #expect(abs(fit.ratings[old].value - other.ratings[permutation[old]].value) < 1e-7)
            #expect(abs(fit.ratings[old].standardError - other.ratings[permutation[old]].standardError) < 1e-7)
        }
        #expect(abs(fit.advantage.value - other.advantage.value) < 1e-7)
        #expect(abs(fit.advantage.standardError - other.advantage.standardError) < 1e-7)
    }

    @Test func gradientOfLogPosteriorVanishesAtTheSolution() throws {
        let data = sampleGames()
        let fit = try BradleyTerryFit(games: data, playerCount: 4)
        let r = fit.ratings.map(\.value)
        let a = fit.advantage.value
        // The gradient of Σ s·lnσ(x) + (1-s)·lnσ(-x), x = k·(r_i - r_j ± a), is k·(s - σ(x))·(e_i - e_j ± e_a);
        // the prior ½·lnσ(y) + ½·lnσ(-y), y = k·(r_i - 1500), adds k·(½ - σ(y)) to player i.
        let k = eloScale
        var gradient = [Double](repeating: 0, count: 4)
        var advantageGradient = 0.0
        for g in data {
            let d: Double = g.firstMovedFirst ? 1 : -1
            let residual = g.score - logistic(k * (r[g.first] - r[g.second] + d * a))
            gradient[g.first] += k * residual
            gradient[g.second] -= k * residual
            advantageGradient += k * d * residual
        }
        for i in 0..<4 { gradient[i] += k * (0.5 - logistic(k * (r[i] - 1500))) }
        // Under the constraint Σr = 6000 only the part orthogonal to (1,1,1,1) must vanish.
        let mean = gradient.reduce(0, +) / 4
        for i in 0..<4 { #expect(abs(gradient[i] - mean) < 1e-10) }
        #expect(abs(advantageGradient) < 1e-10)
        // The fit recovers the ordering of the true strengths (0, 60, 120, 250).
        #expect(r[3] > r[0])
    }

    @Test func jointFitDiffersFromPooledScores() throws {
        // A beats B 9/10, B beats C 9/10, A beats C 1/1.
        let data =
            games(0, 1, wins: 9, of: 10, firstMovedFirst: true)
            + games(1, 2, wins: 9, of: 10, firstMovedFirst: true)
            + games(0, 2, wins: 1, of: 1, firstMovedFirst: true)
        let fit = try BradleyTerryFit(
            games: data, playerCount: 3, options: .init(priorDraws: 0, estimateAdvantage: false)
        )
        // Pooled scores: A 10/11, B 10/20, C 1/11, i.e. Elo 1500 + 400, 1500, 1500 - 400.
        let pooledA = -400 * log10(1 / (10.0 / 11) - 1)
        #expect(abs(pooledA - 400) < 1e-9)
        // ML: by symmetry r_A - r_B = r_B - r_C = δ, and A's likelihood equation is
        // 10 = 10·σ(kδ) + σ(2kδ) (9 + 1 wins against expected scores); solve by bisection.
        let k = eloScale
        let delta = bisect(0, 1000) { d in 10 * logistic(k * d) + logistic(2 * k * d) - 10 }
        let r = fit.ratings.map(\.value)
        #expect(abs(r[0] - r[1] - delta) < 1e-6)
        #expect(abs(r[1] - r[2] - delta) < 1e-6)
        #expect(abs(r[1] - 1500) < 1e-7)
        // ...and it is not the pooled-score answer (2δ ≈ 763 versus 800).
        #expect(abs((r[0] - r[2]) - 2 * pooledA) > 20)
    }

    @Test func standardErrorsMatchFisherInformationClosedForm() throws {
        // Two players, 75 wins of 100, no prior, no advantage. The information of δ = r_A - r_B is
        // N·k²·p(1-p) with p = 0.75, so sd(δ) = 1/(k·sqrt(N·p(1-p))); with r_A = 1500 + δ/2,
        // se(r_A) = sd(δ)/2 and cov(r_A, r_B) = -var(r_A).
        let data = games(0, 1, wins: 75, of: 100, firstMovedFirst: true)
        let fit = try BradleyTerryFit(
            games: data, playerCount: 2, options: .init(priorDraws: 0, estimateAdvantage: false)
        )
        let sdDelta = 1 / (eloScale * sqrt(100 * 0.75 * 0.25))
        #expect(abs(fit.ratings[0].standardError - sdDelta / 2) < 1e-7)
        #expect(abs(fit.ratings[1].standardError - sdDelta / 2) < 1e-7)
        #expect(abs(fit.covariance(0, 1) + sdDelta * sdDelta / 4) < 1e-6)
        #expect(abs(fit.ratings[0].upper - fit.ratings[0].value - 1.96 * sdDelta / 2) < 1e-7)
        #expect(abs(fit.ratings[0].value - fit.ratings[0].lower - 1.96 * sdDelta / 2) < 1e-7)
        // The difference's margin 1.96·sd(δ) equals the head-to-head delta-method margin (78.63).
        #expect(abs(1.96 * sdDelta - EloDifference(wins: 75, losses: 25).margin) < 1e-7)
        #expect(fit.advantage.value == 0 && fit.advantage.standardError == 0)
    }

    @Test func perfectRecordIsFiniteWithPriorAndFailsWithout() throws {
        let data =
            games(0, 1, wins: 5, of: 5, firstMovedFirst: true)
            + games(0, 1, wins: 5, of: 5, firstMovedFirst: false)
        let fit = try BradleyTerryFit(games: data, playerCount: 2)
        #expect(fit.ratings[0].value > fit.ratings[1].value)
        #expect(fit.ratings.allSatisfy { $0.value.isFinite && $0.standardError.isFinite })
        #expect(throws: BradleyTerryFit.FitError.self) {
            try BradleyTerryFit(games: data, playerCount: 2, options: .init(priorDraws: 0))
        }
    }

    @Test func invalidInputIsRejected() {
        let selfPlay = [RatedGame(first: 1, second: 1, firstMovedFirst: true, score: 1)]
        #expect(throws: BradleyTerryFit.FitError.invalidGame(index: 0)) {
            try BradleyTerryFit(games: selfPlay, playerCount: 2)
        }
        let outOfRange = [RatedGame(first: 0, second: 2, firstMovedFirst: true, score: 1)]
        #expect(throws: BradleyTerryFit.FitError.invalidGame(index: 0)) {
            try BradleyTerryFit(games: outOfRange, playerCount: 2)
        }
        #expect(throws: BradleyTerryFit.FitError.noPlayers) {
            try BradleyTerryFit(games: [], playerCount: 0)
        }
    }

    @Test func unconnectedPlayersWithoutPriorAreSingular() {
        // Players 0–1 and 2–3 never meet: with no prior the relative level of the pairs is unidentified.
        let data =
            games(0, 1, wins: 3, of: 5, firstMovedFirst: true) + games(0, 1, wins: 2, of: 5, firstMovedFirst: false)
            + games(2, 3, wins: 3, of: 5, firstMovedFirst: true) + games(2, 3, wins: 2, of: 5, firstMovedFirst: false)
        #expect(throws: BradleyTerryFit.FitError.singularInformation) {
            try BradleyTerryFit(games: data, playerCount: 4, options: .init(priorDraws: 0))
        }
    }
}
