// The output folder swap needs one system call Swift's Glibc module does not expose
// (renameat2 is declared only under _GNU_SOURCE); it is called through syscall(2) so it works
// with any glibc that knows the number.
#define _GNU_SOURCE
#include "emk_sys.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static int emk_renameat2(const char *from, const char *to, unsigned int flags) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
#else
    (void)from; (void)to; (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

int emk_exchange(const char *from, const char *to) { return emk_renameat2(from, to, RENAME_EXCHANGE); }
int emk_rename_noreplace(const char *from, const char *to) { return emk_renameat2(from, to, RENAME_NOREPLACE); }

#elif defined(__APPLE__)
int emk_exchange(const char *from, const char *to) { return renamex_np(from, to, RENAME_SWAP); }
int emk_rename_noreplace(const char *from, const char *to) { return renamex_np(from, to, RENAME_EXCL); }

#else
int emk_exchange(const char *from, const char *to) { (void)from; (void)to; errno = ENOSYS; return -1; }
int emk_rename_noreplace(const char *from, const char *to) { (void)from; (void)to; errno = ENOSYS; return -1; }
#endif

// ioctl is variadic, which Swift cannot call.
int emk_terminal_columns(int fd) {
#if defined(TIOCGWINSZ)
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) return size.ws_col;
#else
    (void)fd;
#endif
    return 0;
}

// glibc maps every allocation above 128 KiB on its own and unmaps it when freed, raising that
// threshold only after freeing such a block. A run allocates thousands of buffers of 1 to 8 MB, so
// by default each one cost fresh pages, faulted in and zeroed by the kernel: the emoji keyboard
// per width spent 2.5 s in the kernel instead of 0.95 s (0.2 s instead of 0.1 s any-width). The
// thresholds are the highest glibc's own adjustment can reach (mapped above 32 MiB, the heap's
// free top returned above twice that): a per-width @3x sheet for a 1366 pt screen is a 10 MB
// canvas, which a lower threshold mapped afresh every time (0.9 s in the kernel instead of 0.3 s
// for the benchmark corpus at that width). Peak memory stays as it was (Performance.md).
void emk_tune_allocator(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}
