/*
 * emk_webp: a small C shim over libwebp (and libwebpdemux for animations).
 *
 * Why a shim: libwebp is a C API of status codes and caller-owned buffers; everything that
 * touches it lives here. The canvas size is read from the bitstream's header and checked against
 * the caller's limits before any pixel memory is used; every failure comes back as a status code
 * plus a message in the caller's buffer. An animated WebP gives its first frame, composited onto
 * its transparent canvas as libwebp's own animation decoder draws it. Nothing here knows about
 * emoticons.
 */
#ifndef EMK_WEBP_H
#define EMK_WEBP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    EMK_WEBP_OK = 0,
    EMK_WEBP_EMPTY = 1,         /* zero-byte input */
    EMK_WEBP_NOT_WEBP = 2,      /* no RIFF....WEBP signature */
    EMK_WEBP_TRUNCATED = 3,     /* the data ends before the image does */
    EMK_WEBP_TOO_LARGE = 4,     /* canvas above the width/height/pixel limits */
    EMK_WEBP_CORRUPT = 5,       /* libwebp refused the data; message holds its reason */
    EMK_WEBP_OUT_OF_MEMORY = 6,
    EMK_WEBP_UNSUPPORTED = 7    /* a feature libwebp cannot decode */
} emk_webp_status;

typedef struct {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
} emk_webp_limits;

typedef struct {
    uint32_t width;   /* the canvas */
    uint32_t height;
    int has_alpha;
    int animated;     /* 1 for an animation: the decoded pixels are its first frame */
    int lossless;     /* 1 for VP8L (lossless), 0 for VP8 (lossy) or mixed */
} emk_webp_info;

/* Reads the header only: size, alpha, animation. Checks the size against `limits`. */
int emk_webp_info_read(const uint8_t *data, size_t size, const emk_webp_limits *limits,
                       emk_webp_info *out_info, char *message, size_t message_size);

/* Decodes the whole image (an animation's first frame) into `out_rgba`, width*height*4 bytes of
 * straight (unpremultiplied) RGBA, top row first, as emk_webp_info_read reported the size. */
int emk_webp_decode_rgba8(const uint8_t *data, size_t size, const emk_webp_limits *limits,
                          uint8_t *out_rgba, size_t out_size, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif
#endif
