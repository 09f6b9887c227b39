// glibc calls that Swift's Glibc module does not show (they need _GNU_SOURCE), wrapped for
// the external bots' process launch (Sources/Bots/External/ChildProcess.swift).
#ifndef SALVO_CPROCESS_H
#define SALVO_CPROCESS_H

#include <spawn.h>

/// pipe2(fds, O_CLOEXEC): both ends close on exec.
int salvo_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addclosefrom_np: the child closes every descriptor from `from` up.
int salvo_spawn_closefrom(posix_spawn_file_actions_t *actions, int from);

#endif
