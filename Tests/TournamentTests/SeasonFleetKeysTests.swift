import Foundation
import JSONCoding
import Testing

@testable import Tournament

/// A season's fleets keyed by the versioned names' own bytes (issue 40), with the nights of
/// older journals replayed on the fleets they were played on.
@Suite("Season fleets keyed by the versions' names")
struct SeasonFleetKeysTests {
    static var config: TournamentConfig {
        var config = TournamentConfig(name: "keys", bots: [], seed: 7)
        config.context.seedKey = SeedKey(hex: "5eed0000111122223333444455556666")
        return config
    }

    static let identity = SeasonGameIdentity(first: "alice@3f9c2a1b7d04", second: "bob@77d0aa11bb22", round: 3)

    @Test("both derivations give the seeds Python's hmac computes, and differ from each other")
    func pinned() {
        // python3: key = bytes.fromhex("5eed0000111122223333444455556666") + struct.pack("<Q", 7)
        //   names: msg = b"season-fleet-names\0" + for t in names: pack("<Q", len(t)) + t; + pack("<Q", 1) + pack("<Q", seat)
        //   fnv64: msg = b"season-fleet\0" + pack("<Q", fnv1a64(first)) + pack("<Q", fnv1a64(second)) + pack("<Q", 1) + pack("<Q", seat)
        //   seed = unpack("<Q", hmac.new(key, msg, sha256).digest()[:8])
        let names = ScheduleSeeds.seasonFleetSeeds(Self.config, identity: Self.identity, keys: .names)
        #expect(names.0 == 13_085_519_011_906_306_449 && names.1 == 18_438_118_202_744_695_795)
        let old = ScheduleSeeds.seasonFleetSeeds(Self.config, identity: Self.identity, keys: .fnv64)
        #expect(old.0 == 16_945_263_431_960_645_979 && old.1 == 5_615_348_272_474_463_625)
        // The names' FNV-1a numbers, computed with ScheduleSeeds' own copy before it became Digests' FNV1a64 (issue 41).
        #expect(ScheduleSeeds.fnv1a(Self.identity.first) == 17_030_736_524_760_119_561)
        #expect(ScheduleSeeds.fnv1a(Self.identity.second) == 12_887_772_341_011_085_722)
    }

    @Test("two pairs of names whose FNV-1a numbers are equal no longer share fleets")
    func lengthPrefixed() {
        // The names' bytes go in whole and length-prefixed: moving a byte from one name to the other changes the seeds.
        let moved = SeasonGameIdentity(first: "alice@3f9c2a1b7d0", second: "4bob@77d0aa11bb22", round: 3)
        #expect(
            ScheduleSeeds.seasonFleetSeeds(Self.config, identity: moved, keys: .names)
                != ScheduleSeeds.seasonFleetSeeds(Self.config, identity: Self.identity, keys: .names))
    }

    @Test("a new night keys by names and says so in its line; a night line that says nothing is an old one, replayed with FNV-1a")
    func journalLines() throws {
        let night = SeasonNight(
            number: 1, startedAt: Date(timeIntervalSince1970: 0), firstIndex: 0, bots: [BotEntry(name: "a", kind: .builtin(.random))], games: [])
        #expect(night.fleetKeys == .names)
        let line = JournalCodec.line(.night(night))
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains("\"fleetKeys\":\"names\""))
        let read = try line.withUnsafeBufferPointer { buffer throws(JSONError) in try JournalCodec.entry(buffer) }
        guard case .night(let back) = read else {
            Issue.record("not a night: \(read)")
            return
        }
        #expect(back.fleetKeys == .names)

        let old = Array(text.replacingOccurrences(of: ",\"fleetKeys\":\"names\"", with: "").utf8)
        #expect(old != line)
        let readOld = try old.withUnsafeBufferPointer { buffer throws(JSONError) in try JournalCodec.entry(buffer) }
        guard case .night(let oldNight) = readOld else {
            Issue.record("not a night: \(readOld)")
            return
        }
        #expect(oldNight.fleetKeys == .fnv64)
        // Written back as it was: an old night's line stays an old night's line.
        #expect(!String(decoding: JournalCodec.line(.night(oldNight)), as: UTF8.self).contains("fleetKeys"))
    }
}
