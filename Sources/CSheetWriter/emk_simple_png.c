/*
 * The reader of simple PNGs (emk_simple_png_read, see emk_sheet.h): libdeflate, no libpng, for
 * the shape every glyph of Noto Color Emoji has (palette or 8-bit RGBA, not interlaced, no
 * critical chunk but IHDR, PLTE, IDAT and IEND).
 *
 * Why: an emoji keyboard decodes about 3,600 glyphs a run, and zlib's inflate with libpng's
 * row machinery was a tenth of the run; libdeflate inflates the whole image in one call several
 * times faster. It decides nothing: any chunk, CRC, stream or filter it does not take as it is,
 * it returns EMK_SHEET_UNUSUAL_LAYOUT and the caller reads the file with libpng (emk_png.h),
 * which names what is wrong; and for what it takes it gives libpng's rows: the same
 * unfiltering, the same palette expansion. Within the stream it trusts libdeflate, which reads a
 * few malformed codings zlib refuses (see emk_sheet.h): emokit uses it for its emoji font's
 * glyphs, never for a pack's images.
 */
#include "emk_sheet_internal.h"

#include <libdeflate.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint32_t emk_be32(const uint8_t *at) {
    return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | (uint32_t)at[3];
}

static uint8_t emk_paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + (int)b - (int)c;
    int pa = abs(p - (int)a), pb = abs(p - (int)b), pc = abs(p - (int)c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

/* An ancillary chunk (gAMA, sRGB, pHYs, tEXt...): a name of four letters, the first lower case.
 * They change no pixel libpng gives emokit (it applies no colour management), and libpng skips a
 * damaged one with a warning, so one with a valid CRC is passed over here too. */
static int emk_ancillary(const uint8_t *type) {
    for (int i = 0; i < 4; i++) {
        uint8_t c = type[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return 0;
    }
    return type[0] >= 'a';
}

/* Undoes each row's filter in place (`bpp` bytes a pixel); 0 when a row's filter type is not
 * one of PNG's five. */
static int emk_unfilter(uint8_t *rows, size_t stride, uint32_t height, size_t bpp) {
    size_t bytes = stride - 1;
    const uint8_t *prior = NULL;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = rows + (size_t)y * stride;
        uint8_t type = row[0];
        uint8_t *x = row + 1;
        switch (type) {
        case 0: break;
        case 1:
            for (size_t i = bpp; i < bytes; i++) x[i] = (uint8_t)(x[i] + x[i - bpp]);
            break;
        case 2:
            if (prior)
                for (size_t i = 0; i < bytes; i++) x[i] = (uint8_t)(x[i] + prior[i]);
            break;
        case 3:
            for (size_t i = 0; i < bytes; i++) {
                unsigned left = i >= bpp ? x[i - bpp] : 0, up = prior ? prior[i] : 0;
                x[i] = (uint8_t)(x[i] + ((left + up) >> 1));
            }
            break;
        case 4:
            for (size_t i = 0; i < bytes; i++) {
                uint8_t left = i >= bpp ? x[i - bpp] : 0, up = prior ? prior[i] : 0;
                uint8_t corner = prior && i >= bpp ? prior[i - bpp] : 0;
                x[i] = (uint8_t)(x[i] + emk_paeth(left, up, corner));
            }
            break;
        default: return 0;
        }
        prior = x;
    }
    return 1;
}

int emk_simple_png_read(const uint8_t *png, size_t size, uint32_t max_width, uint32_t max_height, uint64_t max_pixels, emk_simple_png *out) {
    if (!png || !out) return EMK_SHEET_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (size < 8 + 25 + 12 || memcmp(png, emk_sheet_signature, 8) != 0) return EMK_SHEET_UNUSUAL_LAYOUT;
    /* IHDR first, as libpng requires: 8-bit palette or RGBA, no interlace. */
    const uint8_t *ihdr = png + 8;
    if (emk_be32(ihdr) != 13 || memcmp(ihdr + 4, "IHDR", 4) != 0) return EMK_SHEET_UNUSUAL_LAYOUT;
    uint32_t width = emk_be32(ihdr + 8), height = emk_be32(ihdr + 12);
    uint8_t depth = ihdr[16], color = ihdr[17];
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) return EMK_SHEET_UNUSUAL_LAYOUT;
    if (width > max_width || height > max_height || (uint64_t)width * height > max_pixels) return EMK_SHEET_UNUSUAL_LAYOUT;
    int palette_depth = color == 3 && (depth == 1 || depth == 2 || depth == 4 || depth == 8);
    if (!(palette_depth || (color == 6 && depth == 8)) || ihdr[18] != 0 || ihdr[19] != 0 || ihdr[20] != 0) return EMK_SHEET_UNUSUAL_LAYOUT;
    /* Bytes a pixel for the filters (1 below 8 bits), and a row's bytes with its filter byte. */
    size_t bpp = color == 6 ? 4 : 1;
    size_t stride = color == 6 ? (size_t)width * 4 + 1 : ((size_t)width * depth + 7) / 8 + 1;
    if ((size_t)height > SIZE_MAX / stride || (size_t)height > SIZE_MAX / width) return EMK_SHEET_UNUSUAL_LAYOUT;

    /* The chunks: every CRC valid; PLTE (palette images only) and tRNS (after it, no longer
     * than it) before the image data; the IDAT chunks one run; ancillary chunks anywhere
     * between; IEND last, at the end. */
    const uint8_t *palette = NULL, *trans = NULL, *first_idat = NULL;
    uint32_t palette_count = 0, trans_count = 0;
    size_t at = 8, idat_bytes = 0, idat_chunks = 0;
    int idat_ended = 0, seen_iend = 0;
    while (!seen_iend) {
        if (size - at < 12) return EMK_SHEET_UNUSUAL_LAYOUT;
        uint32_t length = emk_be32(png + at);
        const uint8_t *type = png + at + 4, *data = png + at + 8;
        if (length > 0x7fffffffu || length > size - at - 12) return EMK_SHEET_UNUSUAL_LAYOUT;
        if (emk_be32(data + length) != (uint32_t)libdeflate_crc32(0, type, (size_t)length + 4)) return EMK_SHEET_UNUSUAL_LAYOUT;
        int is_idat = memcmp(type, "IDAT", 4) == 0;
        if (!is_idat && idat_chunks > 0) idat_ended = 1;
        if (at == 8) {
            /* IHDR, checked above */
        } else if (memcmp(type, "PLTE", 4) == 0) {
            /* libpng cuts a palette longer than the bit depth allows (and then its tRNS): declined. */
            if (color != 3 || palette || idat_chunks || length == 0 || length % 3 != 0 || length / 3 > (1u << depth)) return EMK_SHEET_UNUSUAL_LAYOUT;
            palette = data, palette_count = length / 3;
        } else if (memcmp(type, "tRNS", 4) == 0) {
            if (!palette || trans || idat_chunks || length == 0 || length > palette_count) return EMK_SHEET_UNUSUAL_LAYOUT;
            trans = data, trans_count = length;
        } else if (is_idat) {
            if (idat_ended || (color == 3 && !palette)) return EMK_SHEET_UNUSUAL_LAYOUT;
            if (!first_idat) first_idat = data;
            idat_bytes += length, idat_chunks++;
        } else if (memcmp(type, "IEND", 4) == 0) {
            if (!idat_chunks || length != 0) return EMK_SHEET_UNUSUAL_LAYOUT;
            seen_iend = 1;
        } else if (!emk_ancillary(type)) {
            return EMK_SHEET_UNUSUAL_LAYOUT;
        }
        at += 12 + (size_t)length;
    }
    if (at != size) return EMK_SHEET_UNUSUAL_LAYOUT;
    /* libpng's shim refuses more image data than the rows could honestly need (a zlib bomb
     * padded with empty blocks), before inflating: declined here at the latest there (the
     * bound here counts the rows exactly, the shim's a little more). */
    uint64_t raw = (uint64_t)stride * height;
    if ((uint64_t)idat_bytes > raw + raw / 8 + 4096) return EMK_SHEET_UNUSUAL_LAYOUT;

    /* One zlib stream, gathered when split over several chunks. libdeflate ignores the window
     * the stream declares and libpng refuses copies reaching past it: a window under 32 KiB is
     * taken only when it holds all the rows (as libpng and most optimisers choose it for a small
     * image), so that no copy can reach past it. */
    const uint8_t *stream = first_idat;
    uint8_t *gathered = NULL;
    if (idat_chunks > 1) {
        gathered = (uint8_t *)malloc(idat_bytes ? idat_bytes : 1);
        if (!gathered) return EMK_SHEET_OUT_OF_MEMORY;
        size_t filled = 0;
        for (size_t c = 8 + 25; c < size;) {
            uint32_t length = emk_be32(png + c);
            if (memcmp(png + c + 4, "IDAT", 4) == 0) memcpy(gathered + filled, png + c + 8, length), filled += length;
            c += 12 + (size_t)length;
        }
        stream = gathered;
    }
    int status = EMK_SHEET_UNUSUAL_LAYOUT;
    uint8_t *rows = NULL;
    if (idat_bytes < 2 || (stream[0] & 0x0f) != 8 || stream[0] >> 4 > 7) goto done;
    if (stream[0] != 0x78 && stride * height > (size_t)1 << ((stream[0] >> 4) + 8)) goto done;
    rows = (uint8_t *)malloc(stride * height);
    if (!rows) { status = EMK_SHEET_OUT_OF_MEMORY; goto done; }
    {
        struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
        if (!d) { status = EMK_SHEET_OUT_OF_MEMORY; goto done; }
        size_t consumed = 0;
        enum libdeflate_result result = libdeflate_zlib_decompress_ex(d, stream, idat_bytes, rows, stride * height, &consumed, NULL);
        libdeflate_free_decompressor(d);
        if (result != LIBDEFLATE_SUCCESS || consumed != idat_bytes) goto done;
    }
    if (!emk_unfilter(rows, stride, height, bpp)) goto done;
    if (color == 3 && depth < 8) {
        /* 1, 2 and 4-bit indices one a byte, the leftmost pixel in the high bits (libpng's
         * png_set_packing), into rows of their own with a filter byte's place kept. */
        size_t unpacked_stride = (size_t)width + 1;
        uint8_t *unpacked = (uint8_t *)malloc(unpacked_stride * height);
        if (!unpacked) { status = EMK_SHEET_OUT_OF_MEMORY; goto done; }
        unsigned per_byte = 8u / depth, mask = (1u << depth) - 1;
        for (uint32_t y = 0; y < height; y++) {
            const uint8_t *packed = rows + (size_t)y * stride + 1;
            uint8_t *index = unpacked + (size_t)y * unpacked_stride + 1;
            for (uint32_t x = 0; x < width; x++) {
                unsigned shift = (per_byte - 1 - x % per_byte) * depth;
                index[x] = (uint8_t)((packed[x / per_byte] >> shift) & mask);
            }
        }
        free(rows);
        rows = unpacked;
        stride = unpacked_stride;
    }
    /* What libpng's expansion gives each index: RGB from PLTE (black past its end), alpha
     * from tRNS (opaque past its end). */
    if (color == 3) {
        for (uint32_t i = 0; i < 256; i++) {
            uint8_t *entry = out->palette_rgba + 4 * i;
            if (i < palette_count) entry[0] = palette[3 * i], entry[1] = palette[3 * i + 1], entry[2] = palette[3 * i + 2];
            entry[3] = trans && i < trans_count ? trans[i] : 255;
        }
    }
    out->width = width, out->height = height, out->color_type = color;
    out->rows = rows, out->stride = stride;
    rows = NULL;
    status = EMK_SHEET_OK;
done:
    free(rows);
    free(gathered);
    return status;
}

void emk_simple_png_free(emk_simple_png *image) {
    if (!image) return;
    free(image->rows);
    image->rows = NULL;
}
