#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CProcess.h"

int salvo_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int salvo_spawn_closefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int salvo_spawnattr_own_group(posix_spawnattr_t *attributes) {
    sigset_t defaults, none;
    sigfillset(&defaults);
    sigemptyset(&none);
    int status = posix_spawnattr_setpgroup(attributes, 0);
    if (status == 0) status = posix_spawnattr_setsigdefault(attributes, &defaults);
    if (status == 0) status = posix_spawnattr_setsigmask(attributes, &none);
    if (status == 0) status = posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    return status;
}

int salvo_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int salvo_name_this_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

int salvo_peek_exit(pid_t pid, int *status) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return -1;
    if (info.si_pid != pid) return 0;
    if (info.si_code == CLD_EXITED) {
        *status = (info.si_status & 0xff) << 8;
    } else {
        *status = (info.si_status & 0x7f) | (info.si_code == CLD_DUMPED ? 0x80 : 0);
    }
    return 1;
}

int salvo_spawn_logged(pid_t *pid, const char *path, char *const argv[], char *const envp[], int log) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    status = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, log, 1);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, log, 2);
    if (status == 0) status = salvo_spawn_closefrom(&actions, 3);
    if (status == 0) status = salvo_spawnattr_own_group(&attributes);
    if (status == 0) status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

int salvo_exchange_paths(const char *a, const char *b) {
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}
