import Digests
import Foundation
import Submissions
import Tournament

/// The names a published run shows for its submissions, so that no login reaches a public
/// page (issue 43): a submission's folder is usually its student's login. Each folder is shown
/// as its label (bot.yaml's `name:`) when that label is unique, names no other folder and no
/// listed bot, and is a plain name; otherwise as `entry-` and six hex digits of an HMAC of the
/// folder under the publication's secret, the same every night. Folders stay on the private
/// pages and in the instructor's files (private-links.tsv, the run's own report). Versions are
/// shown salted per folder (``publicVersion(_:of:)``) and the ledger's lists in the order of
/// the names shown, so that neither identical code nor a pseudonym's place names anyone.
///
/// ```swift
/// let names = PublicNames(folders: ["alice", "bob"], labels: ["alice": "Torpedo"], listed: ["random"], secret: key)
/// names["alice"]   // "Torpedo"
/// names["bob"]     // "entry-3fa2c1"
/// ```
public struct PublicNames: Sendable, Hashable {
    /// Folder → the name shown.
    public let names: [String: String]
    /// The publication's secret: a submission's version is shown salted by it and its folder
    /// (``publicVersion(_:of:)``), so that two students' identical code shows no identical hash.
    let secret: [UInt8]

    public init(folders: [String], labels: [String: String], listed: [String], secret: [UInt8]) {
        self.secret = secret
        let folderKeys = Set(folders.map { $0.lowercased() })
        let listedKeys = Set(listed.map { $0.lowercased() })
        var counts: [String: Int] = [:]
        for folder in Set(folders) {
            if let label = labels[folder]?.lowercased() { counts[label, default: 0] += 1 }
        }
        var names: [String: String] = [:]
        var taken = folderKeys.union(listedKeys)
        for folder in Set(folders).sorted() {
            if let label = labels[folder], Self.isPlain(label), counts[label.lowercased()] == 1,
                label.lowercased() == folder.lowercased() || (!folderKeys.contains(label.lowercased()) && !listedKeys.contains(label.lowercased()))
            {
                names[folder] = label
                taken.insert(label.lowercased())
            }
        }
        for folder in Set(folders).sorted() where names[folder] == nil {
            let code = HMACSHA256.authenticationCode(for: Array("salvo-public-name-1\u{0}\(folder)".utf8), key: secret)
            var length = 3
            var name = ""
            repeat {
                name = "entry-" + code.prefix(length).map { String(format: "%02x", $0) }.joined()
                length += 1
            } while taken.contains(name.lowercased()) && length <= code.count
            names[folder] = name
            taken.insert(name.lowercased())
        }
        self.names = names
    }

    /// The names of the run's submissions: every folder that played a night (or is a bot of
    /// the run with a version) and every folder of `ledger`, labels from `ledger`.
    /// `labels`, when given, replaces the manifests' labels (the arena's roster names).
    public init(source: some ReportSource, ledger: SubmissionLedger?, secret: [UInt8], labels given: [String: String]? = nil) throws(ReportError) {
        var folders = Set(source.configuration.bots.filter { $0.version != nil }.map(\.name))
        var listed = Set(source.configuration.bots.filter { $0.version == nil }.map(\.name))
        try source.scan { entry, _ in
            guard case .night(let night) = entry else { return }
            for bot in night.bots {
                if bot.version != nil { folders.insert(bot.name) } else { listed.insert(bot.name) }
            }
        }
        var labels: [String: String] = [:]
        for entry in ledger?.entered ?? [] {
            folders.insert(entry.name)
            if let label = entry.label { labels[entry.name] = label }
        }
        for skipped in ledger?.notEntered ?? [] {
            folders.insert(skipped.folder)
            if let label = skipped.name { labels[skipped.folder] = labels[skipped.folder] ?? label }
        }
        self.init(folders: Array(folders), labels: given ?? labels, listed: Array(listed.subtracting(folders)), secret: secret)
    }

    /// `version` of `folder` as public pages show it: 12 hex digits of an HMAC of both under
    /// the publication's secret, the same every night (a new version still shows as new), but
    /// never the same for two folders with the same contents, nor one a reader could match
    /// against a hash of code they hold.
    public func publicVersion(_ version: String, of folder: String) -> String {
        HMACSHA256.authenticationCode(for: Array("salvo-public-version-1\u{0}\(folder)\u{0}\(version)".utf8), key: secret).prefix(6).map {
            String(format: "%02x", $0)
        }.joined()
    }

    public subscript(folder: String) -> String? {
        names[folder]
    }

    /// A label fit to be a name on every page and in a file name: letters, digits, spaces and
    /// `.`, `_`, `-`, 1 to 48 of them, not starting with a space.
    static func isPlain(_ label: String) -> Bool {
        (1...48).contains(label.count) && !label.hasPrefix(" ") && !label.hasSuffix(" ")
            && label.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || " ._-".unicodeScalars.contains($0) }
    }

    /// `name` as shown: its public name when it is a submission's folder.
    public func shown(_ name: String) -> String {
        names[name] ?? name
    }

    /// `text` with every folder named in it as a whole word replaced by its public name.
    public func scrub(_ text: String) -> String {
        var text = text
        for (folder, name) in names.sorted(by: { $0.key.count > $1.key.count }) where text.contains(folder) {
            text = Self.replacingWord(folder, with: name, in: text)
        }
        return text
    }

    /// `word` replaced in `text` where no letter, digit, `.`, `_` or `-` touches it (a folder name's characters).
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        let characters = Array(text.unicodeScalars)
        let target = Array(word.unicodeScalars)
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
        }
        var result = String.UnicodeScalarView()
        var position = 0
        while position < characters.count {
            let end = position + target.count
            if end <= characters.count, Array(characters[position..<end]) == target,
                position == 0 || !isNameScalar(characters[position - 1]), end == characters.count || !isNameScalar(characters[end])
            {
                result.append(contentsOf: replacement.unicodeScalars)
                position = end
            } else {
                result.append(characters[position])
                position += 1
            }
        }
        return String(result)
    }

    /// `bot` under its public name, its copy's paths (`submissions/bots/FOLDER@VERSION`) too.
    public func apply(to bot: BotEntry) -> BotEntry {
        var bot = bot
        let version = bot.version.map { (real: $0, shown: publicVersion($0, of: bot.name)) }
        let scrubbed = { (text: String) in version.map { text.replacingOccurrences(of: $0.real, with: $0.shown) } ?? text }
        bot.name = shown(bot.name)
        bot.version = version?.shown
        if case .external(var spec) = bot.kind {
            spec.command = spec.command.map { scrubbed(scrub($0)) }
            spec.folder = spec.folder.map { scrubbed(scrub($0)) }
            spec.sandbox.readOnlyPaths = spec.sandbox.readOnlyPaths.map { scrubbed(scrub($0)) }
            bot.kind = .external(spec)
        }
        return bot
    }

    /// `night` with its entries under their public names.
    public func apply(to night: SeasonNight) -> SeasonNight {
        var night = night
        night.bots = night.bots.map(apply(to:))
        return night
    }

    /// `record` with its players under their public names, and no folder in its texts. A
    /// renamed player's server name, which was made from its folder (``Tournament/ServerNames``),
    /// becomes its public name too.
    public func apply(to record: GameRecord) -> GameRecord {
        var record = record
        record.players = record.players.map { player in
            var player = player
            player.version = player.version.map { publicVersion($0, of: player.bot) }
            if let name = names[player.bot] {
                player.bot = name
                player.serverName = name
            }
            return player
        }
        record.reason = record.reason.map(scrub)
        record.stderrTail = record.stderrTail.map(scrub)
        return record
    }

    /// `ledger` as a public page shows it: entries and refusals under their public names, no folder in a reason.
    public func apply(to ledger: SubmissionLedger) -> SubmissionLedger {
        var ledger = ledger
        ledger.entered = ledger.entered.map { entry in
            var entry = entry
            entry.name = shown(entry.name)
            entry.folder = shown(entry.folder)
            entry.label = nil
            return entry
        }
        ledger.notEntered = ledger.notEntered.map { skipped in
            var skipped = skipped
            skipped.folder = shown(skipped.folder)
            skipped.name = nil
            skipped.reason = scrub(skipped.reason)
            return skipped
        }
        // In the order of the names shown, never of the folders: a pseudonym's place among
        // real names must not tell whose it is.
        ledger.entered.sort { Array($0.name.lowercased().utf8).lexicographicallyPrecedes(Array($1.name.lowercased().utf8)) }
        ledger.notEntered.sort { Array($0.folder.lowercased().utf8).lexicographicallyPrecedes(Array($1.folder.lowercased().utf8)) }
        return ledger
    }
}
