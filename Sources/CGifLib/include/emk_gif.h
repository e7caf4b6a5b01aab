/*
 * emk_gif: a small C shim over giflib.
 *
 * Why a shim: giflib is a C API of raw pointers, records and per-frame allocations. Everything
 * that touches it lives here, bounded by the caller's limits (frame count, canvas size, total
 * decoded pixels) that are checked from each record's header before any pixel memory is used,
 * and every failure comes back as a status code plus a message in the caller's buffer. Nothing
 * here knows about emoticons.
 */
#ifndef EMK_GIF_H
#define EMK_GIF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    EMK_GIF_OK = 0,
    EMK_GIF_EMPTY = 1,            /* zero-byte input */
    EMK_GIF_NOT_GIF = 2,          /* no GIF87a/GIF89a signature */
    EMK_GIF_TRUNCATED = 3,        /* the data ends before the GIF does */
    EMK_GIF_TOO_LARGE = 4,        /* canvas or a frame above the width/height/pixel limits */
    EMK_GIF_TOO_MANY_FRAMES = 5,  /* more frames than the limit */
    EMK_GIF_TOO_MUCH_DATA = 6,    /* the frames together hold more pixels than the limit */
    EMK_GIF_NO_FRAMES = 7,        /* a GIF without any image */
    EMK_GIF_NO_COLOR_MAP = 8,     /* a frame with neither a local nor a global colour table */
    EMK_GIF_GIFLIB_ERROR = 9,     /* giflib refused the data; message holds its reason */
    EMK_GIF_OUT_OF_MEMORY = 10,
    EMK_GIF_BAD_ARGUMENT = 11
} emk_gif_status;

typedef struct {
    uint32_t max_width;        /* canvas and every frame */
    uint32_t max_height;
    uint64_t max_pixels;       /* canvas width * height */
    uint32_t max_frames;
    uint64_t max_total_pixels; /* sum of every frame's width * height */
} emk_gif_limits;

typedef struct {
    uint32_t width;           /* the logical screen (canvas) */
    uint32_t height;
    uint32_t frames;
    int has_loop_count;       /* 1 when a NETSCAPE2.0 / ANIMEXTS1.0 loop extension is present */
    uint32_t loop_count;      /* its value: 0 = forever */
    uint64_t delay_cs_total;  /* the frame delays as stored, in centiseconds */
    uint64_t duration_ms;     /* the delays as browsers play them: 0 or 1 cs counts as 100 ms */
} emk_gif_info;

/* Decodes every frame (to check the whole file and count it) and composites the first one onto
 * a transparent canvas as straight 8-bit RGBA (width*height*4, top row first): frame offset and
 * clipping, local or global colour table, the transparent index of its graphic control
 * extension, interlaced rows. An index beyond the colour table is drawn transparent.
 * On EMK_GIF_OK, *out_rgba is malloc'd by this function; free it with emk_gif_free. */
int emk_gif_decode(const uint8_t *data, size_t size, const emk_gif_limits *limits,
                   emk_gif_info *out_info, uint8_t **out_rgba,
                   char *message, size_t message_size);

/* Reads up to `length` bytes of the file into `out`, in order; fewer only at its end (or on a
 * read error, which the caller notes in its context). */
typedef size_t (*emk_gif_read_fn)(void *context, uint8_t *out, size_t length);

/* emk_gif_decode over a file read through `read` as giflib asks for it, so a large file (a
 * 60 MB comment extension) is never in memory whole; the caller checks the signature and
 * emptiness first, as emk_gif_decode does. */
int emk_gif_decode_stream(emk_gif_read_fn read, void *context, const emk_gif_limits *limits,
                          emk_gif_info *out_info, uint8_t **out_rgba, char *message, size_t message_size);

void emk_gif_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
