import Bots
import Foundation
import Submissions

/// What `salvo bot-check` was given, as a submission folder: a folder with its own bot.yaml,
/// or a command and the folder it runs in (`--dir`, else the folder of the program it names,
/// else the current folder), its words that name files in that folder made relative to it.
struct BotCheckTarget {
    /// The submission's folder, absolute.
    var folder: String
    /// The command, relative to ``folder``; nil for a folder checked with its own bot.yaml.
    var command: [String]?

    init(_ bot: String, dir: String?) throws {
        let current = FileManager.default.currentDirectoryPath
        if dir == nil, BotCheckCommand.isFolder(bot) {
            folder = Self.absolute(bot, from: current)
            guard FileManager.default.fileExists(atPath: folder + "/" + SubmissionManifest.fileName) else {
                throw CommandFailure.botCheckNoManifest(folder: bot)
            }
            command = nil
            return
        }
        let words = ExternalBotSpec.words(ofCommandLine: bot)
        guard !words.isEmpty else { throw CommandFailure.emptyCommand }
        if let dir {
            guard BotCheckCommand.isFolder(dir) else { throw CommandFailure.dirNotAFolder(dir) }
            folder = Self.absolute(dir, from: current)
        } else {
            folder = ExternalBotSpec(command: words).programFolder ?? current
        }
        folder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        command = Self.relative(words, to: folder, from: current)
    }

    /// `path` made absolute from `current`, tidied.
    static func absolute(_ path: String, from current: String) -> String {
        let joined = path.hasPrefix("/") ? path : current + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `words` with each that names an existing file in `folder` (from `current`, or as an
    /// absolute path) named relative to it: the program as `./NAME`, an argument as `NAME`.
    static func relative(_ words: [String], to folder: String, from current: String) -> [String] {
        words.enumerated().map { index, word in
            guard !word.isEmpty, !word.hasPrefix("-") else { return word }
            let path = absolute(word, from: current)
            guard FileManager.default.fileExists(atPath: path), path.hasPrefix(folder + "/") else { return word }
            let inside = String(path.dropFirst(folder.count + 1))
            return index == 0 ? "./" + inside : inside
        }
    }
}
