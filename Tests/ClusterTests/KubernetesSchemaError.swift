import Foundation

/// Why `kubernetes-validate` gave no verdict on a manifest.
enum KubernetesSchemaError: Error, CustomStringConvertible {
    /// The PyPI package, or python3, is missing.
    case notInstalled(String)
    /// The tool failed for a reason other than the manifest (an unsupported version, say).
    case toolFailed(String, status: Int32, output: String)

    var description: String {
        switch self {
        case let .notInstalled(detail):
            "The manifest tests need the PyPI package kubernetes-validate for the python3 on PATH (run `make deps`): \(detail)"
        case let .toolFailed(command, status, output):
            "`\(command)` failed with status \(status): \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
    }
}
