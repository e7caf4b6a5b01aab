/*
 * A fast path for the most common emoticon source: a palette PNG of bit depth 1-8, not
 * interlaced, with its chunks in the plain order. libpng inflates such a file one row at a time
 * (rows of an icon are narrower than the 258 bytes zlib's fast inflate loop needs, so every symbol
 * takes the slow path) behind a reader that costs more to set up than the image takes to decode.
 * Here the whole image data is inflated in one call and the rows unfiltered in place.
 *
 * It only ever says yes to a file libpng reads the same way: every chunk's CRC is checked, the
 * chunk order must be the plain one (IHDR, PLTE, optional tRNS, IDATs in a row, IEND; other
 * ancillary chunks anywhere except between IDATs), the zlib stream must end exactly with the
 * image data, filters must be valid and every index inside the palette. Anything else (a damaged
 * or merely unusual file) returns EMK_PNG_BAD_ARGUMENT and the caller decodes with libpng, which
 * then words the error if there is one.
 */
#include "emk_png.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define EMK_NOT_HANDLED EMK_PNG_BAD_ARGUMENT

static uint32_t emk_fast_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static const uint8_t emk_fast_signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

int emk_png_fast_palette_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height) {
    if (!data || size < 33 || memcmp(data, emk_fast_signature, 8) != 0) return EMK_NOT_HANDLED;
    const uint8_t *ihdr = data + 8;
    if (emk_fast_be32(ihdr) != 13 || memcmp(ihdr + 4, "IHDR", 4) != 0) return EMK_NOT_HANDLED;
    uint32_t w = emk_fast_be32(ihdr + 8), h = emk_fast_be32(ihdr + 12);
    int depth = ihdr[16], colour = ihdr[17];
    if (w == 0 || h == 0 || w > 0x7fffffffu || h > 0x7fffffffu) return EMK_NOT_HANDLED;
    if (colour != 3 || (depth != 1 && depth != 2 && depth != 4 && depth != 8)) return EMK_NOT_HANDLED;
    if (ihdr[18] != 0 || ihdr[19] != 0 || ihdr[20] != 0) return EMK_NOT_HANDLED; /* compression, filter, interlace */
    *width = w;
    *height = h;
    return EMK_PNG_OK;
}

static int emk_paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

int emk_png_fast_palette_decode(const uint8_t *data, size_t size, uint8_t *indices, size_t indices_size, uint8_t *palette_rgba) {
    uint32_t width, height;
    if (emk_png_fast_palette_size(data, size, &width, &height) != EMK_PNG_OK) return EMK_NOT_HANDLED;
    if (!indices || !palette_rgba || indices_size != (size_t)width * height) return EMK_NOT_HANDLED;
    int depth = data[8 + 16];
    size_t row_bytes = ((size_t)width * depth + 7) / 8, stride = row_bytes + 1;
    if (height > SIZE_MAX / stride) return EMK_NOT_HANDLED;
    size_t raw_size = stride * height;

    /* The chunks, in the plain order only. */
    const uint8_t *palette = NULL, *trns = NULL;
    uint32_t palette_length = 0, trns_length = 0;
    int seen_idat = 0, idat_done = 0, seen_iend = 0;
    size_t first_idat = 0;
    size_t offset = 8;
    while (offset + 12 <= size) {
        uint32_t length = emk_fast_be32(data + offset);
        const uint8_t *type = data + offset + 4;
        if (length > 0x7fffffffu || (uint64_t)length + 12 > (uint64_t)(size - offset)) return EMK_NOT_HANDLED;
        for (int i = 0; i < 4; i++) {
            if (!((type[i] >= 'A' && type[i] <= 'Z') || (type[i] >= 'a' && type[i] <= 'z'))) return EMK_NOT_HANDLED;
        }
        uint32_t crc = (uint32_t)crc32(crc32(0, Z_NULL, 0), type, length + 4);
        if (crc != emk_fast_be32(data + offset + 8 + length)) return EMK_NOT_HANDLED;
        int is_idat = memcmp(type, "IDAT", 4) == 0;
        if (seen_idat && !is_idat) idat_done = 1;
        if (offset == 8) {
            /* IHDR, checked above */
        } else if (is_idat) {
            if (idat_done || !palette) return EMK_NOT_HANDLED;
            if (!seen_idat) first_idat = offset;
            seen_idat = 1;
        } else if (memcmp(type, "PLTE", 4) == 0) {
            if (palette || seen_idat || length == 0 || length % 3 != 0 || length / 3 > (1u << depth)) return EMK_NOT_HANDLED;
            palette = type + 4;
            palette_length = length / 3;
        } else if (memcmp(type, "tRNS", 4) == 0) {
            if (trns || !palette || seen_idat || length == 0 || length > palette_length) return EMK_NOT_HANDLED;
            trns = type + 4;
            trns_length = length;
        } else if (memcmp(type, "IEND", 4) == 0) {
            if (length != 0 || !seen_idat) return EMK_NOT_HANDLED;
            seen_iend = 1;
            break;
        } else if (type[0] & 0x20) {
            /* an ancillary chunk: no transform here reads any */
            if (seen_idat && !idat_done) return EMK_NOT_HANDLED;
        } else {
            return EMK_NOT_HANDLED; /* an unknown critical chunk */
        }
        offset += (size_t)length + 12;
    }
    if (!seen_iend || !palette) return EMK_NOT_HANDLED;

    /* Inflate every IDAT in one stream, into one buffer holding the filtered rows. */
    uint8_t *raw = (uint8_t *)malloc(raw_size);
    if (!raw) return EMK_NOT_HANDLED;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) { free(raw); return EMK_NOT_HANDLED; }
    z.next_out = raw;
    z.avail_out = (uInt)raw_size;
    int status = Z_OK, ok = raw_size <= 0xffffffffu;
    for (offset = first_idat; ok && offset + 12 <= size;) {
        uint32_t length = emk_fast_be32(data + offset);
        if (memcmp(data + offset + 4, "IDAT", 4) != 0) break;
        if (status == Z_STREAM_END) { ok = length == 0; offset += (size_t)length + 12; continue; }
        z.next_in = (Bytef *)data + offset + 8;
        z.avail_in = length;
        status = inflate(&z, Z_NO_FLUSH);
        if (status != Z_OK && status != Z_STREAM_END && !(status == Z_BUF_ERROR && length == 0)) ok = 0;
        if (z.avail_in != 0) ok = 0; /* data after the end of the stream, or more pixels than the image has */
        if (status == Z_BUF_ERROR) status = Z_OK;
        offset += (size_t)length + 12;
    }
    ok = ok && status == Z_STREAM_END && z.avail_out == 0;
    inflateEnd(&z);

    /* Unfilter in place (one byte per pixel or less: the left neighbour is one byte back), then unpack. */
    uint8_t max_index = 0;
    for (uint32_t y = 0; ok && y < height; y++) {
        uint8_t *row = raw + (size_t)y * stride, *line = row + 1;
        const uint8_t *up = y > 0 ? raw + (size_t)(y - 1) * stride + 1 : NULL;
        switch (row[0]) {
            case 0: break;
            case 1: for (size_t i = 1; i < row_bytes; i++) line[i] = (uint8_t)(line[i] + line[i - 1]); break;
            case 2: if (up) for (size_t i = 0; i < row_bytes; i++) line[i] = (uint8_t)(line[i] + up[i]); break;
            case 3:
                for (size_t i = 0; i < row_bytes; i++) {
                    int left = i > 0 ? line[i - 1] : 0, above = up ? up[i] : 0;
                    line[i] = (uint8_t)(line[i] + ((left + above) >> 1));
                }
                break;
            case 4:
                for (size_t i = 0; i < row_bytes; i++) {
                    int left = i > 0 ? line[i - 1] : 0, above = up ? up[i] : 0, corner = up && i > 0 ? up[i - 1] : 0;
                    line[i] = (uint8_t)(line[i] + emk_paeth(left, above, corner));
                }
                break;
            default: ok = 0; break;
        }
        if (!ok) break;
        uint8_t *out = indices + (size_t)y * width;
        if (depth == 8) {
            memcpy(out, line, width);
            for (uint32_t x = 0; x < width; x++) if (out[x] > max_index) max_index = out[x];
        } else {
            int per_byte = 8 / depth, mask = (1 << depth) - 1;
            for (uint32_t x = 0; x < width; x++) {
                int shift = 8 - depth * (int)(x % per_byte + 1);
                out[x] = (uint8_t)((line[x / per_byte] >> shift) & mask);
                if (out[x] > max_index) max_index = out[x];
            }
        }
    }
    free(raw);
    /* An index past the palette is something libpng has its own words for. */
    if (!ok || max_index >= palette_length) return EMK_NOT_HANDLED;
    for (int i = 0; i < 256; i++) {
        uint8_t *entry = palette_rgba + 4 * i;
        if ((uint32_t)i < palette_length) {
            entry[0] = palette[3 * i], entry[1] = palette[3 * i + 1], entry[2] = palette[3 * i + 2];
        } else {
            entry[0] = entry[1] = entry[2] = 0;
        }
        entry[3] = trns && (uint32_t)i < trns_length ? trns[i] : 255;
    }
    return EMK_PNG_OK;
}
