import Foundation
import SalvoTestSupport
import Testing

/// load.json against reports/schemas/load.schema.json (the PyPI package `jsonschema` in the
/// project's `.venv`): a real `salvo load` of the embedded server, and a changed copy that
/// must fail, so the check can fail.
@Suite("load.json and its JSON Schema", .timeLimit(.minutes(2)))
struct LoadSchemaTests {
    @Test("a real salvo load's load.json passes load.schema.json; a renamed member and a wrong type fail")
    func loadJSON() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-load-schema-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try await SalvoExecutable.run([
            "load", "--server", "embedded", "--games", "2", "--concurrency", "2", "--bot", "density", "--timeout", "30", "--output", folder,
        ])
        #expect(run.status == 0, "\(run.err)")
        let schema = ProjectPython.schema("load.schema.json")
        let errors = try await ProjectPython.schemaErrors(schema: schema, documents: [folder + "/load.json"])
        #expect(errors.isEmpty, "\(errors)")

        var report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/load.json"))) as? [String: Any])
        var total = try #require(report["total"] as? [String: Any])
        total["requestCount"] = total.removeValue(forKey: "requests")
        report["total"] = total
        report["elapsedSeconds"] = "3.2"
        let mutated = folder + "/mutated.json"
        try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: mutated))
        let failures = try await ProjectPython.schemaErrors(schema: schema, documents: [mutated])
        #expect(failures.contains { $0.contains("/total") && $0.contains("'requests' is a required property") }, "\(failures)")
        #expect(failures.contains { $0.contains("/elapsedSeconds") && $0.contains("is not of type 'number'") }, "\(failures)")
    }
}
