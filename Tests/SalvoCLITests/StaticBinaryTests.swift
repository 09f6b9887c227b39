import Foundation
import SalvoTestSupport
import SalvoVersion
import Testing

/// The one file to copy (issue 30): salvo linked with the Swift runtime inside it runs a
/// tournament on a machine without Swift. `make test` links the debug build's objects as `make
/// release` links its own (`--static-swift-stdlib`, `make static-debug`) and names the binary in
/// `SALVO_STATIC_BINARY`; the test hides the toolchain's folder behind an empty tmpfs in a
/// bubblewrap mount namespace and runs it there. (`benchmarks/static-binary.sh` does the same for
/// the installed release binary, whose build takes too long for the suite.)
@Suite("The statically linked salvo, with the toolchain hidden")
struct StaticBinaryTests {
    static let staticBinary = ProcessInfo.processInfo.environment["SALVO_STATIC_BINARY"]

    @Test(
        "the static binary loads nothing from the toolchain, and runs --version and a tournament with the toolchain's folder hidden, where the dynamic one cannot start",
        .enabled(if: staticBinary != nil, "SALVO_STATIC_BINARY is set by make test (make static-debug links the binary)")
    )
    func runsWithoutTheToolchain() async throws {
        let binary = try #require(Self.staticBinary)
        #expect(FileManager.default.isExecutableFile(atPath: binary), "no executable at \(binary): run make static-debug")
        let toolchain = try #require(Self.toolchainFolder(), "the test's own Swift runtime was not found in /proc/self/maps")

        // The dynamic build loads the runtime from the toolchain, so hiding it matters: it cannot start.
        let dynamicLibraries = try await Self.shell(["ldd", SalvoExecutable.path])
        #expect(dynamicLibraries.out.contains(toolchain), "the dynamic salvo does not load from \(toolchain):\n\(dynamicLibraries.out)")
        let staticLibraries = try await Self.shell(["ldd", binary])
        #expect(staticLibraries.status == 0, "\(staticLibraries.err)")
        #expect(!staticLibraries.out.contains(toolchain), "the static salvo loads from \(toolchain):\n\(staticLibraries.out)")
        #expect(!staticLibraries.out.contains("not found"), "\(staticLibraries.out)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-static-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let hidden = ["env", "-u", "LD_LIBRARY_PATH", "bwrap", "--dev-bind", "/", "/", "--tmpfs", toolchain, "--chdir", folder.path, "--"]

        let listing = try await Self.shell(hidden + ["ls", "-A", toolchain])
        #expect(listing.status == 0 && listing.out.isEmpty, "\(toolchain) is not hidden: \(listing.out)\(listing.err)")
        let dynamic = try await Self.shell(hidden + [SalvoExecutable.path, "--version"])
        #expect(dynamic.status != 0, "the dynamic salvo started with \(toolchain) hidden, so hiding it proves nothing")
        #expect(dynamic.err.contains("libswift"), "\(dynamic.err)")

        let version = try await Self.shell(hidden + [binary, "--version"])
        #expect(version.status == 0, "\(version.err)")
        #expect(version.out == SalvoVersion.text + "\n")

        try """
        name: static
        bots: [random, hunt-target, density]
        games_per_pairing: 2
        concurrency: 4
        seed: 30
        """.write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let run = try await Self.shell(hidden + [binary, "run", "t.yaml", "--output", "out"], timeout: .seconds(300))
        #expect(run.status == 0, "salvo run with the toolchain hidden: \(run.err)")
        #expect(run.out.contains("6 of 6 games rated"), "\(run.out)")
        let data = try Data(contentsOf: folder.appendingPathComponent("out/results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let progress = try #require(results["progress"] as? [String: Any])
        #expect(progress["ratedGames"] as? Int == 6)
        #expect(progress["scheduledGames"] as? Int == 6)
        #expect(results["salvoVersion"] as? String == SalvoVersion.text)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/index.html").path))
    }

    /// The toolchain's top folder (as /opt/swift), from where this test process loaded libswiftCore.so
    /// (`TOOLCHAIN/usr/lib/swift/linux/libswiftCore.so`).
    static func toolchainFolder() -> String? {
        // Read to the end: /proc's files have a size of 0, which String(contentsOfFile:) trusts.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let suffix = "/usr/lib/swift/linux/libswiftCore.so"
        for line in maps.split(separator: "\n") {
            guard let start = line.firstIndex(of: "/") else { continue }
            let path = line[start...]
            if path.hasSuffix(suffix) { return String(path.dropLast(suffix.count)) }
        }
        return nil
    }

    /// Runs a program (found on PATH) to its end; salvo's runner, with `/usr/bin/env` in front.
    static func shell(_ arguments: [String], timeout: Duration = .seconds(60)) async throws -> SalvoOutput {
        try await SalvoExecutable.run(arguments, timeout: timeout, executable: "/usr/bin/env")
    }
}
