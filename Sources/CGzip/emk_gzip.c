#include "emk_gzip.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

struct emk_gzip {
    FILE *file;
    z_stream stream;
    uLong crc;
    uLong length;
    unsigned char buffer[65536];
};

static void set_error(char *err, size_t err_len, const char *what, const char *detail) {
    if (err && err_len > 0) snprintf(err, err_len, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
}

static int write_all(emk_gzip *gz, const void *bytes, size_t len, char *err, size_t err_len) {
    if (len > 0 && fwrite(bytes, 1, len, gz->file) != len) {
        set_error(err, err_len, "cannot write", strerror(errno));
        return -1;
    }
    return 0;
}

emk_gzip *emk_gzip_open(const char *path, int level, char *err, size_t err_len) {
    emk_gzip *gz = calloc(1, sizeof(emk_gzip));
    if (!gz) { set_error(err, err_len, "out of memory", NULL); return NULL; }
    // Raw deflate (negative window bits): the gzip header and trailer are written here, fixed.
    if (deflateInit2(&gz->stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        set_error(err, err_len, "zlib deflateInit2 failed", gz->stream.msg);
        free(gz);
        return NULL;
    }
    // A new file only: an existing file or symbolic link at `path` (beside the output, where
    // others may write) is never truncated or followed.
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    gz->file = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!gz->file) {
        if (fd >= 0) close(fd);
        set_error(err, err_len, "cannot create", strerror(errno));
        deflateEnd(&gz->stream);
        free(gz);
        return NULL;
    }
    gz->crc = crc32(0L, Z_NULL, 0);
    // ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=255 (unknown).
    static const unsigned char header[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255};
    if (write_all(gz, header, sizeof header, err, err_len) != 0) { emk_gzip_abort(gz); return NULL; }
    return gz;
}

static int pump(emk_gzip *gz, int flush, char *err, size_t err_len) {
    int status;
    do {
        gz->stream.next_out = gz->buffer;
        gz->stream.avail_out = sizeof gz->buffer;
        status = deflate(&gz->stream, flush);
        if (status == Z_STREAM_ERROR) { set_error(err, err_len, "zlib deflate failed", gz->stream.msg); return -1; }
        if (write_all(gz, gz->buffer, sizeof gz->buffer - gz->stream.avail_out, err, err_len) != 0) return -1;
    } while (gz->stream.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
    return 0;
}

int emk_gzip_write(emk_gzip *gz, const uint8_t *data, size_t len, char *err, size_t err_len) {
    while (len > 0) {
        uInt chunk = len > (1u << 30) ? (1u << 30) : (uInt)len;
        gz->crc = crc32(gz->crc, data, chunk);
        gz->length += chunk;
        gz->stream.next_in = (Bytef *)data;
        gz->stream.avail_in = chunk;
        if (pump(gz, Z_NO_FLUSH, err, err_len) != 0) return -1;
        data += chunk;
        len -= chunk;
    }
    return 0;
}

int emk_gzip_close(emk_gzip *gz, char *err, size_t err_len) {
    int result = pump(gz, Z_FINISH, err, err_len);
    if (result == 0) {
        unsigned char trailer[8];
        for (int i = 0; i < 4; i++) {
            trailer[i] = (unsigned char)((gz->crc >> (8 * i)) & 0xff);
            trailer[4 + i] = (unsigned char)((gz->length >> (8 * i)) & 0xff);
        }
        result = write_all(gz, trailer, sizeof trailer, err, err_len);
    }
    deflateEnd(&gz->stream);
    if (fclose(gz->file) != 0 && result == 0) {
        set_error(err, err_len, "cannot write", strerror(errno));
        result = -1;
    }
    free(gz);
    return result;
}

void emk_gzip_abort(emk_gzip *gz) {
    if (!gz) return;
    deflateEnd(&gz->stream);
    fclose(gz->file);
    free(gz);
}
