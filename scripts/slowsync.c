/* A slower disk, for the server's load benchmark: preloaded into a process
 * (LD_PRELOAD), it sleeps SLOWSYNC_US microseconds before every fsync and
 * fdatasync, then does the real one. SQLite's commits wait for those calls,
 * so this shows how the write path copes with a disk whose flushes are slow
 * (a VM's virtual disk under load, a laptop's SD card). Measurement only:
 * nothing in jongg links it. Built and used by scripts/bench-slow-disk.sh. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void slow_down(void) {
    const char *s = getenv("SLOWSYNC_US");
    long us = s ? atol(s) : 0;
    if (us > 0) {
        struct timespec t = {us / 1000000, (us % 1000000) * 1000};
        nanosleep(&t, 0);
    }
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    slow_down();
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    slow_down();
    return real(fd);
}
