#ifndef EMK_SYS_H
#define EMK_SYS_H

/// Atomically exchanges two existing paths (both stay present at every instant):
/// Linux renameat2(RENAME_EXCHANGE), macOS renamex_np(RENAME_SWAP).
/// Returns 0, or -1 with errno set (ENOSYS/EINVAL where the file system cannot exchange).
int emk_exchange(const char *from, const char *to);

/// Renames `from` to `to` only if `to` does not exist (never replaces anything):
/// renameat2(RENAME_NOREPLACE) / renamex_np(RENAME_EXCL). Returns 0 or -1 with errno.
int emk_rename_noreplace(const char *from, const char *to);

/// The width of the terminal on `fd` in columns (TIOCGWINSZ), or 0 when `fd` is no terminal
/// or its size is not set.
int emk_terminal_columns(int fd);

/// Keeps buffers of a few megabytes (a sheet's rows, its canvas, its compressed bytes) in glibc's
/// heap for reuse instead of mapping and unmapping each one; nothing elsewhere. Called once, by
/// the command line tool, before any work.
void emk_tune_allocator(void);

#endif
