import Foundation
import JSONCoding

/// The `--json` output of the commands that list or show things (`lobby`, `show`, `games`):
/// pretty, key-sorted JSON on stdout, for `jq` and scripts.
enum JSONOutput {
    static func print(_ value: some Encodable) throws {
        FileHandle.standardOutput.write(try JSONFormat.file(value))
    }
}
