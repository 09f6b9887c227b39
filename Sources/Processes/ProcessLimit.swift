#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// One resource limit of a bot's process (``ResourceLimits/rlimits(memoryAsAddressSpace:cpuPerProcess:)``),
/// in the units of the shell's `ulimit`, set as soft and hard limit alike: by `ulimit` in a
/// launching shell, or by `setrlimit` in the child before its `exec` (``ChildSetup``).
public struct ProcessLimit: Hashable, Sendable {
    /// What is limited, with `ulimit`'s flag and unit.
    public enum Resource: Hashable, Sendable {
        /// Core files (`ulimit -c`, 512-byte blocks as `-f`; only 0 is used).
        case core
        /// Address space (`ulimit -v`, KiB).
        case addressSpace
        /// CPU time (`ulimit -t`, seconds).
        case cpuTime
        /// Open files (`ulimit -n`).
        case openFiles
        /// The largest file written (`ulimit -f`, 512-byte blocks).
        case fileSize

        var flag: String {
            switch self {
            case .core: "-c"
            case .addressSpace: "-v"
            case .cpuTime: "-t"
            case .openFiles: "-n"
            case .fileSize: "-f"
            }
        }

        /// Bytes (or seconds, or files) per unit of `ulimit`.
        var unitSize: UInt64 {
            switch self {
            case .core, .fileSize: 512
            case .addressSpace: 1024
            case .cpuTime, .openFiles: 1
            }
        }

        /// The `RLIMIT_*` number.
        package var number: Int32 {
            switch self {
            case .core: Int32(RLIMIT_CORE.rawValue)
            case .addressSpace: Int32(RLIMIT_AS.rawValue)
            case .cpuTime: Int32(RLIMIT_CPU.rawValue)
            case .openFiles: Int32(RLIMIT_NOFILE.rawValue)
            case .fileSize: Int32(RLIMIT_FSIZE.rawValue)
            }
        }
    }

    public let resource: Resource
    /// The limit in `ulimit`'s units.
    public let units: Int

    public init(_ resource: Resource, units: Int) {
        self.resource = resource
        self.units = units
    }

    /// The shell command that sets it, exiting with status 126 when it cannot.
    public var ulimitCommand: String {
        "ulimit \(resource.flag) \(units) || exit 126; "
    }

    /// The `setrlimit` value: the units in bytes, seconds or files.
    public var value: UInt64 {
        UInt64(units) * resource.unitSize
    }
}
