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

#endif
