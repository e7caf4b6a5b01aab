/* See emk_gif.h for why this file exists. Every giflib call is in here. */
#include "emk_gif.h"

#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data; /* the whole file, or NULL when `read` gives it */
    size_t size;
    size_t offset;
    emk_gif_read_fn read;
    void *context;
    int short_read; /* giflib asked for bytes past the end */
} emk_gif_source;

static int emk_gif_read(GifFileType *gif, GifByteType *out, int length) {
    emk_gif_source *source = (emk_gif_source *)gif->UserData;
    if (length <= 0) return 0;
    size_t wanted = (size_t)length;
    if (source->read) {
        size_t got = source->read(source->context, out, wanted);
        if (got < wanted) source->short_read = 1;
        return (int)(got < wanted ? got : wanted);
    }
    size_t available = source->size - source->offset;
    if (wanted > available) {
        source->short_read = 1;
        wanted = available;
    }
    memcpy(out, source->data + source->offset, wanted);
    source->offset += wanted;
    return (int)wanted;
}

static int emk_gif_decode_source(emk_gif_source *source, const emk_gif_limits *limits, emk_gif_info *out_info,
                                 uint8_t **out_rgba, char *message, size_t message_size);

int emk_gif_decode_stream(emk_gif_read_fn read, void *context, const emk_gif_limits *limits,
                          emk_gif_info *out_info, uint8_t **out_rgba, char *message, size_t message_size) {
    if (message && message_size) message[0] = 0;
    if (!read || !limits || !out_info || !out_rgba) return EMK_GIF_BAD_ARGUMENT;
    *out_rgba = NULL;
    memset(out_info, 0, sizeof *out_info);
    emk_gif_source source = {NULL, 0, 0, read, context, 0};
    return emk_gif_decode_source(&source, limits, out_info, out_rgba, message, message_size);
}

static void emk_gif_message(char *message, size_t size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
#include <stdarg.h>
static void emk_gif_message(char *message, size_t size, const char *format, ...) {
    if (!message || size == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(message, size, format, args);
    va_end(args);
}

/* giflib's error after a failed call, as a status: running out of data is truncation. */
static int emk_gif_failure(int error, const emk_gif_source *source, char *message, size_t size) {
    if (source->short_read || error == D_GIF_ERR_READ_FAILED || error == D_GIF_ERR_EOF_TOO_SOON) {
        emk_gif_message(message, size, "file ends too early (truncated)");
        return EMK_GIF_TRUNCATED;
    }
    if (error == D_GIF_ERR_NOT_GIF_FILE) {
        emk_gif_message(message, size, "not a GIF file (no GIF87a/GIF89a signature)");
        return EMK_GIF_NOT_GIF;
    }
    if (error == D_GIF_ERR_NOT_ENOUGH_MEM) {
        emk_gif_message(message, size, "out of memory");
        return EMK_GIF_OUT_OF_MEMORY;
    }
    const char *text = GifErrorString(error);
    emk_gif_message(message, size, "%s", text ? text : "giflib error");
    return EMK_GIF_GIFLIB_ERROR;
}

void emk_gif_free(void *pointer) { free(pointer); }

/* Rows of an interlaced frame arrive in four passes; returns the frame row of the n-th line. */
static uint32_t emk_interlaced_row(uint32_t line, uint32_t height) {
    static const uint32_t start[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
    for (int pass = 0; pass < 4; pass++) {
        uint32_t count = height > start[pass] ? (height - start[pass] + step[pass] - 1) / step[pass] : 0;
        if (line < count) return start[pass] + line * step[pass];
        line -= count;
    }
    return height; /* not reached for line < height */
}

int emk_gif_decode(const uint8_t *data, size_t size, const emk_gif_limits *limits,
                   emk_gif_info *out_info, uint8_t **out_rgba,
                   char *message, size_t message_size) {
    if (message && message_size) message[0] = 0;
    if (!limits || !out_info || !out_rgba || (!data && size)) return EMK_GIF_BAD_ARGUMENT;
    *out_rgba = NULL;
    memset(out_info, 0, sizeof *out_info);
    if (size == 0) {
        emk_gif_message(message, message_size, "empty file");
        return EMK_GIF_EMPTY;
    }
    if (size < 6 || (memcmp(data, "GIF87a", 6) != 0 && memcmp(data, "GIF89a", 6) != 0)) {
        emk_gif_message(message, message_size, "not a GIF file (no GIF87a/GIF89a signature)");
        return EMK_GIF_NOT_GIF;
    }
    emk_gif_source source = {data, size, 0, NULL, NULL, 0};
    return emk_gif_decode_source(&source, limits, out_info, out_rgba, message, message_size);
}

static int emk_gif_decode_source(emk_gif_source *source, const emk_gif_limits *limits, emk_gif_info *out_info,
                                 uint8_t **out_rgba, char *message, size_t message_size) {
    int error = 0;
    GifFileType *gif = DGifOpen(source, emk_gif_read, &error);
    if (!gif) return emk_gif_failure(error, source, message, message_size);

    int status = EMK_GIF_OK;
    uint8_t *canvas = NULL;
    GifPixelType *line = NULL;
    uint32_t width = (uint32_t)(gif->SWidth > 0 ? gif->SWidth : 0);
    uint32_t height = (uint32_t)(gif->SHeight > 0 ? gif->SHeight : 0);
    uint64_t total_pixels = 0;
    int transparent = -1; /* from the graphic control extension before the next frame */
    int delay_cs = 0;
    out_info->width = width;
    out_info->height = height;

    if (width == 0 || height == 0 || width > limits->max_width || height > limits->max_height ||
        (uint64_t)width * height > limits->max_pixels) {
        emk_gif_message(message, message_size, "canvas %ux%u is outside the limits (%ux%u, %llu pixels)", width, height,
                        limits->max_width, limits->max_height, (unsigned long long)limits->max_pixels);
        status = EMK_GIF_TOO_LARGE;
        goto done;
    }
    canvas = calloc((size_t)width * height, 4);
    if (!canvas) { status = EMK_GIF_OUT_OF_MEMORY; emk_gif_message(message, message_size, "out of memory"); goto done; }

    for (;;) {
        GifRecordType record;
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) { status = emk_gif_failure(gif->Error, source, message, message_size); goto done; }
        if (record == TERMINATE_RECORD_TYPE) break;
        if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) { status = emk_gif_failure(gif->Error, source, message, message_size); goto done; }
            int is_loop_app = 0;
            int block_index = 0;
            while (block) {
                size_t length = block[0];
                if (code == GRAPHICS_EXT_FUNC_CODE && block_index == 0 && length >= 4) {
                    GraphicsControlBlock gcb;
                    if (DGifExtensionToGCB(length, block + 1, &gcb) == GIF_OK) {
                        transparent = gcb.TransparentColor;
                        delay_cs = gcb.DelayTime;
                    }
                }
                if (code == APPLICATION_EXT_FUNC_CODE && block_index == 0 && length == 11 &&
                    (memcmp(block + 1, "NETSCAPE2.0", 11) == 0 || memcmp(block + 1, "ANIMEXTS1.0", 11) == 0)) {
                    is_loop_app = 1;
                } else if (is_loop_app && block_index == 1 && length >= 3 && block[1] == 1) {
                    out_info->has_loop_count = 1;
                    out_info->loop_count = (uint32_t)block[2] | ((uint32_t)block[3] << 8);
                }
                block_index++;
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) { status = emk_gif_failure(gif->Error, source, message, message_size); goto done; }
            }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        if (out_info->frames >= limits->max_frames) {
            emk_gif_message(message, message_size, "more than %u frames", limits->max_frames);
            status = EMK_GIF_TOO_MANY_FRAMES;
            goto done;
        }
        if (DGifGetImageDesc(gif) == GIF_ERROR) { status = emk_gif_failure(gif->Error, source, message, message_size); goto done; }
        GifImageDesc *desc = &gif->Image;
        int64_t fw = desc->Width, fh = desc->Height, fl = desc->Left, ft = desc->Top;
        if (fw < 0 || fh < 0 || fl < 0 || ft < 0 || fw > (int64_t)limits->max_width || fh > (int64_t)limits->max_height) {
            emk_gif_message(message, message_size, "frame %u is %lldx%lld, outside the limits (%ux%u)", out_info->frames,
                            (long long)fw, (long long)fh, limits->max_width, limits->max_height);
            status = EMK_GIF_TOO_LARGE;
            goto done;
        }
        total_pixels += (uint64_t)fw * (uint64_t)fh;
        if (total_pixels > limits->max_total_pixels) {
            emk_gif_message(message, message_size, "the frames hold more than %llu pixels together",
                            (unsigned long long)limits->max_total_pixels);
            status = EMK_GIF_TOO_MUCH_DATA;
            goto done;
        }
        ColorMapObject *map = desc->ColorMap ? desc->ColorMap : gif->SColorMap;
        if (!map || !map->Colors || map->ColorCount <= 0) {
            emk_gif_message(message, message_size, "frame %u has no colour table (neither local nor global)", out_info->frames);
            status = EMK_GIF_NO_COLOR_MAP;
            goto done;
        }
        free(line);
        line = malloc(fw > 0 ? (size_t)fw : 1);
        if (!line) { status = EMK_GIF_OUT_OF_MEMORY; emk_gif_message(message, message_size, "out of memory"); goto done; }
        int first = out_info->frames == 0;
        if (fw == 0 || fh == 0) {
            /* No pixels to read: skip the frame's compressed data so the next record is found. */
            int code_size = 0;
            GifByteType *code = NULL;
            if (DGifGetCode(gif, &code_size, &code) == GIF_ERROR) { status = emk_gif_failure(gif->Error, source, message, message_size); goto done; }
            while (code) {
                if (DGifGetCodeNext(gif, &code) == GIF_ERROR) { status = emk_gif_failure(gif->Error, source, message, message_size); goto done; }
            }
        }
        for (int64_t n = 0; n < fh && fw > 0; n++) {
            if (DGifGetLine(gif, line, (int)fw) == GIF_ERROR) { status = emk_gif_failure(gif->Error, source, message, message_size); goto done; }
            if (!first) continue;
            uint32_t row = desc->Interlace ? emk_interlaced_row((uint32_t)n, (uint32_t)fh) : (uint32_t)n;
            uint64_t y = (uint64_t)ft + row;
            if (y >= height) continue;
            for (int64_t x = 0; x < fw; x++) {
                uint64_t cx = (uint64_t)fl + (uint64_t)x;
                if (cx >= width) break;
                int index = line[x];
                if (index == transparent || index >= map->ColorCount) continue;
                uint8_t *pixel = canvas + (y * width + cx) * 4;
                pixel[0] = map->Colors[index].Red;
                pixel[1] = map->Colors[index].Green;
                pixel[2] = map->Colors[index].Blue;
                pixel[3] = 255;
            }
        }
        out_info->delay_cs_total += (uint64_t)(delay_cs > 0 ? delay_cs : 0);
        out_info->duration_ms += delay_cs <= 1 ? 100 : (uint64_t)delay_cs * 10;
        out_info->frames += 1;
        transparent = -1;
        delay_cs = 0;
    }
    if (out_info->frames == 0) {
        emk_gif_message(message, message_size, "the GIF holds no image");
        status = EMK_GIF_NO_FRAMES;
    }

done:
    free(line);
    {
        int close_error = 0;
        DGifCloseFile(gif, &close_error);
    }
    if (status == EMK_GIF_OK) {
        *out_rgba = canvas;
    } else {
        free(canvas);
    }
    return status;
}
