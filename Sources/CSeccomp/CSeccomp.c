#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>
#include "CSeccomp.h"

// What a shell, coreutils, a C program, CPython and a JVM (and gcc and javac, for builds)
// call. Names unknown on this architecture are skipped. docs/sandbox.md says why each group
// is here; what is not here fails with EPERM.
static const char *const allowed[] = {
    // Files and folders (in the sandbox's own view: read-only system, private /tmp).
    "read", "write", "readv", "writev", "pread64", "pwrite64", "preadv", "pwritev", "preadv2", "pwritev2",
    "open", "openat", "openat2", "creat", "close", "close_range", "lseek", "_llseek",
    "stat", "fstat", "lstat", "newfstatat", "fstatat64", "statx", "statfs", "fstatfs", "stat64", "fstat64", "lstat64",
    "access", "faccessat", "faccessat2", "getdents", "getdents64", "getcwd", "chdir", "fchdir",
    "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "renameat2",
    "link", "linkat", "symlink", "symlinkat", "readlink", "readlinkat",
    "chmod", "fchmod", "fchmodat", "chown", "fchown", "lchown", "fchownat", "umask",
    "utime", "utimes", "utimensat", "futimesat", "truncate", "ftruncate", "fallocate",
    "fsync", "fdatasync", "sync_file_range", "fadvise64", "readahead",
    "dup", "dup2", "dup3", "pipe", "pipe2", "ioctl", "sendfile", "splice", "tee", "copy_file_range",
    "memfd_create", "getxattr", "lgetxattr", "fgetxattr", "listxattr", "llistxattr", "flistxattr",
    // Memory.
    "brk", "mmap", "mmap2", "munmap", "mremap", "mprotect", "madvise", "msync", "mincore",
    "mlock", "munlock", "get_mempolicy", "membarrier",
    // Processes and threads (inside the sandbox's own PID namespace).
    "execve", "execveat", "fork", "vfork", "exit", "exit_group", "wait4", "waitid",
    "futex", "futex_waitv", "set_robust_list", "get_robust_list", "set_tid_address", "rseq",
    "arch_prctl", "prctl", "getpid", "getppid", "gettid", "getpgrp", "getpgid", "setpgid", "getsid", "setsid",
    "getuid", "geteuid", "getgid", "getegid", "getgroups", "getresuid", "getresgid", "capget",
    "getrlimit", "setrlimit", "prlimit64", "getrusage", "getpriority", "setpriority",
    "sched_yield", "sched_getaffinity", "sched_setaffinity", "sched_getparam", "sched_getscheduler",
    "sched_get_priority_max", "sched_get_priority_min", "sched_getattr", "sched_rr_get_interval",
    "uname", "sysinfo", "getcpu", "personality", "getrandom",
    // Signals.
    "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "rt_sigsuspend", "rt_sigpending", "rt_sigtimedwait",
    "rt_sigqueueinfo", "rt_tgsigqueueinfo", "sigaltstack", "kill", "tkill", "tgkill", "pause",
    "signalfd", "signalfd4",
    // Time and waiting.
    "nanosleep", "clock_nanosleep", "clock_gettime", "clock_getres", "gettimeofday", "time", "times",
    "alarm", "getitimer", "setitimer", "timer_create", "timer_settime", "timer_gettime", "timer_getoverrun", "timer_delete",
    "timerfd_create", "timerfd_settime", "timerfd_gettime", "eventfd", "eventfd2",
    "select", "pselect6", "poll", "ppoll", "epoll_create", "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait", "epoll_pwait2",
    // Sockets: the sandbox's network namespace has only a loopback of its own.
    "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4", "shutdown",
    "sendto", "recvfrom", "sendmsg", "recvmsg", "sendmmsg", "recvmmsg",
    "getsockname", "getpeername", "setsockopt", "getsockopt",
};

// fcntl's commands, all but the locks (F_GETLK, F_SETLK, F_SETLKW and their OFD forms: a lock
// on a shared read-only file is seen by every sandbox) and F_NOTIFY (dnotify) and leases.
static const unsigned long fcntl_commands[] = {
    F_DUPFD, F_GETFD, F_SETFD, F_GETFL, F_SETFL, F_SETOWN, F_GETOWN, F_SETSIG, F_GETSIG,
    F_SETOWN_EX, F_GETOWN_EX, F_DUPFD_CLOEXEC, F_SETPIPE_SZ, F_GETPIPE_SZ, F_ADD_SEALS, F_GET_SEALS,
};

// The namespace flags `clone` may not be given (no namespaces inside the sandbox).
#define NAMESPACE_FLAGS (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET)

static const char *failed_call = "";

const char *salvo_seccomp_failed_call(void) {
    return failed_call;
}

static int allow(scmp_filter_ctx context, const char *name, unsigned int count, const struct scmp_arg_cmp *conditions) {
    int number = seccomp_syscall_resolve_name(name);
    if (number == __NR_SCMP_ERROR) return 0;
    int status = seccomp_rule_add_array(context, SCMP_ACT_ALLOW, number, count, conditions);
    // A call this architecture lacks (a negative pseudo-number libseccomp cannot place) is skipped.
    if (status != 0 && number >= 0) {
        failed_call = name;
        return status;
    }
    return 0;
}

int salvo_seccomp_write_filter(int fd) {
    scmp_filter_ctx context = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (context == NULL) return -ENOMEM;
    int status = 0;
    for (size_t index = 0; status == 0 && index < sizeof allowed / sizeof allowed[0]; index++) {
        status = allow(context, allowed[index], 0, NULL);
    }
    for (size_t index = 0; status == 0 && index < sizeof fcntl_commands / sizeof fcntl_commands[0]; index++) {
        struct scmp_arg_cmp command = SCMP_A1(SCMP_CMP_EQ, fcntl_commands[index]);
        status = allow(context, "fcntl", 1, &command);
        if (status == 0) status = allow(context, "fcntl64", 1, &command);
    }
    if (status == 0) {
        struct scmp_arg_cmp flags = SCMP_A0(SCMP_CMP_MASKED_EQ, NAMESPACE_FLAGS, 0);
        status = allow(context, "clone", 1, &flags);
    }
    if (status == 0) {
        // clone3's flags are in memory the filter cannot read: ENOSYS makes libc use clone.
        int number = seccomp_syscall_resolve_name("clone3");
        if (number != __NR_SCMP_ERROR) status = seccomp_rule_add(context, SCMP_ACT_ERRNO(ENOSYS), number, 0);
        if (status != 0) failed_call = "clone3";
    }
    // A binary tree of the allowed calls instead of libseccomp's default list: the same
    // decisions, about 8 comparisons a call instead of up to 230. The kernel runs the program
    // at every call a bot makes, and once per call number when bwrap installs it (the action
    // cache, worked out with interrupts off): a sandbox's start costs about half a millisecond less
    // (BENCHMARKS.md, "Fourth pass").
    if (status == 0) status = seccomp_attr_set(context, SCMP_FLTATR_CTL_OPTIMIZE, 2);
    if (status != 0 && failed_call[0] == '\0') failed_call = "seccomp_attr_set";
    if (status == 0) status = seccomp_export_bpf(context, fd);
    seccomp_release(context);
    return status;
}

int salvo_seccomp_filter_memfd(void) {
    int fd = memfd_create("salvo-seccomp", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -errno;
    int status = salvo_seccomp_write_filter(fd);
    if (status == 0 && fcntl(fd, F_ADD_SEALS, F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE) != 0) status = -errno;
    if (status != 0) {
        close(fd);
        return status;
    }
    return fd;
}

int salvo_sealed_memfd(const char *name, const void *bytes, size_t count) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -errno;
    const char *next = bytes;
    size_t left = count;
    int status = 0;
    while (left > 0) {
        ssize_t written = write(fd, next, left);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            status = written < 0 ? -errno : -EIO;
            break;
        }
        next += written;
        left -= (size_t)written;
    }
    if (status == 0 && fcntl(fd, F_ADD_SEALS, F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE) != 0) status = -errno;
    if (status != 0) {
        close(fd);
        return status;
    }
    return fd;
}
