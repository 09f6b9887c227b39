import Foundation

/// Why `kubernetes-validate` gave no verdict on a manifest.
enum KubernetesSchemaError: Error, CustomStringConvertible {
    /// The PyPI package, or the project's Python environment (`.venv`), is missing.
    case notInstalled(String)
    /// The tool failed for a reason other than the manifest (an unsupported version, say).
    case toolFailed(String, status: Int32, output: String)

    var description: String {
        switch self {
        case let .notInstalled(detail):
            "The manifest tests need the PyPI package kubernetes-validate in the project's Python environment .venv; run `make test-deps`, which makes it and installs the package: \(detail)"
        case let .toolFailed(command, status, output):
            "`\(command)` failed with status \(status): \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
    }
}
