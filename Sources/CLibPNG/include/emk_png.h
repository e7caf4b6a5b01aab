/*
 * emk_png: a small C shim over libpng.
 *
 * Why a shim: libpng reports errors with setjmp/longjmp. A longjmp that crosses Swift frames is
 * undefined behaviour, so every libpng call that can fail lives in this shim, behind its own
 * setjmp, and failures come back as a status code plus libpng's message copied into a caller's
 * buffer. Nothing here knows about emoticons. Reading is emk_png_read.c, writing emk_png_write.c.
 */
#ifndef EMK_PNG_H
#define EMK_PNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    EMK_PNG_OK = 0,
    EMK_PNG_EMPTY = 1,              /* zero-byte input */
    EMK_PNG_NOT_PNG = 2,            /* the 8-byte signature does not match */
    EMK_PNG_ASCII_DAMAGE = 3,       /* signature mangled by a text-mode transfer (CR/LF) */
    EMK_PNG_TRUNCATED = 4,          /* libpng asked for bytes past the end of the input */
    EMK_PNG_TOO_LARGE = 5,          /* width, height or pixel count above the caller's limits */
    EMK_PNG_TOO_MUCH_DATA = 6,      /* compressed image data far larger than the image can need */
    EMK_PNG_LIBPNG_ERROR = 7,       /* libpng refused the data; message holds its reason */
    EMK_PNG_OUT_OF_MEMORY = 8,
    EMK_PNG_BAD_ARGUMENT = 9
} emk_png_status;

typedef struct {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
} emk_png_limits;

/* What the file says about itself (before any transform). */
typedef struct {
    uint32_t width;
    uint32_t height;
    int color_type;   /* PNG colour type: 0 gray, 2 rgb, 3 palette, 4 gray+alpha, 6 rgba */
    int bit_depth;    /* 1, 2, 4, 8 or 16 */
    int interlaced;   /* 1 for Adam7 */
    int has_trns;     /* 1 when a tRNS chunk is present */
} emk_png_header;

typedef struct emk_png_reader emk_png_reader;

/* Reads the header and checks limits. On EMK_PNG_OK *out_reader must be closed by the caller.
 * `data` must stay valid until the reader is closed. */
int emk_png_reader_open(const uint8_t *data, size_t size, const emk_png_limits *limits,
                        emk_png_header *out_header, emk_png_reader **out_reader,
                        char *message, size_t message_size);

/* Decodes the whole image as straight 8-bit RGBA into `pixels` (width*height*4 bytes). 16-bit
 * samples are rounded (png_set_scale_16); no gamma or colour-space conversion is applied. */
int emk_png_reader_read_rgba8(emk_png_reader *reader, uint8_t *pixels,
                              char *message, size_t message_size);

/* Row-by-row decoding, so a large image is never held whole: begin_rows applies the same
 * transforms as read_rgba8, then read_row fills one straight RGBA8 row (width*4 bytes), top to
 * bottom, `height` times (the last call also reads to IEND). Not for interlaced images (their
 * rows are complete only after the last pass): those return EMK_PNG_BAD_ARGUMENT. */
int emk_png_reader_begin_rows(emk_png_reader *reader, char *message, size_t message_size);
int emk_png_reader_read_row(emk_png_reader *reader, uint8_t *row, char *message, size_t message_size);

/* For a palette image of bit depth <= 8 (not interlaced), instead of begin_rows: read_row then
 * gives one palette index per pixel (width bytes), and `palette_rgba` (256 * 4 bytes) receives
 * the straight RGBA8 colour every index expands to, exactly as begin_rows would expand it.
 * Lets a caller turn each colour into what it needs once per image instead of once per pixel. */
int emk_png_reader_begin_indexed_rows(emk_png_reader *reader, uint8_t *palette_rgba, char *message, size_t message_size);

void emk_png_reader_close(emk_png_reader *reader);

/* A growable byte buffer owned by C; free it with emk_png_buffer_free. */
typedef struct {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
} emk_png_buffer;

void emk_png_buffer_free(emk_png_buffer *buffer);

/* Filter choices for the encoder (PNG_ALL_FILTERS-style bit set when > 0). */
#define EMK_PNG_FILTER_NONE  0x08
#define EMK_PNG_FILTER_SUB   0x10
#define EMK_PNG_FILTER_UP    0x20
#define EMK_PNG_FILTER_AVG   0x40
#define EMK_PNG_FILTER_PAETH 0x80
#define EMK_PNG_FILTER_ALL   0xF8

/* How rows are filtered and deflated. */
typedef struct {
    int level;      /* zlib level 0-9 */
    int filters;    /* EMK_PNG_FILTER_* bit set */
    int mem_level;  /* zlib memLevel 1-9 (8 is zlib's default) */
    int strategy;   /* zlib strategy: 0 default, 1 filtered, 2 huffman only, 3 RLE; -1 libpng's
                       choice (filtered when rows are filtered, else default) */
} emk_png_deflate;

/* Encodes 8-bit RGBA pixels (width*height*4) as colour type 6 through libpng, rows filtered as
 * `deflate->filters` says. emokit's default, unfiltered sheets, are written by CSheetWriter
 * (emk_sheet.h) without libpng. */
int emk_png_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height,
                         const emk_png_deflate *deflate, emk_png_buffer *out,
                         char *message, size_t message_size);

/* Encodes 8-bit palette indices (width*height, one byte each) as colour type 3 at `bit_depth`
 * (1, 2, 4 or 8; indices must fit), with `palette_count` RGB entries and `trns_count` alphas. */
int emk_png_encode_indexed(const uint8_t *indices, uint32_t width, uint32_t height, int bit_depth,
                           const uint8_t *palette_rgb, int palette_count,
                           const uint8_t *trns, int trns_count,
                           const emk_png_deflate *deflate, emk_png_buffer *out,
                           char *message, size_t message_size);

/* libpng's version string, for `emokit --version`. */
const char *emk_png_libpng_version(void);

#ifdef __cplusplus
}
#endif

#endif
