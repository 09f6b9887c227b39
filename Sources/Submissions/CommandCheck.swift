import Bots
import Foundation
import Processes

/// A submission's command, made ready to run from its copy and checked before play: the
/// program must exist (on the sandbox's PATH, or in the folder as `./NAME`), and so must a
/// script it names.
enum CommandCheck {
    /// Extensions of files an interpreter is given to run: `python3 bot.py`, `java -jar bot.jar`.
    static let scriptExtensions: Set<String> = ["py", "pl", "rb", "js", "jar", "sh", "lua", "php", "class"]

    /// `command` with the program made absolute when it is a path in `folder` (`./bot`), and
    /// every later word that names a file or folder in `folder` made absolute, so the bot runs
    /// the same with or without the sandbox (which starts it in its folder).
    static func resolve(_ command: [String], in folder: String) -> [String] {
        command.enumerated().map { index, word in
            guard !word.isEmpty, !word.hasPrefix("/") else { return word }
            let path = URL(fileURLWithPath: folder + "/" + word).standardizedFileURL.path
            if index == 0 { return word.contains("/") ? path : word }
            guard !word.hasPrefix("-"), FileManager.default.fileExists(atPath: path) else { return word }
            return path
        }
    }

    /// Why the resolved `command` cannot run, or nil. `searchPath` is the PATH it runs with.
    static func problem(with command: [String], folder: String, searchPath: [String]) -> String? {
        guard let program = command.first else { return "`command` is empty" }
        if program.contains("/") {
            if !FileManager.default.isExecutableFile(atPath: program) {
                let shown = program.hasPrefix(folder + "/") ? "./" + program.dropFirst(folder.count + 1) : program
                var status = stat()
                if stat(program, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                    let name = (program as NSString).lastPathComponent
                    return
                        "the command `\(shown)` is a file without its executable bit; make it executable (`chmod +x \(name)`, which git keeps), or run it through its interpreter (`command: python3 \(name)`)"
                }
                return "the command `\(shown)` is not an executable file in the folder; check the name, and that `build:` writes it"
            }
        } else if ProgramLookup.problem(with: program, searchPath: searchPath) != nil {
            if FileManager.default.fileExists(atPath: folder + "/" + program) {
                return
                    "the command `\(program)` was not found on the PATH (\(searchPath.joined(separator: ":"))); to run the program in your folder, write `./\(program)`"
            }
            return
                "the command `\(program)` was not found on the PATH (\(searchPath.joined(separator: ":"))); use a program the machine has (python3, java, ...) or build one in your folder and run it as `./NAME`"
        }
        for word in command.dropFirst() where !word.hasPrefix("-") {
            let name = (word as NSString).lastPathComponent
            guard let dot = name.lastIndex(of: "."), scriptExtensions.contains(String(name[name.index(after: dot)...])) else { continue }
            let path = word.hasPrefix("/") ? word : folder + "/" + word
            if !FileManager.default.fileExists(atPath: path) {
                return "the command names `\(word)`, which is not in the folder; check the file's name"
            }
        }
        return nil
    }
}
