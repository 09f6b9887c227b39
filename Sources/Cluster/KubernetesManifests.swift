/// The files that run a ``ClusterJob`` on Kubernetes: an Indexed Job with one completion per
/// shard (`shards-job.yaml`: `completionMode: Indexed`, retries counted per index with
/// `backoffLimitPerIndex`), a Job that merges (`merge-job.yaml`), and `submit.sh`, which
/// applies the first, waits for it to complete, then applies the second (Kubernetes has no
/// dependencies between Jobs). Each pod finds its shard in `JOB_COMPLETION_INDEX`, and the
/// count in `SALVO_SHARD_COUNT`, set here.
///
/// The pods mount one shared volume (a PersistentVolumeClaim that every node can mount, such
/// as NFS or CephFS) at `mountPath` and work in it: the tournament file, the bots and the
/// output folder live there, named relative to it. Kubernetes may run two pods for one index
/// at once; the shard's folder lock lets one play and the other fail, to be retried against
/// a journal that is then complete.
public enum KubernetesManifests {
    /// Where the pods see the shared volume, and so the working folder of every command.
    public struct Volume: Hashable, Sendable {
        public let claim: String
        public let mountPath: String

        public init(claim: String, mountPath: String = "/salvo") {
            self.claim = claim
            self.mountPath = mountPath
        }
    }

    public static let shardsManifest = "shards-job.yaml"
    public static let mergeManifest = "merge-job.yaml"
    public static let submitScript = "submit.sh"

    /// How many times one index is retried before it counts as failed.
    public static let retriesPerIndex = 3

    public static func files(for job: ClusterJob, image: String, volume: Volume, cpusPerShard: Int, parallelism: Int?) -> [ClusterFile] {
        let shards = Self.job(
            comment: "One pod per shard of \(job.name): written by `salvo cluster k8s`; apply with submit.sh.",
            name: job.name + "-shards", label: job.name, volume: volume,
            spec: [
                "completionMode: Indexed", "completions: \(job.shards)", "parallelism: \(parallelism ?? job.shards)",
                "backoffLimitPerIndex: \(retriesPerIndex)", "maxFailedIndexes: \(job.shards)",
            ],
            container: container(name: "shard", command: job.shardCommandLine, image: image, volume: volume, cpus: cpusPerShard, environment: [("SALVO_SHARD_COUNT", String(job.shards))])
        )
        let merge = Self.job(
            comment: "The merge of \(job.name)'s shards: applied by submit.sh once the shards' Job is complete.",
            name: job.name + "-merge", label: job.name, volume: volume,
            spec: ["completions: 1", "backoffLimit: 2"],
            container: container(name: "merge", command: job.mergeCommand, image: image, volume: volume, cpus: 1, environment: [])
        )
        let submit = """
            #!/bin/sh
            # Applies \(job.name): the shards' Indexed Job, then, once it is complete, the merge Job.
            set -eu
            cd "$(dirname "$0")"
            # Waits until the Job is Complete (returns) or Failed (stops here, saying so).
            wait_for() {
              while :; do
                state=$(kubectl get "job/$1" -o jsonpath='{.status.conditions[?(@.status=="True")].type}')
                case "$state" in
                  *Complete*) return 0 ;;
                  *Failed*) echo "job/$1 failed: see kubectl describe job/$1 and the pods' logs; rerun the failed indexes (delete and apply the Job again: finished shards play nothing twice), then merge." >&2; exit 1 ;;
                esac
                sleep 10
              done
            }
            kubectl apply -f \(shardsManifest)
            wait_for \(job.name)-shards
            kubectl apply -f \(mergeManifest)
            wait_for \(job.name)-merge
            kubectl logs job/\(job.name)-merge

            """
        return [
            ClusterFile(name: shardsManifest, text: shards, executable: false),
            ClusterFile(name: mergeManifest, text: merge, executable: false),
            ClusterFile(name: submitScript, text: submit, executable: true),
        ]
    }

    /// A Job manifest: `spec` lines above the pod template, one container, the shared volume.
    static func job(comment: String, name: String, label: String, volume: Volume, spec: [String], container: String) -> String {
        let labels = """
                app.kubernetes.io/name: salvo
                salvo/tournament: \(label)
            """
        return """
            # \(comment)
            apiVersion: batch/v1
            kind: Job
            metadata:
              name: \(name)
              labels:
            \(labels)
            spec:
            \(spec.map { "  " + $0 }.joined(separator: "\n"))
              template:
                metadata:
                  labels:
            \(labels.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                spec:
                  restartPolicy: Never
                  containers:
            \(container)
                  volumes:
                    - name: salvo
                      persistentVolumeClaim:
                        claimName: \(yamlString(volume.claim))

            """
    }

    /// One container, indented to sit under `containers:`.
    static func container(name: String, command: [String], image: String, volume: Volume, cpus: Int, environment: [(String, String)]) -> String {
        var lines = [
            "        - name: \(name)",
            "          image: \(yamlString(image))",
            "          workingDir: \(yamlString(volume.mountPath))",
            "          command: [\(command.map(yamlString).joined(separator: ", "))]",
        ]
        if !environment.isEmpty {
            lines.append("          env:")
            for (key, value) in environment {
                lines += ["            - name: \(key)", "              value: \(yamlString(value))"]
            }
        }
        lines += [
            "          resources:",
            "            requests:",
            "              cpu: \(yamlString(String(cpus)))",
            "          volumeMounts:",
            "            - name: salvo",
            "              mountPath: \(yamlString(volume.mountPath))",
        ]
        return lines.joined(separator: "\n")
    }

    /// `text` as a double-quoted YAML scalar.
    static func yamlString(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
