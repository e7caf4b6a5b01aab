/*
 * The reader of emokit's own sheets (emk_sheet_read_rgba8, see emk_sheet.h): libdeflate, no
 * libpng, for the one layout the writers here produce.
 *
 * Why: checking a rebuild's cached sheets decoded every sheet of every page through libpng and
 * zlib, most of a rebuild's time; libdeflate inflates several times faster. It accepts only the
 * one layout, so it decides nothing libpng would refuse.
 */
#include "emk_sheet_internal.h"

#include <libdeflate.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint32_t emk_get_be32(const uint8_t *at) {
    return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | (uint32_t)at[3];
}

/* The reader of what emk_sheet_writer.c and emk_sheet_zlib.c write (see emk_sheet.h): chunk by chunk, each length checked
 * against what is left before it is used, the IDAT data gathered into one buffer (a writer may
 * split it), then one libdeflate call that must produce exactly the rows and consume exactly the
 * data (the Adler-32 is checked by libdeflate). */
int emk_sheet_read_rgba8(const uint8_t *png, size_t size, uint32_t width, uint32_t height, uint8_t *rows) {
    if (!png || !rows || width == 0 || height == 0 || width > 0x7fffffffu / 4) return EMK_SHEET_BAD_ARGUMENT;
    size_t stride = (size_t)width * 4 + 1;
    if ((size_t)height > SIZE_MAX / stride) return EMK_SHEET_BAD_ARGUMENT;
    if (size < 8 + 25 + 12 || memcmp(png, emk_sheet_signature, 8) != 0) return EMK_SHEET_UNUSUAL_LAYOUT;
    size_t at = 8, idat_bytes = 0;
    int seen_ihdr = 0, seen_iend = 0, seen_idat = 0;
    uint8_t *stream = NULL;
    size_t stream_size = 0;
    int status = EMK_SHEET_UNUSUAL_LAYOUT;
    /* Pass 1: the layout and CRCs, and how many IDAT bytes; pass 2 gathers them. */
    for (int pass = 0; pass < 2; pass++) {
        at = 8, seen_ihdr = seen_iend = seen_idat = 0;
        while (!seen_iend) {
            if (size - at < 12) goto done;
            uint32_t length = emk_get_be32(png + at);
            const uint8_t *type = png + at + 4, *data = png + at + 8;
            if (length > size - at - 12) goto done;
            if (pass == 0 && emk_get_be32(data + length) != (uint32_t)libdeflate_crc32(0, type, (size_t)length + 4)) goto done;
            if (memcmp(type, "IHDR", 4) == 0) {
                if (seen_ihdr || length != 13 || emk_get_be32(data) != width || emk_get_be32(data + 4) != height) goto done;
                if (data[8] != 8 || data[9] != 6 || data[10] != 0 || data[11] != 0 || data[12] != 0) goto done;
                seen_ihdr = 1;
            } else if (memcmp(type, "IDAT", 4) == 0) {
                if (!seen_ihdr) goto done;
                seen_idat = 1;
                if (pass == 0) idat_bytes += length;
                else memcpy(stream + stream_size, data, length), stream_size += length;
            } else if (memcmp(type, "IEND", 4) == 0) {
                if (!seen_idat || length != 0) goto done;
                seen_iend = 1;
            } else {
                goto done;
            }
            at += 12 + (size_t)length;
        }
        if (at != size) goto done;
        if (pass == 0) {
            stream = (uint8_t *)malloc(idat_bytes ? idat_bytes : 1);
            if (!stream) { status = EMK_SHEET_OUT_OF_MEMORY; goto done; }
        }
    }
    /* The zlib header must declare a 32 KiB window (CMF 0x78), as every emokit sheet does:
     * libdeflate ignores the declared window, but libpng's inflate refuses a stream whose copies
     * reach past a smaller one, and this reader must accept nothing libpng refuses. */
    if (stream_size < 2 || stream[0] != 0x78) goto done;
    {
        struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
        if (!d) { status = EMK_SHEET_OUT_OF_MEMORY; goto done; }
        size_t consumed = 0;
        enum libdeflate_result result = libdeflate_zlib_decompress_ex(d, stream, stream_size, rows, stride * height, &consumed, NULL);
        libdeflate_free_decompressor(d);
        if (result != LIBDEFLATE_SUCCESS || consumed != stream_size) goto done;
    }
    for (uint32_t y = 0; y < height; y++) {
        if (rows[(size_t)y * stride] != 0) goto done;
        memmove(rows + (size_t)y * (stride - 1), rows + (size_t)y * stride + 1, stride - 1);
    }
    status = EMK_SHEET_OK;
done:
    free(stream);
    return status;
}
