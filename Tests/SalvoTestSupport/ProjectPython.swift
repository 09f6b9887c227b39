import Foundation

/// The project's own Python environment for test tools, `.venv/bin/python3` at the package's
/// root (made by `make test-deps`, never the system's Python), and the checks the tests run
/// with it: a JSON file against a JSON Schema of reports/schemas (the PyPI package
/// `jsonschema`, draft 2020-12), and CSV files read back with Python's own `csv` module.
public enum ProjectPython {
    /// The package's root.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `.venv/bin/python3`.
    public static let python = root.appendingPathComponent(".venv/bin/python3").path

    /// `reports/schemas/NAME`.
    public static func schema(_ name: String) -> String {
        root.appendingPathComponent("reports/schemas/" + name).path
    }

    /// Runs `script` with `arguments` in the project's Python; throws ``ProjectPythonMissing``
    /// without it.
    public static func run(_ script: String, arguments: [String]) async throws -> SalvoOutput {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw ProjectPythonMissing(detail: "there is no \(python)")
        }
        return try await SalvoExecutable.run(["-c", script] + arguments, timeout: .seconds(120), executable: python)
    }

    /// The errors of each of `documents` (JSON files) against the schema file `schema`, one
    /// line each (`FILE: PATH: MESSAGE`); empty when every document is valid. The schema
    /// itself is checked against draft 2020-12 first.
    public static func schemaErrors(schema: String, documents: [String]) async throws -> [String] {
        let output = try await run(validateScript, arguments: [schema] + documents)
        switch output.status {
        case 0: return []
        case 1: return output.out.split(separator: "\n").map(String.init)
        case 3: throw ProjectPythonMissing(detail: output.err.trimmingCharacters(in: .whitespacesAndNewlines))
        default: throw ProjectPythonFailed(status: output.status, output: output.err + output.out)
        }
    }

    /// The rows of the CSV file `path` as Python's `csv.DictReader` reads them (header row
    /// first, RFC 4180 quoting), each a column → text dictionary.
    public static func csvRows(_ path: String) async throws -> [[String: String]] {
        let output = try await run(csvScript, arguments: [path])
        guard output.status == 0 else { throw ProjectPythonFailed(status: output.status, output: output.err + output.out) }
        return try JSONDecoder().decode([[String: String]].self, from: output.outData)
    }

    static let validateScript = """
        import json, sys
        try:
            import jsonschema
        except ImportError as error:
            print("the PyPI package jsonschema is not installed: %s" % error, file=sys.stderr)
            sys.exit(3)
        with open(sys.argv[1], encoding="utf-8") as file:
            schema = json.load(file)
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        failed = 0
        for path in sys.argv[2:]:
            with open(path, encoding="utf-8") as file:
                document = json.load(file)
            for error in sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path]):
                failed += 1
                print("%s: /%s: %s" % (path, "/".join(str(p) for p in error.absolute_path), error.message.replace("\\n", " ")))
        sys.exit(1 if failed else 0)
        """

    static let csvScript = """
        import csv, json, sys
        with open(sys.argv[1], newline="", encoding="utf-8") as file:
            rows = list(csv.DictReader(file, strict=True))
        json.dump(rows, sys.stdout)
        """
}
