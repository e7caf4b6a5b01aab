/* PNG decoding through libpng (see emk_png.h for why this shim exists): the prescan that refuses
 * oversized or lying files before libpng allocates, the reader, and its row-by-row forms. Every
 * setjmp and libpng reading call is in here. */
#include "emk_png.h"
#include "emk_png_errors.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t emk_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

struct emk_png_reader {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    emk_png_header header;
    emk_error_state error;
    int rows_begun;     /* emk_png_reader_begin_rows was called */
    uint32_t rows_read;
};

static void emk_read_from_memory(png_structp png, png_bytep out, size_t length) {
    emk_png_reader *reader = (emk_png_reader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        reader->error.status = EMK_PNG_TRUNCATED;
        png_error(png, "file ends too early (truncated)");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static const uint8_t emk_signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

/* Walks the chunk list without inflating anything. Three things are checked here, before libpng
 * allocates: the declared size against the limits (so a 100000x100000 header costs nothing), that
 * no chunk claims more bytes than the file holds, and the total IDAT length against the most a deflate stream of this image can honestly need (so a
 * zlib bomb is refused instead of being inflated into a scratch buffer for seconds). */
static int emk_prescan(const uint8_t *data, size_t size, const emk_png_limits *limits,
                       char *message, size_t message_size) {
    if (size < 8 + 8 + 13) return EMK_PNG_OK; /* let libpng report the truncation */
    if (memcmp(data + 12, "IHDR", 4) != 0) return EMK_PNG_OK;
    uint32_t width = emk_be32(data + 16), height = emk_be32(data + 20);
    uint8_t bit_depth = data[24], color_type = data[25];
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) return EMK_PNG_OK;
    uint64_t pixels = (uint64_t)width * (uint64_t)height;
    if (width > limits->max_width || height > limits->max_height || pixels > limits->max_pixels) {
        snprintf(message, message_size,
                 "image too large: %ux%u (%llu pixels); limits are %ux%u and %llu pixels",
                 width, height, (unsigned long long)pixels, limits->max_width, limits->max_height,
                 (unsigned long long)limits->max_pixels);
        return EMK_PNG_TOO_LARGE;
    }
    int channels = 1;
    switch (color_type) {
        case 0: case 3: channels = 1; break;
        case 2: channels = 3; break;
        case 4: channels = 2; break;
        case 6: channels = 4; break;
        default: return EMK_PNG_OK; /* libpng will refuse it with its own words */
    }
    if (bit_depth == 0 || bit_depth > 16) return EMK_PNG_OK;
    /* Raw (filtered) size, generously counting Adam7's extra filter bytes: one per row per pass. */
    uint64_t row_bytes = ((uint64_t)width * (uint64_t)channels * bit_depth + 7) / 8;
    uint64_t raw = (row_bytes + 7) * (uint64_t)height + 7 * 8;
    /* Deflate's worst case is about 9/8 of the input (fixed Huffman) plus block and zlib headers. */
    uint64_t honest_max = raw + raw / 8 + 4096;
    uint64_t idat_total = 0;
    size_t offset = 8;
    while (offset + 12 <= size) {
        uint32_t length = emk_be32(data + offset);
        const uint8_t *type = data + offset + 4;
        if (length > 0x7fffffffu) return EMK_PNG_OK; /* libpng words this error */
        if (memcmp(type, "IDAT", 4) == 0) idat_total += length;
        if (memcmp(type, "IEND", 4) == 0) break;
        if ((uint64_t)length + 12 > (uint64_t)(size - offset)) {
            /* libpng would allocate the declared length of some chunks (tEXt, sPLT...) before
             * finding out; the whole file is in memory, so refuse the lie up front. */
            snprintf(message, message_size,
                     "file ends too early (truncated): chunk '%.4s' declares %u bytes but only %llu remain",
                     (const char *)type, length, (unsigned long long)(size - offset - 8));
            return EMK_PNG_TRUNCATED;
        }
        offset += (size_t)length + 12;
    }
    if (idat_total > honest_max) {
        snprintf(message, message_size,
                 "too much image data: %llu compressed bytes for a %ux%u image that needs at most %llu",
                 (unsigned long long)idat_total, width, height, (unsigned long long)honest_max);
        return EMK_PNG_TOO_MUCH_DATA;
    }
    return EMK_PNG_OK;
}

int emk_png_reader_open(const uint8_t *data, size_t size, const emk_png_limits *limits,
                        emk_png_header *out_header, emk_png_reader **out_reader,
                        char *message, size_t message_size) {
    if (out_reader) *out_reader = NULL;
    if (!data && size > 0) return EMK_PNG_BAD_ARGUMENT;
    if (!limits || !out_header || !out_reader) return EMK_PNG_BAD_ARGUMENT;
    if (size == 0) {
        emk_copy_message(message, message_size, "empty file (0 bytes)");
        return EMK_PNG_EMPTY;
    }
    if (size < 8 || memcmp(data, emk_signature, 8) != 0) {
        size_t n = size < 8 ? size : 8;
        if (memcmp(data, emk_signature, n) == 0) {
            emk_copy_message(message, message_size, "file ends inside the PNG signature (truncated)");
            return EMK_PNG_TRUNCATED;
        }
        /* libpng's rule: the first four bytes intact but the rest not means CR/LF translation. */
        if (n == 8 && memcmp(data, emk_signature, 4) == 0) {
            emk_copy_message(message, message_size, "PNG signature damaged by a text-mode (CR/LF) transfer");
            return EMK_PNG_ASCII_DAMAGE;
        }
        emk_copy_message(message, message_size, "not a PNG file (signature does not match)");
        return EMK_PNG_NOT_PNG;
    }
    int pre = emk_prescan(data, size, limits, message, message_size);
    if (pre != EMK_PNG_OK) return pre;

    emk_png_reader *reader = (emk_png_reader *)calloc(1, sizeof *reader);
    if (!reader) return EMK_PNG_OUT_OF_MEMORY;
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->error, emk_on_error, emk_on_warning);
    if (!reader->png) { free(reader); return EMK_PNG_OUT_OF_MEMORY; }
    reader->info = png_create_info_struct(reader->png);
    if (!reader->info) { emk_png_reader_close(reader); return EMK_PNG_OUT_OF_MEMORY; }

    if (setjmp(png_jmpbuf(reader->png))) {
        int status = reader->error.status ? reader->error.status : EMK_PNG_LIBPNG_ERROR;
        emk_copy_message(message, message_size, reader->error.message);
        emk_png_reader_close(reader);
        return status;
    }
    /* Our own limits were checked in the prescan; libpng's only need to cover the PNG maximum. */
    png_set_user_limits(reader->png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_malloc_max(reader->png, 8u * 1024u * 1024u);
    png_set_read_fn(reader->png, reader, emk_read_from_memory);
    png_read_info(reader->png, reader->info);

    emk_png_header header;
    header.width = png_get_image_width(reader->png, reader->info);
    header.height = png_get_image_height(reader->png, reader->info);
    header.color_type = png_get_color_type(reader->png, reader->info);
    header.bit_depth = png_get_bit_depth(reader->png, reader->info);
    header.interlaced = png_get_interlace_type(reader->png, reader->info) == PNG_INTERLACE_ADAM7;
    header.has_trns = png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) ? 1 : 0;
    uint64_t pixels = (uint64_t)header.width * header.height;
    if (header.width > limits->max_width || header.height > limits->max_height || pixels > limits->max_pixels) {
        snprintf(message, message_size, "image too large: %ux%u; limits are %ux%u and %llu pixels",
                 header.width, header.height, limits->max_width, limits->max_height,
                 (unsigned long long)limits->max_pixels);
        emk_png_reader_close(reader);
        return EMK_PNG_TOO_LARGE;
    }
    reader->header = header;
    *out_header = header;
    *out_reader = reader;
    return EMK_PNG_OK;
}

/* The canonical transforms (conformance/pngsuite/EXPECTED.md): expand palette, low-bit gray and
 * tRNS; round 16-bit samples; gray to RGB; opaque alpha where there is none; de-interlace.
 * Must run inside the caller's setjmp. */
static void emk_set_rgba8_transforms(emk_png_reader *reader) {
    png_structp png = reader->png;
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, reader->info);
    if (png_get_rowbytes(png, reader->info) != (size_t)reader->header.width * 4) {
        png_error(png, "unexpected row size after transforms");
    }
}

static int emk_reader_failed(emk_png_reader *reader, char *message, size_t message_size) {
    emk_copy_message(message, message_size, reader->error.message);
    return reader->error.status ? reader->error.status : EMK_PNG_LIBPNG_ERROR;
}

int emk_png_reader_read_rgba8(emk_png_reader *reader, uint8_t *pixels, char *message, size_t message_size) {
    if (!reader || !pixels || reader->rows_begun) return EMK_PNG_BAD_ARGUMENT;
    /* volatile: the pointer must survive the longjmp back to this frame. */
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(reader->png))) {
        free(rows);
        return emk_reader_failed(reader, message, message_size);
    }
    png_structp png = reader->png;
    emk_set_rgba8_transforms(reader);
    size_t row_bytes = (size_t)reader->header.width * 4;
    rows = (png_bytep *)malloc(sizeof(png_bytep) * reader->header.height);
    if (!rows) {
        reader->error.status = EMK_PNG_OUT_OF_MEMORY;
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < reader->header.height; y++) rows[y] = pixels + (size_t)y * row_bytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    return EMK_PNG_OK;
}

int emk_png_reader_begin_rows(emk_png_reader *reader, char *message, size_t message_size) {
    if (!reader || reader->rows_begun || reader->header.interlaced) return EMK_PNG_BAD_ARGUMENT;
    if (setjmp(png_jmpbuf(reader->png))) return emk_reader_failed(reader, message, message_size);
    emk_set_rgba8_transforms(reader);
    reader->rows_begun = 1;
    return EMK_PNG_OK;
}

int emk_png_reader_begin_indexed_rows(emk_png_reader *reader, uint8_t *palette_rgba, char *message, size_t message_size) {
    if (!reader || !palette_rgba || reader->rows_begun || reader->header.interlaced) return EMK_PNG_BAD_ARGUMENT;
    if (reader->header.color_type != PNG_COLOR_TYPE_PALETTE || reader->header.bit_depth > 8) return EMK_PNG_BAD_ARGUMENT;
    if (setjmp(png_jmpbuf(reader->png))) return emk_reader_failed(reader, message, message_size);
    png_structp png = reader->png;
    png_infop info = reader->info;
    /* What png_set_expand would give each index: RGB from PLTE (black past its end, as libpng's
     * zero-filled 256-entry palette gives), alpha from tRNS (opaque past its end). */
    png_colorp palette = NULL;
    int palette_count = 0;
    if (!png_get_PLTE(png, info, &palette, &palette_count)) png_error(png, "palette image without PLTE");
    png_bytep trans = NULL;
    int trans_count = 0;
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_get_tRNS(png, info, &trans, &trans_count, NULL);
    for (int i = 0; i < 256; i++) {
        uint8_t *entry = palette_rgba + 4 * i;
        if (i < palette_count) {
            entry[0] = palette[i].red, entry[1] = palette[i].green, entry[2] = palette[i].blue;
        } else {
            entry[0] = entry[1] = entry[2] = 0;
        }
        entry[3] = trans && i < trans_count ? trans[i] : 255;
    }
    png_set_packing(png); /* 1, 2 and 4-bit indices one per byte */
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)reader->header.width) png_error(png, "unexpected row size for palette indices");
    reader->rows_begun = 1;
    return EMK_PNG_OK;
}

int emk_png_reader_read_row(emk_png_reader *reader, uint8_t *row, char *message, size_t message_size) {
    if (!reader || !row || !reader->rows_begun) return EMK_PNG_BAD_ARGUMENT;
    if (reader->rows_read >= reader->header.height) return EMK_PNG_BAD_ARGUMENT;
    if (setjmp(png_jmpbuf(reader->png))) return emk_reader_failed(reader, message, message_size);
    png_read_row(reader->png, row, NULL);
    reader->rows_read++;
    /* After the last row, read what follows the image data (to IEND), as read_rgba8 does. */
    if (reader->rows_read == reader->header.height) png_read_end(reader->png, NULL);
    return EMK_PNG_OK;
}

void emk_png_reader_close(emk_png_reader *reader) {
    if (!reader) return;
    if (reader->png) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    free(reader);
}
