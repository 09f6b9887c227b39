import Foundation

/// Screenshots the browser tests leave in `.build/test-artifacts/` for people (and CI
/// artifact uploads) to look at.
enum Screenshots {
    /// The eight bytes every PNG file starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The width and height in the PNG's IHDR chunk; nil if `data` is not a PNG.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == pngSignature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// Writes `png` to `.build/test-artifacts/NAME` and returns the file.
    @discardableResult
    static func save(_ png: Data, as name: String) throws -> URL {
        try FileManager.default.createDirectory(at: Paths.artifacts, withIntermediateDirectories: true)
        let file = Paths.artifacts.appendingPathComponent(name)
        try png.write(to: file)
        return file
    }
}
