/*
 * The RGBA8 PNG writer for unfiltered rows (emokit's default), without libpng: the rows go to
 * libdeflate in one buffer.
 *
 * Why libdeflate, not zlib: deflate is the largest part of a run, and a sheet is a few MB, so
 * whole-buffer compression fits. On the benchmark corpus (127 sheets, 152 MB of rows at 375@2x)
 * libdeflate level 2 makes 16.4 MB in 0.38 s of CPU where zlib's level 3, with this writer's
 * former trick of writing runs of zero rows as blocks of their own, made 16.9 MB in about 0.6 s;
 * libdeflate picks SSE2/AVX2/BMI2 code at run time, so the same binary is fast on any x86-64
 * (Documentation/Performance.md has the table of levels). The trick is gone because libdeflate
 * writes only whole streams (the last block is always final) and its match finder already skips
 * a 258-byte copy of zeros cheaply.
 *
 * Rows can be handed over a band at a time (emk_sheet_stream_*); the one-shot encoder is the
 * stream given every row at once, so both write the same bytes. Images above
 * EMK_SHEET_WHOLE_BYTES of rows are not held whole: they stream through zlib (emk_sheet_zlib.c),
 * chosen by size alone, so the bytes never depend on how the rows were handed over. The Adler-32
 * and the IDAT chunk's CRC are libdeflate's.
 */
#include "emk_sheet_internal.h"

#include <libdeflate.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const uint8_t emk_sheet_signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

void emk_sheet_buffer_free(emk_sheet_buffer *buffer) {
    if (!buffer) return;
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->size = buffer->capacity = 0;
}

struct emk_sheet_stream {
    emk_zlib_stream *zlib; /* images above EMK_SHEET_WHOLE_BYTES; the fields below are unused then */
    uint8_t *rows;       /* every row behind its filter byte (0, None) */
    size_t row_bytes, stride;
    uint32_t height, rows_seen;
    int level;           /* libdeflate's 0-12 */
};

/* One compressor per thread and level, kept: allocating one costs its hash tables every sheet. */
static _Thread_local struct libdeflate_compressor *emk_compressor;
static _Thread_local int emk_compressor_level = -1;

static struct libdeflate_compressor *emk_compressor_for(int level) {
    if (emk_compressor && emk_compressor_level == level) return emk_compressor;
    if (emk_compressor) libdeflate_free_compressor(emk_compressor);
    emk_compressor = libdeflate_alloc_compressor(level);
    emk_compressor_level = emk_compressor ? level : -1;
    return emk_compressor;
}

void emk_sheet_stream_free(emk_sheet_stream *s) {
    if (!s) return;
    emk_zlib_stream_free(s->zlib);
    free(s->rows);
    free(s);
}

size_t emk_sheet_whole_bytes(void) { return EMK_SHEET_WHOLE_BYTES; }

int emk_sheet_stream_begin(uint32_t width, uint32_t height, const emk_sheet_deflate *settings, emk_sheet_stream **out_stream,
                           char *message, size_t message_size) {
    if (!out_stream || !settings || width == 0 || height == 0 || width > 0x7fffffffu / 4 || height > 0x7fffffffu)
        return EMK_SHEET_BAD_ARGUMENT;
    *out_stream = NULL;
    size_t stride = (size_t)width * 4 + 1;
    if ((size_t)height > SIZE_MAX / stride) return EMK_SHEET_BAD_ARGUMENT;
    emk_sheet_stream *s = (emk_sheet_stream *)calloc(1, sizeof *s);
    if (!s) return EMK_SHEET_OUT_OF_MEMORY;
    if (stride * height > EMK_SHEET_WHOLE_BYTES) {
        int status = emk_zlib_stream_begin(width, height, settings, &s->zlib, message, message_size);
        if (status != EMK_SHEET_OK) { free(s); return status; }
        *out_stream = s;
        return EMK_SHEET_OK;
    }
    s->row_bytes = (size_t)width * 4;
    s->stride = stride;
    s->height = height;
    s->level = settings->level < 0 ? 6 : (settings->level > 12 ? 12 : settings->level);
    s->rows = (uint8_t *)malloc(stride * height);
    if (!s->rows) { free(s); return EMK_SHEET_OUT_OF_MEMORY; }
    *out_stream = s;
    return EMK_SHEET_OK;
}

int emk_sheet_stream_push_rows(emk_sheet_stream *s, const uint8_t *rows, uint32_t count, char *message, size_t message_size) {
    if (s && s->zlib) return emk_zlib_stream_push_rows(s->zlib, rows, count, message, message_size);
    if (!s || (!rows && count > 0) || count > s->height - s->rows_seen) return EMK_SHEET_BAD_ARGUMENT;
    uint8_t *slot = s->rows + (size_t)s->rows_seen * s->stride;
    for (uint32_t r = 0; r < count; r++, slot += s->stride) {
        slot[0] = 0; /* filter type None */
        memcpy(slot + 1, rows + (size_t)r * s->row_bytes, s->row_bytes);
    }
    s->rows_seen += count;
    return EMK_SHEET_OK;
}

static void emk_put_be32(uint8_t *at, uint32_t v) {
    at[0] = (uint8_t)(v >> 24), at[1] = (uint8_t)(v >> 16), at[2] = (uint8_t)(v >> 8), at[3] = (uint8_t)v;
}

int emk_sheet_stream_finish(emk_sheet_stream *s, emk_sheet_buffer *out, char *message, size_t message_size) {
    if (s && s->zlib) return emk_zlib_stream_finish(s->zlib, out, message, message_size);
    if (!s || !out) return EMK_SHEET_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (s->rows_seen != s->height) {
        snprintf(message, message_size, "the image has %u rows but %u were given", (unsigned)s->height, (unsigned)s->rows_seen);
        return EMK_SHEET_BAD_ARGUMENT;
    }
    struct libdeflate_compressor *compressor = emk_compressor_for(s->level);
    if (!compressor) {
        snprintf(message, message_size, "libdeflate could not start (level %d)", s->level);
        return EMK_SHEET_OUT_OF_MEMORY;
    }
    size_t raw = s->stride * s->height;
    /* Signature and IHDR (33 bytes), the IDAT header (8), the stream, its CRC (4) and IEND (12).
     * The bound is only reserved: pages the stream does not reach are never touched. */
    size_t bound = libdeflate_zlib_compress_bound(compressor, raw);
    if (bound > SIZE_MAX - 64) return EMK_SHEET_OUT_OF_MEMORY;
    uint8_t *bytes = (uint8_t *)malloc(bound + 57);
    if (!bytes) return EMK_SHEET_OUT_OF_MEMORY;
    memcpy(bytes, emk_sheet_signature, 8);
    emk_put_be32(bytes + 8, 13);
    uint8_t *ihdr = bytes + 12;
    memcpy(ihdr, "IHDR", 4);
    emk_put_be32(ihdr + 4, (uint32_t)(s->row_bytes / 4));
    emk_put_be32(ihdr + 8, s->height);
    ihdr[12] = 8, ihdr[13] = 6, ihdr[14] = 0, ihdr[15] = 0, ihdr[16] = 0; /* 8-bit RGBA, deflate, no interlace */
    emk_put_be32(bytes + 29, (uint32_t)libdeflate_crc32(0, ihdr, 17));
    size_t stream = libdeflate_zlib_compress(compressor, s->rows, raw, bytes + 41, bound);
    if (stream == 0 || stream > 0x7fffffffu) {
        free(bytes);
        snprintf(message, message_size, stream == 0 ? "libdeflate could not compress the image" : "image data too large for one PNG chunk");
        return stream == 0 ? EMK_SHEET_COMPRESSOR_ERROR : EMK_SHEET_BAD_ARGUMENT;
    }
    emk_put_be32(bytes + 33, (uint32_t)stream);
    memcpy(bytes + 37, "IDAT", 4);
    emk_put_be32(bytes + 41 + stream, (uint32_t)libdeflate_crc32(0, bytes + 37, stream + 4));
    static const uint8_t iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
    memcpy(bytes + 45 + stream, iend, 12);
    out->bytes = bytes;
    out->size = 57 + stream;
    out->capacity = bound + 57;
    return EMK_SHEET_OK;
}

int emk_sheet_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, const emk_sheet_deflate *settings,
                           emk_sheet_buffer *out, char *message, size_t message_size) {
    if (!pixels || !out) return EMK_SHEET_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    emk_sheet_stream *s = NULL;
    int status = emk_sheet_stream_begin(width, height, settings, &s, message, message_size);
    if (status == EMK_SHEET_OK) status = emk_sheet_stream_push_rows(s, pixels, height, message, message_size);
    if (status == EMK_SHEET_OK) status = emk_sheet_stream_finish(s, out, message, message_size);
    emk_sheet_stream_free(s);
    return status;
}
