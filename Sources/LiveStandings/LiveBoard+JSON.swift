import JSONCoding

extension LiveBoard {
    /// The board as the JSON the page renders (`/standings.json`, and each event of
    /// `/events`), stamped `version`. Its members: `tournament`, `phase`, `done`, `total`,
    /// `alreadyDone`, `reruns`, `gamesPerSecond` and `etaSeconds` (null when unknown),
    /// `standings`, `recent`, `forfeits`, `forfeitCount`, `sprt`, `report` (where the run's
    /// report is, relative to its folder's parent; null when unknown), `version`.
    public func json(version: Int) -> [UInt8] {
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.key("version")
        json.int(version)
        json.key("tournament")
        json.string(tournament)
        json.key("phase")
        json.string(phase.rawValue)
        json.key("done")
        json.int(done)
        json.key("total")
        json.int(total)
        json.key("alreadyDone")
        json.int(alreadyDone)
        json.key("reruns")
        json.int(reruns)
        json.key("gamesPerSecond")
        Self.number(gamesPerSecond, places: 2, to: &json)
        json.key("etaSeconds")
        Self.number(etaSeconds, places: 0, to: &json)
        json.key("sprt")
        if let sprtDecision { json.string(sprtDecision) } else { json.null() }
        json.key("report")
        if let reportPath { json.string(reportPath) } else { json.null() }
        json.key("standings")
        json.beginArray()
        for row in standings { Self.write(row, to: &json) }
        json.endArray()
        json.key("recent")
        json.beginArray()
        for game in recent { Self.write(game, to: &json) }
        json.endArray()
        json.key("forfeitCount")
        json.int(forfeitCount)
        json.key("forfeits")
        json.beginArray()
        for forfeit in forfeits { Self.write(forfeit, to: &json) }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    static func write(_ row: LiveStanding, to json: inout JSONWriter) {
        json.beginObject()
        json.key("rank")
        json.int(row.rank)
        json.key("bot")
        json.string(row.bot)
        json.key("games")
        json.int(row.games)
        json.key("wins")
        json.int(row.wins)
        json.key("losses")
        json.int(row.losses)
        // The scoreboard's figures as results.json has them (to 0.01); the page prints them
        // to 0.1 as index.html and the terminal do.
        json.key("scorePercent")
        Self.number(row.scorePercent, places: 2, to: &json)
        json.key("meanShotsToWin")
        Self.number(row.meanShotsToWin, places: 2, to: &json)
        json.key("forfeits")
        json.beginObject()
        for kind in row.forfeits.keys.sorted() {
            json.key(kind)
            json.int(row.forfeits[kind] ?? 0)
        }
        json.endObject()
        json.endObject()
    }

    static func write(_ game: LiveGame, to json: inout JSONWriter) {
        json.beginObject()
        json.key("index")
        json.int(game.index)
        json.key("players")
        json.beginArray()
        for player in game.players { json.string(player) }
        json.endArray()
        json.key("winner")
        if let winner = game.winner { json.string(winner) } else { json.null() }
        json.key("termination")
        json.string(game.termination)
        json.key("forfeitKind")
        if let kind = game.forfeitKind { json.string(kind) } else { json.null() }
        json.key("moves")
        json.int(game.moves)
        json.key("replay")
        json.string(game.replay)
        json.endObject()
    }

    static func write(_ forfeit: LiveForfeit, to json: inout JSONWriter) {
        json.beginObject()
        json.key("index")
        json.int(forfeit.index)
        json.key("bot")
        json.string(forfeit.bot)
        json.key("opponent")
        json.string(forfeit.opponent)
        json.key("kind")
        json.string(forfeit.kind)
        json.key("shot")
        json.int(forfeit.shot)
        json.key("reason")
        if let reason = forfeit.reason { json.string(reason) } else { json.null() }
        json.key("stderrTail")
        if let tail = forfeit.stderrTail { json.string(tail) } else { json.null() }
        json.key("replay")
        json.string(LiveGame.replayPath(index: forfeit.index))
        json.endObject()
    }

    /// `value` rounded to `places` decimals, or null.
    static func number(_ value: Double?, places: Int, to json: inout JSONWriter) {
        guard let value, value.isFinite else {
            json.null()
            return
        }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        json.double((value * scale).rounded() / scale)
    }
}
