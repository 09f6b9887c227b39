// The system-call filter of sandboxed bots and builds, built with Debian's libseccomp and
// handed to bubblewrap (`bwrap --seccomp FD`). The policy and its reasons: docs/sandbox.md.
#ifndef SALVO_CSECCOMP_H
#define SALVO_CSECCOMP_H

#include <stddef.h>

/// Builds the deny-by-default filter (an allow-list of what a shell, a C program, Python and a
/// JVM need; everything else fails with EPERM, `clone3` with ENOSYS so that libc falls back to
/// `clone`, whose flags are checked) and writes its BPF program to `fd` (seccomp_export_bpf).
/// 0, or a negative errno.
int salvo_seccomp_write_filter(int fd);

/// A sealed memory file (memfd: read-only for good, gone with the process) holding the filter's
/// BPF program, close-on-exec; a negative errno on failure.
int salvo_seccomp_filter_memfd(void);

/// The name of the first system call the filter could not be built with, after a failure of
/// ``salvo_seccomp_write_filter`` (a static string; "" when none).
const char *salvo_seccomp_failed_call(void);

/// A memory file holding `count` bytes, sealed against any change (close-on-exec); a negative
/// errno on failure. The sandbox hands bwrap its options through one (`--args`).
int salvo_sealed_memfd(const char *name, const void *bytes, size_t count);

#endif
