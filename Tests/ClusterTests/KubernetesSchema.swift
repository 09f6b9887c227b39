import Foundation

/// Kubernetes manifests checked against the official OpenAPI schemas of one Kubernetes version,
/// by the PyPI tool `kubernetes-validate`, run as `.venv/bin/python3 -m kubernetes_validate`:
/// the project's own Python environment, which `make test-deps` makes and installs it into,
/// never the system's Python. The schemas ship inside the package: no network, no cluster.
///
/// The schemas check structure and types: a misspelled field (in strict mode), a string where a
/// number belongs, a field the version does not have. They hold no enums, so a value such as
/// `completionMode: Sideways` passes; only a real API server would refuse it.
///
/// ```swift
/// let errors = try await KubernetesSchema().errors(in: manifest)   // [] when valid
/// ```
struct KubernetesSchema: Sendable {
    /// 1.33: the first version where `backoffLimitPerIndex` (Indexed Jobs) is generally available.
    static let defaultVersion = "1.33.0"

    /// The Kubernetes version whose schemas are used; fixed, so that a newer tool's newer default
    /// cannot change a result.
    let kubernetesVersion: String
    /// Whether a field the schema does not know is an error (`--strict`).
    let strict: Bool

    /// The Python of the project's environment: `.venv/bin/python3` at the package's root.
    static let python = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".venv/bin/python3")

    init(kubernetesVersion: String = defaultVersion, strict: Bool = true) {
        self.kubernetesVersion = kubernetesVersion
        self.strict = strict
    }

    /// The errors of every resource in the YAML `file` (one per resource that fails, naming the
    /// field, or the YAML parser's message); empty when all pass. Throws
    /// ``KubernetesSchemaError`` when the tool itself cannot answer.
    func errors(in file: URL) async throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
            throw KubernetesSchemaError.notInstalled("there is no \(Self.python.path)")
        }
        let command = ClusterCommand(
            executable: Self.python,
            arguments: ["-m", "kubernetes_validate", "--kubernetes-version", kubernetesVersion, "--quiet", "--no-warn"]
                + (strict ? ["--strict"] : []) + [file.path]
        )
        let output = try await command.run(timeout: .seconds(60))
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        let problem = output.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        switch output.status {
        case 0:
            return []
        case 1 where problem.contains("No module named kubernetes_validate"):
            throw KubernetesSchemaError.notInstalled(problem)
        case 1:
            // Failures are `ERROR FILE did not validate ...` on stdout; a file that is not YAML,
            // or cannot be read, is a message on stderr.
            let errors = lines.filter { $0.hasPrefix("ERROR ") }.map { String($0.dropFirst("ERROR ".count)) }
            return errors + (problem.isEmpty ? [] : [problem])
        default:
            // 2: `FATAL kubernetes-validate X does not support kubernetes version Y`, and the like.
            throw KubernetesSchemaError.toolFailed(command.commandLine, status: output.status, output: ([problem] + lines).joined(separator: "\n"))
        }
    }
}
