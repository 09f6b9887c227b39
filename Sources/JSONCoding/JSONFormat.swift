import Foundation

/// The one set-up of Foundation's `JSONEncoder` and `JSONDecoder`, for all the JSON Salvo
/// writes or reads off the hot paths: report files, run summaries, load reports, ledgers, the
/// build cache, the journal's configuration, the arena's replies and store, `--json` output.
/// The hot paths (wire bodies, the journal's game lines, replays) are written by hand with
/// ``JSONWriter`` and read with ``JSONReader`` (docs/json.md).
///
/// Keys are sorted (the same value gives the same bytes from one run to the next), dates are
/// ISO 8601 and slashes are left as they are; pretty for files people read, compact for lines
/// and for data embedded in pages.
///
/// ```swift
/// let data = try JSONFormat.file(summary)                                  // pretty, ends with "\n"
/// let line = try JSONFormat.encoder(pretty: false).encode(configuration)   // one line
/// let back = try JSONFormat.decoder().decode(RunSummary.self, from: data)
/// ```
public enum JSONFormat {
    /// An encoder of Salvo's layout: pretty-printed when `pretty`, else on one line without
    /// spaces. Keys are always sorted: without `.sortedKeys`, Foundation on Linux writes an
    /// object's members in a different order from one run to the next.
    ///
    /// `escapingSlashes` writes `/` as `\/`, as the arena's replies, its leaderboard's data and
    /// its stored check lines have always had it.
    public static func encoder(pretty: Bool = true, escapingSlashes: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
        if pretty { formatting.insert(.prettyPrinted) }
        if !escapingSlashes { formatting.insert(.withoutEscapingSlashes) }
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The decoder of everything ``encoder(pretty:escapingSlashes:)`` writes:
    /// dates in ISO 8601.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// `value` as a file people read: pretty-printed, keys sorted, ending with a newline.
    public static func file(_ value: some Encodable) throws -> Data {
        var data = try encoder().encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
