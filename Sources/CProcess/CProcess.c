#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include "CProcess.h"

int salvo_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int salvo_spawn_closefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
