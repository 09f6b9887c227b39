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
    public static let claimManifest = "claim.yaml"
    public static let submitScript = "submit.sh"

    /// What each pod asks for and may use.
    public struct Resources: Hashable, Sendable {
        /// CPUs requested by a shard's pod, and its limit.
        public var cpus: Int
        /// Memory requested by every pod, and its limit, in Kubernetes' notation (`2Gi`).
        public var memory: String
        /// The size the claim asks for (`claim.yaml`), in Kubernetes' notation (`10Gi`).
        public var storage: String
        /// The claim's storage class; nil for the cluster's default.
        public var storageClass: String?
        /// Whether the bots run in bubblewrap, which needs system calls the runtime's default
        /// seccomp profile refuses (docs/cluster.md).
        public var sandboxed: Bool

        public init(cpus: Int, memory: String = "2Gi", storage: String = "10Gi", storageClass: String? = nil, sandboxed: Bool = true) {
            self.cpus = cpus
            self.memory = memory
            self.storage = storage
            self.storageClass = storageClass
            self.sandboxed = sandboxed
        }
    }

    /// How many times one index is retried before it counts as failed.
    public static let retriesPerIndex = 3

    public static func files(for job: ClusterJob, image: String, volume: Volume, resources: Resources, parallelism: Int?) -> [ClusterFile] {
        let shards = Self.job(
            comment: "One pod per shard of \(job.name): written by `salvo cluster k8s`; apply with submit.sh.",
            name: job.name + "-shards", label: job.name, volume: volume,
            spec: [
                "completionMode: Indexed", "completions: \(job.shards)", "parallelism: \(parallelism ?? job.shards)",
                "backoffLimitPerIndex: \(retriesPerIndex)", "maxFailedIndexes: \(job.shards)",
            ],
            container: container(
                name: "shard", command: job.shardCommandLine, image: image, volume: volume, resources: resources,
                environment: [("SALVO_SHARD_COUNT", String(job.shards))])
        )
        let merge = Self.job(
            comment: "The merge of \(job.name)'s shards: applied by submit.sh once the shards' Job is complete.",
            name: job.name + "-merge", label: job.name, volume: volume,
            spec: ["completions: 1", "backoffLimit: 2"],
            container: container(
                name: "merge", command: job.mergeCommand, image: image, volume: volume,
                resources: Resources(cpus: 1, memory: resources.memory, sandboxed: false), environment: [])
        )
        let submit = """
            #!/bin/bash
            # Applies \(job.name): the shards' Indexed Job, then, once it is complete, the merge Job.
            # The claim comes first when it does not exist yet: kubectl apply -f \(claimManifest)
            set -eu
            cd "$(dirname "$0")"
            # Waits (kubectl wait) until the Job is Complete, and returns; or Failed, and stops here.
            wait_for() {
              kubectl wait --for=condition=Complete "job/$1" --timeout=-1s >/dev/null 2>&1 &
              local complete=$!
              kubectl wait --for=condition=Failed "job/$1" --timeout=-1s >/dev/null 2>&1 &
              local failed=$!
              wait -n "$complete" "$failed" || true
              kill "$complete" "$failed" 2>/dev/null || true
              if kubectl get "job/$1" -o jsonpath='{.status.conditions[?(@.status=="True")].type}' | grep -q Failed; then
                echo "job/$1 failed: see kubectl describe job/$1 and the pods' logs; rerun the failed indexes (delete and apply the Job again: finished shards play nothing twice), then merge." >&2
                exit 1
              fi
            }
            kubectl apply -f \(shardsManifest)
            wait_for \(job.name)-shards
            kubectl apply -f \(mergeManifest)
            wait_for \(job.name)-merge
            kubectl logs job/\(job.name)-merge

            """
        var claim = """
            # The shared volume every pod of \(job.name) mounts at \(volume.mountPath): apply it once, then copy the
            # tournament's folder (its file, its bots) onto it. ReadWriteMany: every node mounts it at once.
            apiVersion: v1
            kind: PersistentVolumeClaim
            metadata:
              name: \(yamlString(volume.claim))
              labels:
                app.kubernetes.io/name: salvo
            spec:
              accessModes: ["ReadWriteMany"]
              resources:
                requests:
                  storage: \(yamlString(resources.storage))

            """
        if let storageClass = resources.storageClass {
            claim = claim.replacingOccurrences(of: "  accessModes:", with: "  storageClassName: \(yamlString(storageClass))\n  accessModes:")
        }
        return [
            ClusterFile(name: shardsManifest, text: shards, executable: false),
            ClusterFile(name: mergeManifest, text: merge, executable: false),
            ClusterFile(name: claimManifest, text: claim, executable: false),
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
    static func container(name: String, command: [String], image: String, volume: Volume, resources: Resources, environment: [(String, String)])
        -> String
    {
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
            "              cpu: \(yamlString(String(resources.cpus)))",
            "              memory: \(yamlString(resources.memory))",
            "            limits:",
            "              cpu: \(yamlString(String(resources.cpus)))",
            "              memory: \(yamlString(resources.memory))",
        ]
        // bubblewrap makes user, PID, network and mount namespaces and mounts a /proc of its
        // own, which the runtime's default seccomp profile refuses; the sandbox, not the
        // container, is what confines the bots. Nothing else is granted.
        lines += ["          securityContext:", "            allowPrivilegeEscalation: false"]
        if resources.sandboxed {
            lines += ["            seccompProfile:", "              type: Unconfined"]
        }
        lines += [
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
