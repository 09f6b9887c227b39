import CSeccomp
import Foundation

/// The deny-by-default system-call filter of every sandboxed bot and build (docs/sandbox.md
/// lists what it allows and denies, and why): built once per runner with libseccomp into a
/// sealed memory file, which the launching shell opens on a descriptor that `bwrap --seccomp`
/// reads and closes before the bot starts.
struct SeccompFilter: Sendable {
    /// The runner's descriptor of the sealed memory file holding the BPF program.
    let descriptor: Int32

    /// The descriptor the filter is opened on in the launching shell, and given to bwrap.
    static let slot = 3

    /// This runner's filter, built the first time it is asked for, or why it cannot be built.
    static let shared: Result<SeccompFilter, SandboxUnavailable> = {
        let descriptor = salvo_seccomp_filter_memfd()
        guard descriptor >= 0 else {
            let call = String(cString: salvo_seccomp_failed_call())
            let reason = String(cString: strerror(-descriptor)) + (call.isEmpty ? "" : " at \(call)")
            return .failure(SandboxUnavailable(problem: "its system-call filter cannot be built with libseccomp (\(reason))"))
        }
        return .success(SeccompFilter(descriptor: descriptor))
    }()

    /// The shell command that opens the filter on ``slot`` (reading it through this process's
    /// `/proc/PID/fd`: the launching shell inherits no descriptor above 2).
    var openCommand: String {
        "exec \(Self.slot)< /proc/\(getpid())/fd/\(descriptor) || exit 126; "
    }

    /// bwrap's arguments that install it.
    static var arguments: [String] {
        ["--seccomp", String(slot)]
    }
}
