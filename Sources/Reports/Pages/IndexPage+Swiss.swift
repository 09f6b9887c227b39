import HTMLText

extension IndexPage {
    /// The Swiss section: the standings by points, then every round folded, with its
    /// pairings, scores, bye, links to its games, and the standings after it.
    ///
    /// DOM contract: `<section id="swiss">` holds `<table id="swiss-standings">` with one
    /// `<tr data-bot="NAME">` per bot, best first, and one `<details class="round"
    /// data-round="K" data-complete="true|false">` per round paired, whose `<table
    /// class="pairings">` has one `<tr data-first="A" data-second="B">` per pairing and whose
    /// bye, if any, is `<p class="bye" data-bot="NAME">`. Its game links are
    /// `<a class="round-game">`, apart from the `replay-link`s of the Games section.
    static func swiss(_ swiss: ResultsDocument.SwissSection) -> Markup {
        var html: Markup = """
            <section id="swiss"><h2>Swiss standings</h2>
            <p class="meta">After \(swiss.completeRounds) of \(swiss.plannedRounds) rounds. A won pairing is 1 point, a tied one ½, a bye 1; \
            equal points are ranked by Buchholz (the points of the opponents met), then by lot.</p>
            <div class="scroll"><table id="swiss-standings">
            <thead><tr><th>#</th><th class="bot">Bot</th><th>Points</th><th>Buchholz</th><th>Byes</th></tr></thead><tbody>

            """
        for row in swiss.standings {
            html += "<tr data-bot=\"\(row.bot)\"><td>\(row.rank)</td><td class=\"bot\">\(row.bot)</td>"
            html += "<td>\(points(row.points))</td><td>\(points(row.buchholz))</td><td>\(row.byes)</td></tr>\n"
        }
        html += "</tbody></table></div>\n<h2>Rounds</h2>\n"
        for round in swiss.rounds { html += self.round(round) }
        html +=
            "<p class=\"note\">Each round is paired from the results of the rounds before it: equal or nearest points meet, no pairing twice unless no other pairing exists.</p></section>\n"
        return html
    }

    /// One round, folded.
    static func round(_ round: ResultsDocument.SwissRoundEntry) -> Markup {
        let games = round.pairings.reduce(0) { $0 + $1.games.count }
        var state = round.complete ? "complete" : "under way"
        if !round.complete { state += ", \(games) games" }
        var meta = "\(round.pairings.count) pairing\(round.pairings.count == 1 ? "" : "s") · \(state)"
        if let bye = round.bye { meta += " · bye: \(bye)" }
        if round.repeats > 0 { meta += " · \(round.repeats) repeated" }
        var html: Markup =
            "<details class=\"round\" data-round=\"\(round.number)\" data-complete=\"\(round.complete)\"><summary>Round \(round.number) <span class=\"meta\">\(meta)</span></summary>\n"
        html +=
            "<div class=\"scroll\"><table class=\"pairings\"><thead><tr><th>Board</th><th class=\"bot\">Bot</th><th>Won</th><th class=\"bot\">Opponent</th><th>Points</th><th class=\"bot\">Games</th></tr></thead><tbody>\n"
        for (board, pairing) in round.pairings.enumerated() {
            let score = zip(pairing.firstPoints.map(points), pairing.secondPoints.map(points)).map { "\($0)–\($1)" } ?? "–"
            let links = pairing.games.map { "<a class=\"round-game\" href=\"\(ReportLayout.replayLink(index: $0))\">\($0)</a>" as Markup }.joined(
                separator: " ")
            html += "<tr data-first=\"\(pairing.first)\" data-second=\"\(pairing.second)\"><td>\(board + 1)</td>"
            html +=
                "<td class=\"bot\">\(pairing.first)</td><td>\(pairing.firstWins)–\(pairing.secondWins)</td><td class=\"bot\">\(pairing.second)</td>"
            html += "<td>\(score)</td><td class=\"bot\">\(links)</td></tr>\n"
        }
        html += "</tbody></table></div>\n"
        if let bye = round.bye { html += "<p class=\"bye\" data-bot=\"\(bye)\">Bye: \(bye) (1 point).</p>\n" }
        if let after = round.standingsAfter {
            let line = after.map { "\($0.rank). \($0.bot) \(points($0.points))" }.joined(separator: " · ")
            html += "<p class=\"note standings-after\">After round \(round.number): \(line)</p>\n"
        }
        return html + "</details>\n"
    }

    /// Points with halves: `3`, `2½`, `½`.
    static func points(_ value: Double) -> String {
        let whole = Int(value.rounded(.down))
        guard value - Double(whole) >= 0.25 else { return String(whole) }
        return whole == 0 ? "½" : "\(whole)½"
    }
}

/// Both values, or nil.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
