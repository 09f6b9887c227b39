import Foundation
import Testing

/// Manifests against the official Kubernetes schemas (PyPI `kubernetes-validate`, offline), as
/// the tests of `salvo cluster k8s` will check the Jobs it writes.
@Suite("Kubernetes manifests against the official schemas")
struct KubernetesSchemaTests {
    /// An Indexed Job of 3 shards, as `salvo cluster k8s` is to write one.
    static let indexedJob = """
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: salvo-shards
        spec:
          completions: 3
          parallelism: 3
          completionMode: Indexed
          backoffLimitPerIndex: 2
          maxFailedIndexes: 3
          template:
            spec:
              restartPolicy: Never
              containers:
                - name: shard
                  image: salvo:latest
                  command: ["salvo", "run", "/data/tournament.yaml", "--shard", "auto"]
                  volumeMounts:
                    - name: data
                      mountPath: /data
              volumes:
                - name: data
                  persistentVolumeClaim:
                    claimName: salvo-data
        ---
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: salvo-merge
        spec:
          template:
            spec:
              restartPolicy: Never
              containers:
                - name: merge
                  image: salvo:latest
                  command: ["salvo", "merge", "/data/out"]

        """

    /// `text` in a fresh temporary file.
    static func manifest(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-k8s-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func errors(of text: String, schema: KubernetesSchema = KubernetesSchema()) async throws -> [String] {
        let file = try manifest(text)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await schema.errors(in: file)
    }

    @Test("an Indexed Job with backoffLimitPerIndex and its merge Job pass the 1.33 schemas, strictly")
    func validIndexedJob() async throws {
        #expect(try await Self.errors(of: Self.indexedJob) == [])
    }

    @Test("a misspelled field fails in strict mode, naming the field and the resource")
    func misspelledField() async throws {
        let errors = try await Self.errors(of: Self.indexedJob.replacingOccurrences(of: "backoffLimitPerIndex:", with: "backofLimitPerIndex:"))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("job/salvo-shards") == true, "\(errors)")
        #expect(errors.first?.contains("'backofLimitPerIndex' was unexpected") == true, "\(errors)")
        // Without --strict, an unknown field is allowed (as kubectl's non-strict decoding drops it).
        #expect(
            try await Self.errors(
                of: Self.indexedJob.replacingOccurrences(of: "backoffLimitPerIndex:", with: "backofLimitPerIndex:"),
                schema: KubernetesSchema(strict: false)) == [])
    }

    @Test("a value of the wrong type fails, naming its path")
    func wrongType() async throws {
        let errors = try await Self.errors(of: Self.indexedJob.replacingOccurrences(of: "backoffLimitPerIndex: 2", with: "backoffLimitPerIndex: two"))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("spec.backoffLimitPerIndex: 'two' is not of type 'integer'") == true, "\(errors)")
    }

    @Test("the schema version matters: 1.27 has no backoffLimitPerIndex")
    func olderVersion() async throws {
        let errors = try await Self.errors(of: Self.indexedJob, schema: KubernetesSchema(kubernetesVersion: "1.27.0"))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("'backoffLimitPerIndex', 'maxFailedIndexes' were unexpected") == true, "\(errors)")
    }

    @Test("YAML that does not parse is an error, not a pass")
    func unparsableYAML() async throws {
        let errors = try await Self.errors(of: "apiVersion: batch/v1\nkind: Job\nspec: [\n")
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("Couldn't parse YAML") == true, "\(errors)")
    }

    @Test("a version the tool has no schemas for is refused, not passed")
    func unsupportedVersion() async throws {
        let file = try Self.manifest(Self.indexedJob)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = await #expect(throws: KubernetesSchemaError.self) { try await KubernetesSchema(kubernetesVersion: "1.9.0").errors(in: file) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("does not support kubernetes version 1.9.0"))
    }

    @Test("the known limit: the schemas hold no enums, so completionMode: Sideways passes (only an API server refuses it)")
    func enumsAreNotChecked() async throws {
        #expect(
            try await Self.errors(of: Self.indexedJob.replacingOccurrences(of: "completionMode: Indexed", with: "completionMode: Sideways")) == [])
    }
}
