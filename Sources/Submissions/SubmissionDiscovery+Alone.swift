import Foundation
import JSONCoding
import RunControl
import Sandbox

extension SubmissionDiscovery {
    /// Enters the one submission folder `path` exactly as ``enter(_:launcher:)`` enters each
    /// subfolder of a `bots_from:` folder: the same manifest checks, copy, sandboxed build,
    /// command check and limits, into `settings.workFolder` (`settings.folder` is not read).
    /// `salvo bot-check DIR` checks a student's folder through here, so it builds and runs the
    /// bot as the tournament will.
    ///
    /// With `command` (words relative to the folder, `["python3", "bot.py"]`), the folder's own
    /// `bot.yaml` is replaced by one that says only that command (`salvo bot-check 'COMMAND'`):
    /// nothing is built.
    ///
    /// The folder is first copied to `WORK/alone/NAME` (NAME its last component), which is
    /// entered as the only subfolder of a `bots_from:` folder; the submission itself is never
    /// written. With `stop` requested (Ctrl-C), or the task cancelled, the build is killed
    /// and the entering throws.
    public static func enterAlone(
        _ path: String, command: [String]? = nil, settings: SubmissionSettings, launcher: SandboxLauncher = SandboxLauncher(), stop: StopSignal? = nil
    ) async throws(SubmissionFolderError) -> SubmissionEntries {
        let source = URL(fileURLWithPath: path).standardizedFileURL
        // The folder's name, as the bot's name; one that could not be an entry's (a long one,
        // spaces) is `bot`: the student's folder is checked, not its name.
        let lastName = String(source.lastPathComponent.prefix(maximumFolderName))
        let name = source.path == "/" || folderNameProblem(lastName, listed: []) != nil ? "bot" : lastName
        var settings = settings
        settings.workFolder = URL(fileURLWithPath: settings.workFolder).standardizedFileURL.path
        settings.folder = settings.workFolder + "/alone"
        removeWorkFolder(settings.folder)
        do {
            try FileManager.default.createDirectory(atPath: settings.folder, withIntermediateDirectories: true)
        } catch {
            throw SubmissionFolderError("cannot make \(settings.folder) (\(error.localizedDescription)); check that the work folder is writable")
        }
        let copy = settings.folder + "/" + name
        do throws(SubmissionProblem) {
            _ = try FolderSnapshot.copy(from: source.path, to: copy)
        } catch {
            throw SubmissionFolderError("the folder \(source.path) cannot be checked: \(error.reason)")
        }
        if let command {
            let manifest = copy + "/" + SubmissionManifest.fileName
            unlink(manifest)
            guard FileManager.default.createFile(atPath: manifest, contents: Data(manifestText(command: command).utf8)) else {
                throw SubmissionFolderError("cannot write \(manifest); check that the work folder is writable")
            }
        }
        return try await enter(settings, launcher: launcher, stop: stop)
    }

    /// A `bot.yaml` that says only `command:`, each word a JSON string (which YAML reads as a
    /// double-quoted scalar).
    static func manifestText(command: [String]) -> String {
        let encoder = JSONFormat.encoder(pretty: false)
        let words = command.map { String(decoding: (try? encoder.encode($0)) ?? Data("\"\"".utf8), as: UTF8.self) }
        return "command: [" + words.joined(separator: ", ") + "]\n"
    }

    /// Removes `path` and everything under it, read-only folders a build left included: the
    /// work folder of a check, once done.
    /// Copies the submission folder `path` to `destination` exactly as a tournament reads it
    /// (``FolderSnapshot``: no `.git`, no special files, links only inside, by descriptor):
    /// what `salvo submit` packs for the arena.
    public static func copyAsRead(_ path: String, to destination: String) throws(SubmissionFolderError) {
        do throws(SubmissionProblem) {
            _ = try FolderSnapshot.copy(from: path, to: destination)
        } catch {
            throw SubmissionFolderError("the folder \(path) cannot be read as a submission: \(error.reason)")
        }
    }

    public static func removeWorkFolder(_ path: String) {
        SubmissionBuilder.removeTree(path)
    }
}
