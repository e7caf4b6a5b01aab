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

/* The warnings that mean lost image data stop the decode: libjpeg would carry on, drawing grey
 * where data is missing. The rest (an unknown JFIF revision, extraneous bytes before a marker,
 * an odd Adobe transform code, a bad ICC marker) describe files every viewer draws, and are
 * ignored, as are trace messages (level >= 0). */
static void emk_jpeg_warn(j_common_ptr info, int level) {
    if (level >= 0) return;
    switch (info->err->msg_code) {
    case JWRN_JPEG_EOF: case JWRN_HIT_MARKER: case JWRN_HUFF_BAD_CODE: case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC: case JWRN_NOT_SEQUENTIAL: break;
    default: return;
    }
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

/* The headers only, up to the first frame header: the jump never leaves this function. */
int emk_jpeg_info_read(const uint8_t *data, size_t size, const emk_jpeg_limits *limits,
                       emk_jpeg_info *out_info, char *message, size_t message_size) {
    int status = emk_jpeg_check(data, size, message, message_size);
    if (status != EMK_JPEG_OK) return status;
    struct jpeg_decompress_struct info;
    emk_jpeg_errors errors;
    memset(&info, 0, sizeof info);
    memset(&errors, 0, sizeof errors);
    info.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = emk_jpeg_fail;
    errors.base.emit_message = emk_jpeg_warn;
    errors.status = EMK_JPEG_OK;
    errors.message = message;
    errors.message_size = message_size;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&info);
        return errors.status == EMK_JPEG_OK ? EMK_JPEG_CORRUPT : errors.status;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    uint32_t width = info.image_width, height = info.image_height;
    int progressive = jpeg_has_multiple_scans(&info);
    int components = info.num_components;
    jpeg_destroy_decompress(&info);
    if (limits && (width > limits->max_width || height > limits->max_height ||
                   (uint64_t)width * height > limits->max_pixels)) {
        if (message && message_size > 0) snprintf(message, message_size, "%u x %u", width, height);
        return EMK_JPEG_TOO_LARGE;
    }
    if (out_info) {
        out_info->width = width;
        out_info->height = height;
        out_info->components = components;
        out_info->progressive = progressive;
    }
    return EMK_JPEG_OK;
}

struct emk_jpeg_reader {
    struct jpeg_decompress_struct info;
    emk_jpeg_errors errors;
    emk_jpeg_progress progress;
    uint8_t *row;  /* CMYK rows before conversion */
    int cmyk;
    int created;
};

static int emk_jpeg_failed(emk_jpeg_reader *reader) {
    return reader->errors.status == EMK_JPEG_OK ? EMK_JPEG_CORRUPT : reader->errors.status;
}

static void emk_jpeg_reset_errors(emk_jpeg_reader *reader, char *message, size_t message_size) {
    reader->errors.status = EMK_JPEG_OK;
    reader->errors.message = message;
    reader->errors.message_size = message_size;
}

int emk_jpeg_open(const uint8_t *data, size_t size, const emk_jpeg_limits *limits, uint64_t max_whole_pixels,
                  emk_jpeg_info *out_info, emk_jpeg_reader **out_reader, char *message, size_t message_size) {
    if (!out_reader) return EMK_JPEG_CORRUPT;
    *out_reader = NULL;
    int status = emk_jpeg_check(data, size, message, message_size);
    if (status != EMK_JPEG_OK) return status;
    emk_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return EMK_JPEG_CORRUPT;
    reader->info.err = jpeg_std_error(&reader->errors.base);
    reader->errors.base.error_exit = emk_jpeg_fail;
    reader->errors.base.emit_message = emk_jpeg_warn;
    reader->progress.base.progress_monitor = emk_jpeg_count_scans;
    reader->progress.errors = &reader->errors;
    emk_jpeg_reset_errors(reader, message, message_size);
    if (setjmp(reader->errors.jump)) {
        status = emk_jpeg_failed(reader);
        emk_jpeg_close(reader);
        return status;
    }
    jpeg_create_decompress(&reader->info);
    reader->created = 1;
    reader->info.progress = &reader->progress.base;
    jpeg_mem_src(&reader->info, data, (unsigned long)size);
    jpeg_read_header(&reader->info, TRUE);
    uint32_t width = reader->info.image_width, height = reader->info.image_height;
    int progressive = jpeg_has_multiple_scans(&reader->info);
    uint64_t pixels = (uint64_t)width * height;
    if (limits && (width > limits->max_width || height > limits->max_height || pixels > limits->max_pixels ||
                   (progressive && pixels > max_whole_pixels))) {
        if (message && message_size > 0) snprintf(message, message_size, "%u x %u", width, height);
        emk_jpeg_close(reader);
        return EMK_JPEG_TOO_LARGE;
    }
    if (out_info) {
        out_info->width = width;
        out_info->height = height;
        out_info->components = reader->info.num_components;
        out_info->progressive = progressive;
    }
    reader->cmyk = reader->info.jpeg_color_space == JCS_CMYK || reader->info.jpeg_color_space == JCS_YCCK;
    reader->info.mem->max_memory_to_use = (long)(pixels * 8 + (16u << 20));
    reader->info.out_color_space = reader->cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    reader->info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&reader->info);
    if (reader->cmyk) {
        reader->row = malloc((size_t)width * 4);
        if (!reader->row) {
            emk_jpeg_close(reader);
            return EMK_JPEG_CORRUPT;
        }
    }
    *out_reader = reader;
    return EMK_JPEG_OK;
}

int emk_jpeg_read_row(emk_jpeg_reader *reader, uint8_t *out_rgba_row, char *message, size_t message_size) {
    if (!reader || !out_rgba_row) return EMK_JPEG_CORRUPT;
    emk_jpeg_reset_errors(reader, message, message_size);
    if (setjmp(reader->errors.jump)) return emk_jpeg_failed(reader);
    if (reader->info.output_scanline >= reader->info.output_height) return EMK_JPEG_CORRUPT;
    uint32_t width = reader->info.output_width;
    JSAMPROW rows[1] = {reader->cmyk ? reader->row : out_rgba_row};
    if (jpeg_read_scanlines(&reader->info, rows, 1) != 1) {
        if (message && message_size > 0) snprintf(message, message_size, "the scan data stops early");
        return EMK_JPEG_TRUNCATED;
    }
    if (reader->cmyk) {
        int inverted = reader->info.saw_Adobe_marker;
        const uint8_t *row = reader->row;
        for (uint32_t x = 0; x < width; x++) {
            unsigned c = row[x * 4], m = row[x * 4 + 1], y = row[x * 4 + 2], k = row[x * 4 + 3];
            if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
            out_rgba_row[x * 4] = (uint8_t)((c * k + 127) / 255);
            out_rgba_row[x * 4 + 1] = (uint8_t)((m * k + 127) / 255);
            out_rgba_row[x * 4 + 2] = (uint8_t)((y * k + 127) / 255);
            out_rgba_row[x * 4 + 3] = 255;
        }
    }
    return EMK_JPEG_OK;
}

int emk_jpeg_finish(emk_jpeg_reader *reader, char *message, size_t message_size) {
    if (!reader) return EMK_JPEG_CORRUPT;
    emk_jpeg_reset_errors(reader, message, message_size);
    if (setjmp(reader->errors.jump)) return emk_jpeg_failed(reader);
    if (reader->info.output_scanline < reader->info.output_height) return EMK_JPEG_CORRUPT;
    jpeg_finish_decompress(&reader->info);
    return EMK_JPEG_OK;
}

void emk_jpeg_close(emk_jpeg_reader *reader) {
    if (!reader) return;
    if (reader->created) jpeg_destroy_decompress(&reader->info);
    free(reader->row);
    free(reader);
}
