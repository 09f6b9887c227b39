#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <spawn.h>
#include <sched.h>
#include <string.h>
#include <grp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
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

// The child's side of salvo_spawn_prepared. It shares the parent's memory until its exec
// (CLONE_VM | CLONE_VFORK, as posix_spawn does), so it calls only system calls and writes
// nothing but `error` and `step`; the parent waits meanwhile.
struct prepared_child {
    const char *path;
    char *const *argv;
    char *const *envp;
    const struct salvo_child_setup *setup;
    int error;
    const char *step;
};

// Descriptors at or above this are out of the way of every slot while they are moved.
#define SALVO_HIGH_DESCRIPTOR 100

static int fail_child(struct prepared_child *child, const char *step) {
    child->error = errno;
    child->step = step;
    _exit(126);
}

static int prepared_child_main(void *argument) {
    struct prepared_child *child = argument;
    const struct salvo_child_setup *setup = child->setup;
    // Signals first: every handler back to its default (the parent's handlers must never run
    // here, on memory shared with it), then nothing blocked (the parent blocked everything
    // around the clone).
    struct sigaction defaults;
    memset(&defaults, 0, sizeof defaults);
    defaults.sa_handler = SIG_DFL;
    for (int number = 1; number < _NSIG; number++) sigaction(number, &defaults, NULL);
    sigset_t none;
    sigemptyset(&none);
    if (setpgid(0, 0) != 0) fail_child(child, "setpgid");
    // Every descriptor to install is first put out of the way of every slot, then on its slot.
    int staged[64];
    int slots[64];
    int count = 0;
    for (int index = 0; index < setup->dup_count && count < 64; index++, count++) {
        staged[count] = fcntl(setup->dup_from[index], F_DUPFD, SALVO_HIGH_DESCRIPTOR);
        if (staged[count] < 0) fail_child(child, "dup");
        slots[count] = setup->dup_to[index];
    }
    for (int index = 0; index < setup->open_count && count < 64; index++, count++) {
        int opened = open(setup->open_path[index], O_RDONLY);
        if (opened < 0) fail_child(child, "open a descriptor of the runner");
        staged[count] = fcntl(opened, F_DUPFD, SALVO_HIGH_DESCRIPTOR);
        if (staged[count] < 0) fail_child(child, "dup");
        close(opened);
        slots[count] = setup->open_to[index];
    }
    for (int index = 0; index < count; index++) {
        if (dup2(staged[index], slots[index]) < 0) fail_child(child, "dup2");
    }
    for (int slot = 0; slot < setup->close_from; slot++) {
        int filled = 0;
        for (int index = 0; index < count; index++) filled |= slots[index] == slot;
        if (filled) continue;
        int null = open("/dev/null", O_RDONLY);
        if (null < 0) fail_child(child, "open /dev/null");
        if (null != slot) {
            if (dup2(null, slot) < 0) fail_child(child, "dup2");
            close(null);
        }
    }
    if (close_range((unsigned)setup->close_from, ~0U, 0) != 0) fail_child(child, "close_range");
    for (int index = 0; index < setup->cgroup_count; index++) {
        int procs = open(setup->cgroup_procs[index], O_WRONLY | O_CLOEXEC);
        if (procs < 0) fail_child(child, "join its cgroup");
        // "0" is the writing process.
        if (write(procs, "0", 1) != 1) fail_child(child, "join its cgroup");
        close(procs);
    }
    for (int index = 0; index < setup->limit_count; index++) {
        struct rlimit limit = { .rlim_cur = setup->limit_value[index], .rlim_max = setup->limit_value[index] };
        if (setrlimit(setup->limit_resource[index], &limit) != 0) fail_child(child, "setrlimit");
    }
    if (setup->uid >= 0) {
        uid_t uid = (uid_t)setup->uid;
        gid_t group = (gid_t)setup->group;
        if (setgroups(setup->group >= 0 ? 1 : 0, setup->group >= 0 ? &group : NULL) != 0) fail_child(child, "setgroups");
        if (setresgid(uid, uid, uid) != 0) fail_child(child, "setresgid");
        if (setresuid(uid, uid, uid) != 0) fail_child(child, "setresuid");
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) fail_child(child, "no_new_privs");
    }
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(child->path, child->argv, child->envp != NULL ? child->envp : environ);
    fail_child(child, "exec");
    return 0;
}

int salvo_spawn_prepared(pid_t *pid, const char *path, char *const argv[], char *const envp[], const struct salvo_child_setup *setup, const char **failed_step) {
    *failed_step = "";
    if (setup->dup_count + setup->open_count > 64) {
        *failed_step = "descriptors";
        return EINVAL;
    }
    const size_t stack_size = 64 * 1024;
    void *stack = mmap(NULL, stack_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) {
        *failed_step = "mmap";
        return errno;
    }
    struct prepared_child child = { .path = path, .argv = argv, .envp = envp, .setup = setup, .error = 0, .step = "" };
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    // The stack grows down: the child starts at its top.
    pid_t started = clone(prepared_child_main, (char *)stack + stack_size, CLONE_VM | CLONE_VFORK | SIGCHLD, &child);
    int clone_error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    munmap(stack, stack_size);
    if (started < 0) {
        *failed_step = "clone";
        return clone_error;
    }
    if (child.error != 0) {
        int status;
        while (waitpid(started, &status, 0) < 0 && errno == EINTR) {}
        *failed_step = child.step;
        return child.error;
    }
    *pid = started;
    return 0;
}
