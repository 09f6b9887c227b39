import Foundation
import SalvoTestSupport
import Testing

/// The package's manifest against its code: every module of Sources declares exactly the
/// modules of this package it imports, and every package product it imports (issue 27's
/// "package drift": Reports declared BattleshipClient without using it, and imported Bots and
/// DurationUnits without declaring them, which compiled only because another module had
/// loaded them).
@Suite("The package manifest")
struct PackageManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// Modules of the system and the toolchain, declared by no manifest.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Synchronization", "_Concurrency",
    ]

    @Test("each module of Sources declares the package's modules it imports and no other, and every product it imports")
    func dependenciesMatchImports() async throws {
        let toolchain = try #require(StaticBinaryTests.toolchainFolder(), "the test's own Swift runtime was not found in /proc/self/maps")
        // A scratch folder of its own: `swift test` holds the lock on the package's .build.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let dump = try await SalvoExecutable.run(
            ["package", "dump-package", "--package-path", Self.root, "--scratch-path", scratch], timeout: .seconds(120),
            executable: toolchain + "/usr/bin/swift")
        try #require(dump.status == 0, "swift package dump-package failed: \(dump.err)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(dump.out.utf8)) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let internalModules = Set(targets.compactMap { $0["name"] as? String })
        var checked = 0
        for target in targets where target["type"] as? String == "regular" {
            let name = try #require(target["name"] as? String)
            let folder = Self.root + "/Sources/" + name
            guard FileManager.default.fileExists(atPath: folder) else { continue }
            var declaredInternal: Set<String> = []
            var declaredProducts: Set<String> = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any], let module = byName.first as? String {
                    declaredInternal.insert(module)
                } else if let product = dependency["product"] as? [Any], let module = product.first as? String {
                    declaredProducts.insert(module)
                }
            }
            let imported = try Self.imports(under: folder)
            let importedInternal = imported.intersection(internalModules)
            let importedExternal = imported.subtracting(internalModules).subtracting(Self.system)
            #expect(
                declaredInternal.subtracting(importedInternal).isEmpty,
                "\(name) declares \(declaredInternal.subtracting(importedInternal).sorted()) but imports none of it")
            #expect(
                importedInternal.subtracting(declaredInternal).isEmpty,
                "\(name) imports \(importedInternal.subtracting(declaredInternal).sorted()) without declaring it")
            #expect(
                importedExternal.subtracting(declaredProducts).isEmpty,
                "\(name) imports \(importedExternal.subtracting(declaredProducts).sorted()), no product it declares")
            checked += 1
        }
        // Every Swift module of Sources was looked at (C modules have no Swift files).
        #expect(checked >= 25)
    }

    /// The modules the Swift files under `folder` import, each `import` at the start of a line.
    static func imports(under folder: String) throws -> Set<String> {
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal"].contains(first) { words.removeFirst() }
                guard words.first == "import", words.count >= 2 else { continue }
                // `import struct Module.Type` names the module after the kind.
                let name =
                    ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words[1]) && words.count >= 3
                    ? words[2] : words[1]
                modules.insert(String(name.split(separator: ".")[0]))
            }
        }
        return modules
    }
}
