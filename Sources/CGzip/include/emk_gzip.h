#ifndef EMK_GZIP_H
#define EMK_GZIP_H

#include <stddef.h>
#include <stdint.h>

/// A gzip file written through zlib's raw deflate, with a fixed header: no timestamp, no file
/// name, no extra flags, OS "unknown" (255). The same bytes in therefore always give the same
/// file out, on every machine (for one zlib version and level). Knows nothing of tar or emokit.
typedef struct emk_gzip emk_gzip;

/// Creates `path`, which must not exist (O_CREAT | O_EXCL | O_NOFOLLOW: an existing file or
/// symbolic link there is refused, never truncated or followed). Returns NULL with a message in
/// `err` on failure.
emk_gzip *emk_gzip_open(const char *path, int level, char *err, size_t err_len);

/// Compresses and writes `len` bytes. Returns 0, or -1 with a message in `err`.
int emk_gzip_write(emk_gzip *gz, const uint8_t *data, size_t len, char *err, size_t err_len);

/// Finishes the stream (CRC-32 and length trailer), closes the file and frees `gz`.
/// Returns 0, or -1 with a message in `err` (the file is then incomplete; the caller deletes it).
int emk_gzip_close(emk_gzip *gz, char *err, size_t err_len);

/// Closes the file and frees `gz` without finishing the stream.
void emk_gzip_abort(emk_gzip *gz);

#endif
