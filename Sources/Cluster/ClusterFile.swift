import Foundation

/// One file of a cluster job (``SlurmScripts``, ``KubernetesManifests``): its name in the
/// job's folder, its text, and whether it is a script to run.
public struct ClusterFile: Hashable, Sendable {
    public let name: String
    public let text: String
    public let executable: Bool

    public init(name: String, text: String, executable: Bool) {
        self.name = name
        self.text = text
        self.executable = executable
    }

    /// Writes `files` into `folder`, made if need be; returns their paths.
    public static func write(_ files: [ClusterFile], into folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try files.map { file in
            let path = folder + "/" + file.name
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            if file.executable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
            return path
        }
    }
}
