import Foundation

/// The JSON conventions of every report file: keys sorted (stable files, readable diffs),
/// dates in ISO 8601, slashes unescaped; pretty-printed for files people read, compact for
/// data embedded in HTML pages.
public enum ReportJSON {
    /// An encoder for report files (`pretty`) or embedded data.
    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A decoder for report files.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// A replay file: pretty-printed, one shot per line, keys in the schema's order.
    public static func replayFile(_ replay: ReplayDocument) -> Data {
        Data(ReplayJSONWriter.bytes(replay, pretty: true))
    }

    /// `value` as a pretty-printed file, ending with a newline.
    public static func file(_ value: some Encodable) throws -> Data {
        var data = try encoder().encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
