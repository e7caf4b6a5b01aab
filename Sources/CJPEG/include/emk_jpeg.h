/*
 * emk_jpeg: a small C shim over libjpeg (libjpeg-turbo).
 *
 * Why a shim: libjpeg reports errors by calling a function that must not return, which the
 * library's users answer with setjmp/longjmp. That jump must never cross Swift frames, so every
 * libjpeg call and the jump buffer live here, and failures come back as a status code plus a
 * message in the caller's buffer. libjpeg's warnings (a premature end of data, corrupt entropy
 * data it would paper over with grey) are failures too: an emoticon drawn half grey is worse
 * than a clear refusal. The size is checked against the caller's limits from the frame header,
 * before any pixel memory; progressive files are bounded in scans. Nothing here knows about
 * emoticons.
 */
#ifndef EMK_JPEG_H
#define EMK_JPEG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    EMK_JPEG_OK = 0,
    EMK_JPEG_EMPTY = 1,        /* zero-byte input */
    EMK_JPEG_NOT_JPEG = 2,     /* no SOI marker */
    EMK_JPEG_TRUNCATED = 3,    /* the data ends before the image does */
    EMK_JPEG_TOO_LARGE = 4,    /* above the width/height/pixel limits */
    EMK_JPEG_CORRUPT = 5,      /* libjpeg refused the data; message holds its reason */
    EMK_JPEG_UNSUPPORTED = 6,  /* a colour space or feature emokit does not convert */
    EMK_JPEG_TOO_MANY_SCANS = 7
} emk_jpeg_status;

typedef struct {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
} emk_jpeg_limits;

typedef struct {
    uint32_t width;
    uint32_t height;
    int components;   /* 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK */
    int progressive;
} emk_jpeg_info;

/* A decode in progress, read a row at a time (emk_jpeg_open, emk_jpeg_read_row, emk_jpeg_close):
 * memory is libjpeg's own buffers and one row, whatever the image's size; each call keeps its
 * own setjmp, so no jump outlives the call that set it. A progressive JPEG's coefficients are
 * held whole by libjpeg, so it is refused above `max_whole_pixels` (EMK_JPEG_TOO_LARGE). */
typedef struct emk_jpeg_reader emk_jpeg_reader;

int emk_jpeg_open(const uint8_t *data, size_t size, const emk_jpeg_limits *limits, uint64_t max_whole_pixels,
                  emk_jpeg_info *out_info, emk_jpeg_reader **out_reader, char *message, size_t message_size);
/* The next row, top to bottom, as width*4 bytes of RGBA (alpha 255). */
int emk_jpeg_read_row(emk_jpeg_reader *reader, uint8_t *out_rgba_row, char *message, size_t message_size);
/* Checks the rest of the file (to its end marker) after the last row; then close. */
int emk_jpeg_finish(emk_jpeg_reader *reader, char *message, size_t message_size);
void emk_jpeg_close(emk_jpeg_reader *reader);

/* Reads the headers up to the first frame header: size and components, checked against `limits`. */
int emk_jpeg_info_read(const uint8_t *data, size_t size, const emk_jpeg_limits *limits,
                       emk_jpeg_info *out_info, char *message, size_t message_size);


#ifdef __cplusplus
}
#endif
#endif
