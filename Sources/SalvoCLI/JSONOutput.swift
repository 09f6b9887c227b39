import Foundation

/// The `--json` output of the commands that list or show things (`lobby`, `show`, `games`):
/// pretty, key-sorted JSON on stdout, for `jq` and scripts.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        FileHandle.standardOutput.write(try encoder.encode(value) + Data("\n".utf8))
    }
}
