import Tournament

/// How a tournament is played, in words for the run's header: "6 bots, round-robin, 2 games
/// per pairing". The CLI's text, from the configuration alone; the schedulers know no English.
enum RunHeadline {
    /// The words of `config`'s tournament, as its scheduler plays it: a season's night, a
    /// sequential test, or its format.
    static func text(_ config: TournamentConfig) -> String {
        let games = "\(config.gamesPerPairing) games per pairing"
        if let night = config.context.seasonNight {
            let entries = "\(night.bots.count) entries, season night \(night.number)"
            if let rounds = night.swiss { return "\(entries), swiss, \(rounds.rounds) rounds, \(games)" }
            switch (night.matchmade?.method, config.matchmaking) {
            case (.settle?, _): return "\(entries), a settle round of \(night.games.count) games between neighbours not yet separated"
            case (.adaptive?, .adaptive(let interval)): return "\(entries), adaptive to ±\(Int(interval)) Elo, \(night.games.count) games"
            case (.adaptive?, .roundRobin): return "\(entries), adaptive, \(night.games.count) games"
            case (nil, _): return "\(entries), round-robin, \(games)"
            }
        }
        if config.sprt != nil, config.bots.count >= 2 {
            return "an SPRT match of \(config.bots[0].name) against \(config.bots[1].name), up to \(config.gamesPerPairing) games"
        }
        switch config.format {
        case .roundRobin: return "\(config.bots.count) bots, round-robin, \(games)"
        case .gauntlet: return "\(config.bots.count) bots, gauntlet, \(games)"
        case .swiss: return "\(config.bots.count) bots, swiss, \(config.rounds ?? 0) rounds, \(games)"
        }
    }
}
