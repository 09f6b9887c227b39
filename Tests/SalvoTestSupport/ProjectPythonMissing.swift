import Foundation

/// The project's Python environment, or a package the tests need in it, is missing.
public struct ProjectPythonMissing: Error, CustomStringConvertible {
    public let detail: String

    public var description: String {
        "These tests need the project's Python environment .venv with the PyPI package jsonschema; run `make test-deps`, which makes it and installs the package: \(detail)"
    }
}
