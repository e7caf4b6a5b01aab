/* See emk_jpeg.h for why this file exists. Every libjpeg call, and every longjmp, is in here. */
#include "emk_jpeg.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* A progressive JPEG may hold any number of scans, each re-reading the whole image: a few KB
 * of crafted scans cost minutes (libjpeg-turbo's own advice is to cap them). Real files have
 * at most a few dozen. */
#define EMK_JPEG_MAX_SCANS 500

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int status;
    char *message;
    size_t message_size;
} emk_jpeg_errors;

typedef struct {
    struct jpeg_progress_mgr base;
    emk_jpeg_errors *errors;
} emk_jpeg_progress;

static void emk_jpeg_say(emk_jpeg_errors *errors, const char *text) {
    if (errors->message && errors->message_size > 0) snprintf(errors->message, errors->message_size, "%s", text);
}

static void emk_jpeg_fail(j_common_ptr info) {
    emk_jpeg_errors *errors = (emk_jpeg_errors *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    int code = info->err->msg_code;
    if (errors->status == EMK_JPEG_OK) {
        if (code == JERR_NO_SOI) errors->status = EMK_JPEG_NOT_JPEG;
        else if (code == JERR_INPUT_EOF || code == JERR_INPUT_EMPTY) errors->status = EMK_JPEG_TRUNCATED;
        else if (code == JERR_CONVERSION_NOTIMPL || code == JERR_NOT_COMPILED) errors->status = EMK_JPEG_UNSUPPORTED;
        else errors->status = EMK_JPEG_CORRUPT;
        emk_jpeg_say(errors, text);
    }
    longjmp(errors->jump, 1);
}

/* Warnings (level -1) stop the decode: libjpeg would carry on, drawing grey where data is
 * missing. Trace messages (level >= 0) are ignored. */
static void emk_jpeg_warn(j_common_ptr info, int level) {
    if (level >= 0) return;
    emk_jpeg_errors *errors = (emk_jpeg_errors *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    errors->status = info->err->msg_code == JWRN_JPEG_EOF ? EMK_JPEG_TRUNCATED : EMK_JPEG_CORRUPT;
    emk_jpeg_say(errors, text);
    longjmp(errors->jump, 1);
}

static void emk_jpeg_count_scans(j_common_ptr info) {
    emk_jpeg_progress *progress = (emk_jpeg_progress *)info->progress;
    if (info->is_decompressor) {
        j_decompress_ptr decompress = (j_decompress_ptr)info;
        if (decompress->input_scan_number > EMK_JPEG_MAX_SCANS) {
            progress->errors->status = EMK_JPEG_TOO_MANY_SCANS;
            char text[96];
            snprintf(text, sizeof text, "more than %d progressive scans", EMK_JPEG_MAX_SCANS);
            emk_jpeg_say(progress->errors, text);
            longjmp(progress->errors->jump, 1);
        }
    }
}

static int emk_jpeg_check(const uint8_t *data, size_t size, char *message, size_t message_size) {
    if (size == 0) return EMK_JPEG_EMPTY;
    if (size < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        if (message && message_size > 0) snprintf(message, message_size, "no JPEG start-of-image marker");
        return EMK_JPEG_NOT_JPEG;
    }
    return EMK_JPEG_OK;
}

/* Everything between setjmp and the end of the decode lives in this one function, so the jump
 * never leaves it: `volatile` where a local changes after setjmp. */
static int emk_jpeg_run(const uint8_t *data, size_t size, const emk_jpeg_limits *limits,
                        emk_jpeg_info *out_info, uint8_t *out_rgba, size_t out_size,
                        char *message, size_t message_size) {
    int status = emk_jpeg_check(data, size, message, message_size);
    if (status != EMK_JPEG_OK) return status;
    struct jpeg_decompress_struct info;
    emk_jpeg_errors errors;
    emk_jpeg_progress progress;
    memset(&info, 0, sizeof info);
    memset(&errors, 0, sizeof errors);
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = emk_jpeg_fail;
    errors.base.emit_message = emk_jpeg_warn;
    errors.status = EMK_JPEG_OK;
    errors.message = message;
    errors.message_size = message_size;
    progress.base.progress_monitor = emk_jpeg_count_scans;
    progress.errors = &errors;
    uint8_t *volatile row = NULL;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        free((void *)row);
        return errors.status == EMK_JPEG_OK ? EMK_JPEG_CORRUPT : errors.status;
    }
    jpeg_create_decompress(&info);
    info.progress = &progress.base;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    uint32_t width = info.image_width, height = info.image_height;
    if (limits && (width > limits->max_width || height > limits->max_height ||
                   (uint64_t)width * height > limits->max_pixels)) {
        if (message && message_size > 0) snprintf(message, message_size, "%u x %u", width, height);
        jpeg_destroy_decompress(&info);
        return EMK_JPEG_TOO_LARGE;
    }
    if (out_info) {
        out_info->width = width;
        out_info->height = height;
        out_info->components = info.num_components;
        out_info->progressive = jpeg_has_multiple_scans(&info);
    }
    if (!out_rgba) {
        jpeg_destroy_decompress(&info);
        return EMK_JPEG_OK;
    }
    if (out_size != (size_t)width * height * 4) {
        jpeg_destroy_decompress(&info);
        return EMK_JPEG_CORRUPT;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    /* The image's own memory bound: libjpeg keeps a progressive file's coefficients whole. */
    info.mem->max_memory_to_use = (long)((uint64_t)width * height * 8 + (16u << 20));
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&info);
    if (cmyk) row = malloc((size_t)width * 4);
    if (cmyk && !row) {
        errors.status = EMK_JPEG_CORRUPT;
        emk_jpeg_say(&errors, "out of memory");
        longjmp(errors.jump, 1);
    }
    while (info.output_scanline < info.output_height) {
        uint8_t *target = out_rgba + (size_t)info.output_scanline * width * 4;
        JSAMPROW rows[1] = {cmyk ? row : target};
        if (jpeg_read_scanlines(&info, rows, 1) != 1) {
            errors.status = EMK_JPEG_TRUNCATED;
            emk_jpeg_say(&errors, "the scan data stops early");
            longjmp(errors.jump, 1);
        }
        if (cmyk) {
            /* Adobe writes inverted inks (255 = no ink); r = c*k/255 in those terms. */
            int inverted = info.saw_Adobe_marker;
            for (uint32_t x = 0; x < width; x++) {
                unsigned c = row[x * 4], m = row[x * 4 + 1], y = row[x * 4 + 2], k = row[x * 4 + 3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                target[x * 4] = (uint8_t)((c * k + 127) / 255);
                target[x * 4 + 1] = (uint8_t)((m * k + 127) / 255);
                target[x * 4 + 2] = (uint8_t)((y * k + 127) / 255);
                target[x * 4 + 3] = 255;
            }
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free((void *)row);
    return EMK_JPEG_OK;
}

int emk_jpeg_info_read(const uint8_t *data, size_t size, const emk_jpeg_limits *limits,
                       emk_jpeg_info *out_info, char *message, size_t message_size) {
    return emk_jpeg_run(data, size, limits, out_info, NULL, 0, message, message_size);
}

int emk_jpeg_decode_rgba8(const uint8_t *data, size_t size, const emk_jpeg_limits *limits,
                          uint8_t *out_rgba, size_t out_size, char *message, size_t message_size) {
    if (!out_rgba) return EMK_JPEG_CORRUPT;
    return emk_jpeg_run(data, size, limits, NULL, out_rgba, out_size, message, message_size);
}
