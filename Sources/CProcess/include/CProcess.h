// glibc calls that Swift's Glibc module does not show (they need _GNU_SOURCE), wrapped for
// the external bots' process launch (Sources/Bots/External/ChildProcess.swift).
#ifndef SALVO_CPROCESS_H
#define SALVO_CPROCESS_H

#include <spawn.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

/// pipe2(fds, O_CLOEXEC): both ends close on exec.
int salvo_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addclosefrom_np: the child closes every descriptor from `from` up.
int salvo_spawn_closefrom(posix_spawn_file_actions_t *actions, int from);

/// The attributes of a child that is a world of its own: a process group of its own (a
/// terminal's Ctrl-C, or a kill of the group, stays within it), every signal back to its
/// default action (the runner ignores SIGPIPE), and no blocked signal (whatever the spawning
/// thread blocks). 0, or an errno.
int salvo_spawnattr_own_group(posix_spawnattr_t *attributes);

/// Starts `path` with `argv` and `envp` as a world of its own (``salvo_spawnattr_own_group``),
/// stdin from /dev/null, stdout and stderr appended to `log`, no other descriptor: a build, a
/// daemon. 0 with the child's id in `pid`, or an errno.
int salvo_spawn_logged(pid_t *pid, const char *path, char *const argv[], char *const envp[], int log);

/// Whether child `pid` has ended, without reaping it (waitid with WNOWAIT): 1 with its wait
/// status word in `status` (as waitpid gives it), 0 while it runs, -1 on error (errno). A child
/// left unreaped keeps its pid, and so its process group's id, from being reused.
int salvo_peek_exit(pid_t pid, int *status);

/// Names the calling thread as /proc and `top -H` show it (at most 15 bytes); 0, or an errno.
int salvo_name_this_thread(const char *name);

/// A descriptor that becomes readable when process `pid` exits (pidfd_open(2)); -1 on error.
int salvo_pidfd_open(pid_t pid);

/// Swaps the files or folders at `a` and `b` in one step (renameat2 with RENAME_EXCHANGE): a
/// published folder replaced whole, never missing in between. 0, or -1 with errno.
int salvo_exchange_paths(const char *a, const char *b);

/// What a child does between its start and its `exec`, in place of a launching shell and
/// setpriv (``salvo_spawn_prepared``). Every array has its count; paths are NUL-terminated.
struct salvo_child_setup {
    /// Descriptors of the parent put on slots in the child (dup2: the same open file).
    const int *dup_from;
    const int *dup_to;
    int dup_count;
    /// Paths opened read-only onto slots in the child (`/proc/PID/fd/N`: a new open file of the
    /// parent's descriptor N, with its own offset).
    const char *const *open_path;
    const int *open_to;
    int open_count;
    /// Slots below `close_from` that nothing above fills get /dev/null; every descriptor from
    /// `close_from` up is closed.
    int close_from;
    /// `cgroup.procs` files the child writes itself into.
    const char *const *cgroup_procs;
    int cgroup_count;
    /// Resource limits (RLIMIT_*), soft and hard alike.
    const int *limit_resource;
    const unsigned long long *limit_value;
    int limit_count;
    /// The uid and gid to run as (no new privileges); -1 to keep the parent's.
    long long uid;
    /// Its one supplementary group when it takes `uid` (the sandbox's group); -1 for none.
    long long group;
};

/// Starts `path` with `argv` and `envp` as a world of its own (a process group of its own,
/// every signal at its default and none blocked), after the steps of `setup` in that order:
/// descriptors, cgroups, limits, user. 0 with the child's id in `pid`; or an errno, with the
/// step that failed in `failed_step` (a static string), the child reaped. A NULL `envp` gives
/// the child the parent's environment (`environ`).
int salvo_spawn_prepared(pid_t *pid, const char *path, char *const argv[], char *const envp[], const struct salvo_child_setup *setup, const char **failed_step);

#endif
