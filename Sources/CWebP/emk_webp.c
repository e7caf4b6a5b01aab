/* See emk_webp.h for why this file exists. Every libwebp call is in here. */
#include "emk_webp.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

static void emk_webp_message(char *message, size_t size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static void emk_webp_message(char *message, size_t size, const char *format, ...) {
    if (!message || size == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(message, size, format, args);
    va_end(args);
}

static int emk_webp_status_of(VP8StatusCode code, char *message, size_t message_size) {
    switch (code) {
    case VP8_STATUS_OK: return EMK_WEBP_OK;
    case VP8_STATUS_OUT_OF_MEMORY: return EMK_WEBP_OUT_OF_MEMORY;
    case VP8_STATUS_NOT_ENOUGH_DATA:
        emk_webp_message(message, message_size, "the file ends before the image is complete");
        return EMK_WEBP_TRUNCATED;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        emk_webp_message(message, message_size, "a feature this libwebp cannot decode");
        return EMK_WEBP_UNSUPPORTED;
    case VP8_STATUS_BITSTREAM_ERROR:
        emk_webp_message(message, message_size, "the image data is damaged (libwebp cannot decode it)");
        return EMK_WEBP_CORRUPT;
    case VP8_STATUS_INVALID_PARAM:
    case VP8_STATUS_SUSPENDED:
    case VP8_STATUS_USER_ABORT:
    default:
        emk_webp_message(message, message_size, "the file's chunks are not a WebP image libwebp can read");
        return EMK_WEBP_CORRUPT;
    }
}

static int emk_webp_signature(const uint8_t *data, size_t size, char *message, size_t message_size) {
    if (size == 0) return EMK_WEBP_EMPTY;
    if (size < 12 || memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0) {
        emk_webp_message(message, message_size, "no RIFF/WEBP signature");
        return EMK_WEBP_NOT_WEBP;
    }
    /* The RIFF size says how long the file should be: fewer bytes is a truncated copy. */
    uint32_t riff = (uint32_t)data[4] | (uint32_t)data[5] << 8 | (uint32_t)data[6] << 16 | (uint32_t)data[7] << 24;
    if ((uint64_t)riff + 8 > size) {
        emk_webp_message(message, message_size, "the RIFF header promises %llu bytes, the file has %zu",
                         (unsigned long long)riff + 8, size);
        return EMK_WEBP_TRUNCATED;
    }
    return EMK_WEBP_OK;
}

int emk_webp_info_read(const uint8_t *data, size_t size, const emk_webp_limits *limits,
                       emk_webp_info *out_info, char *message, size_t message_size) {
    if (!data && size > 0) return EMK_WEBP_CORRUPT;
    int status = emk_webp_signature(data, size, message, message_size);
    if (status != EMK_WEBP_OK) return status;
    WebPBitstreamFeatures features;
    status = emk_webp_status_of(WebPGetFeatures(data, size, &features), message, message_size);
    if (status != EMK_WEBP_OK) return status;
    uint32_t width = (uint32_t)features.width, height = (uint32_t)features.height;
    if (features.has_animation) {
        /* The canvas of an animation is in its VP8X chunk; the features give the same. */
        WebPData whole = {data, size};
        WebPDemuxer *demux = WebPDemux(&whole);
        if (!demux) {
            emk_webp_message(message, message_size, "the animation's chunks cannot be read");
            return EMK_WEBP_CORRUPT;
        }
        width = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
        height = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
        WebPDemuxDelete(demux);
    }
    if (width == 0 || height == 0) {
        emk_webp_message(message, message_size, "an image of %ux%u pixels", width, height);
        return EMK_WEBP_CORRUPT;
    }
    if (limits && (width > limits->max_width || height > limits->max_height ||
                   (uint64_t)width * height > limits->max_pixels)) {
        emk_webp_message(message, message_size, "%u x %u", width, height);
        return EMK_WEBP_TOO_LARGE;
    }
    if (out_info) {
        out_info->width = width;
        out_info->height = height;
        out_info->has_alpha = features.has_alpha;
        out_info->animated = features.has_animation;
        out_info->lossless = features.format == 2;
    }
    return EMK_WEBP_OK;
}

static int emk_webp_first_frame(const uint8_t *data, size_t size, const emk_webp_info *info,
                                uint8_t *out_rgba, char *message, size_t message_size) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return EMK_WEBP_UNSUPPORTED;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData whole = {data, size};
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&whole, &options);
    if (!decoder) {
        emk_webp_message(message, message_size, "the animation cannot be decoded");
        return EMK_WEBP_CORRUPT;
    }
    uint8_t *frame = NULL;
    int timestamp = 0;
    int status = EMK_WEBP_OK;
    if (!WebPAnimDecoderGetNext(decoder, &frame, &timestamp) || !frame) {
        emk_webp_message(message, message_size, "the animation's first frame cannot be decoded");
        status = EMK_WEBP_CORRUPT;
    } else {
        memcpy(out_rgba, frame, (size_t)info->width * info->height * 4);
    }
    WebPAnimDecoderDelete(decoder);
    return status;
}

int emk_webp_decode_rgba8(const uint8_t *data, size_t size, const emk_webp_limits *limits,
                          uint8_t *out_rgba, size_t out_size, char *message, size_t message_size) {
    emk_webp_info info;
    int status = emk_webp_info_read(data, size, limits, &info, message, message_size);
    if (status != EMK_WEBP_OK) return status;
    if (!out_rgba || out_size != (size_t)info.width * info.height * 4) return EMK_WEBP_CORRUPT;
    if (info.animated) return emk_webp_first_frame(data, size, &info, out_rgba, message, message_size);
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return EMK_WEBP_UNSUPPORTED;
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out_rgba;
    config.output.u.RGBA.stride = (int)info.width * 4;
    config.output.u.RGBA.size = out_size;
    status = emk_webp_status_of(WebPDecode(data, size, &config), message, message_size);
    WebPFreeDecBuffer(&config.output);
    return status;
}
