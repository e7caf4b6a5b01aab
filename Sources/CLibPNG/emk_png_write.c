/* PNG encoding through libpng (see emk_png.h for why this shim exists): truecolour with any row
 * filter, and palette images. Unfiltered truecolour sheets are written by CSheetWriter instead
 * (libdeflate, without libpng). Every setjmp and libpng writing call is in here. */
#include "emk_png.h"
#include "emk_png_errors.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    emk_png_buffer *buffer;
    emk_error_state error;
} emk_writer_state;

static void emk_write_to_memory(png_structp png, png_bytep data, size_t length) {
    emk_writer_state *state = (emk_writer_state *)png_get_io_ptr(png);
    emk_png_buffer *buffer = state->buffer;
    if (length > SIZE_MAX - buffer->size) png_error(png, "output too large");
    size_t needed = buffer->size + length;
    if (needed > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < needed) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(buffer->bytes, capacity);
        if (!grown) {
            state->error.status = EMK_PNG_OUT_OF_MEMORY;
            png_error(png, "out of memory");
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, data, length);
    buffer->size = needed;
}

static void emk_flush_noop(png_structp png) { (void)png; }

void emk_png_buffer_free(emk_png_buffer *buffer) {
    if (!buffer) return;
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->size = buffer->capacity = 0;
}

/* One writer for both colour types; `channels` is 4 (RGBA) or 1 (palette indices). */
static int emk_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int color_type,
                      int bit_depth, const uint8_t *palette_rgb, int palette_count,
                      const uint8_t *trns, int trns_count, const emk_png_deflate *deflate,
                      emk_png_buffer *out, char *message, size_t message_size) {
    if (!pixels || !out || !deflate || width == 0 || height == 0) return EMK_PNG_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    int level = deflate->level, filters = deflate->filters;
    emk_writer_state state;
    memset(&state, 0, sizeof state);
    state.buffer = out;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state.error, emk_on_error, emk_on_warning);
    if (!png) return EMK_PNG_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info) { png_destroy_write_struct(&png, NULL); return EMK_PNG_OUT_OF_MEMORY; }
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_write_struct(&png, &info);
        emk_png_buffer_free(out);
        emk_copy_message(message, message_size, state.error.message);
        return state.error.status ? state.error.status : EMK_PNG_LIBPNG_ERROR;
    }
    png_set_write_fn(png, &state, emk_write_to_memory, emk_flush_noop);
    png_set_compression_level(png, level < 0 ? 6 : (level > 9 ? 9 : level));
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters > 0 ? filters : PNG_ALL_FILTERS);
    png_set_compression_mem_level(png, deflate->mem_level >= 1 && deflate->mem_level <= 9 ? deflate->mem_level : 8);
    if (deflate->strategy >= 0) png_set_compression_strategy(png, deflate->strategy);
    /* One IDAT chunk per 64 KiB instead of libpng's 8 KiB: fewer chunk headers and write calls. */
    png_set_compression_buffer_size(png, 65536);
    png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color palette[256];
        for (int i = 0; i < palette_count && i < 256; i++) {
            palette[i].red = palette_rgb[3 * i];
            palette[i].green = palette_rgb[3 * i + 1];
            palette[i].blue = palette_rgb[3 * i + 2];
        }
        png_set_PLTE(png, info, palette, palette_count);
        if (trns && trns_count > 0) png_set_tRNS(png, info, trns, trns_count, NULL);
    }
    png_write_info(png, info);
    if (color_type == PNG_COLOR_TYPE_PALETTE && bit_depth < 8) png_set_packing(png);
    size_t row_bytes = (size_t)width * (color_type == PNG_COLOR_TYPE_PALETTE ? 1 : 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (!rows) {
        state.error.status = EMK_PNG_OUT_OF_MEMORY;
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * row_bytes);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    return EMK_PNG_OK;
}

int emk_png_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height,
                         const emk_png_deflate *deflate, emk_png_buffer *out,
                         char *message, size_t message_size) {
    return emk_encode(pixels, width, height, PNG_COLOR_TYPE_RGB_ALPHA, 8, NULL, 0, NULL, 0,
                      deflate, out, message, message_size);
}

int emk_png_encode_indexed(const uint8_t *indices, uint32_t width, uint32_t height, int bit_depth,
                           const uint8_t *palette_rgb, int palette_count,
                           const uint8_t *trns, int trns_count,
                           const emk_png_deflate *deflate, emk_png_buffer *out,
                           char *message, size_t message_size) {
    if (!palette_rgb || palette_count < 1 || palette_count > 256 || trns_count < 0 || trns_count > palette_count)
        return EMK_PNG_BAD_ARGUMENT;
    if (bit_depth != 1 && bit_depth != 2 && bit_depth != 4 && bit_depth != 8) return EMK_PNG_BAD_ARGUMENT;
    return emk_encode(indices, width, height, PNG_COLOR_TYPE_PALETTE, bit_depth, palette_rgb,
                      palette_count, trns, trns_count, deflate, out, message, message_size);
}

const char *emk_png_libpng_version(void) { return png_get_libpng_ver(NULL); }
