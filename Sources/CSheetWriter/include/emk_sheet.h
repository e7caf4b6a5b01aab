/*
 * emk_sheet: emokit's sprite sheets as PNG, without libpng: 8-bit RGBA, every row unfiltered
 * (filter type None), one zlib stream. Images held whole go to libdeflate (emk_sheet_writer.c);
 * larger ones stream through zlib (emk_sheet_zlib.c, its zero bands emk_zero_band.c); and the
 * reader of exactly this layout checks cached sheets fast (emk_sheet_reader.c); the reader of
 * simple PNGs (emk_simple_png.c) decodes the emoji font's glyphs the same way.
 *
 * Why apart from the libpng shim (CLibPNG): nothing here calls libpng. Deflate is the largest
 * part of a run, and a sheet's layout is fixed, so the chunks are written directly around a
 * compressor chosen for speed (Documentation/Performance.md). Palette images and other row
 * filters are libpng's (emk_png.h). Nothing here knows about emoticons.
 */
#ifndef EMK_SHEET_H
#define EMK_SHEET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    EMK_SHEET_OK = 0,
    EMK_SHEET_BAD_ARGUMENT = 1,     /* a null pointer, a zero or oversized size, rows out of order */
    EMK_SHEET_OUT_OF_MEMORY = 2,
    EMK_SHEET_COMPRESSOR_ERROR = 3, /* libdeflate or zlib failed; message holds which */
    EMK_SHEET_UNUSUAL_LAYOUT = 4    /* emk_sheet_read_rgba8: not a sheet as written here, or damaged */
} emk_sheet_status;

/* A growable byte buffer owned by C (malloc'd); free it with emk_sheet_buffer_free. */
typedef struct {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
} emk_sheet_buffer;

void emk_sheet_buffer_free(emk_sheet_buffer *buffer);

/* How the rows are deflated. */
typedef struct {
    int level;      /* libdeflate's 0-12 for images held whole; zlib's 0-9 (clamped) when streamed */
    int mem_level;  /* zlib memLevel 1-9 (8 is zlib's default), streamed images only */
    int strategy;   /* zlib strategy, streamed images only: 0 default, 1 filtered, 2 huffman only, 3 RLE;
                       -1 zlib's default */
} emk_sheet_deflate;

/* Encodes 8-bit RGBA pixels (width*height*4) as a sheet PNG into `out` (free it with
 * emk_sheet_buffer_free): the stream below given every row at once. */
int emk_sheet_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, const emk_sheet_deflate *settings,
                           emk_sheet_buffer *out, char *message, size_t message_size);

/* The same encoding with the rows handed over a band at a time, so a large image need never be
 * held whole: begin, push rows top to bottom (width*4 bytes each, any number per call) until all
 * `height` are given, finish (the PNG moves into `out`, to be freed with emk_sheet_buffer_free),
 * and free the stream whatever happened. The bytes do not depend on how the rows are split
 * between calls. */
typedef struct emk_sheet_stream emk_sheet_stream;
/* The most bytes of rows (height * (width*4 + 1)) a stream holds whole and compresses with
 * libdeflate; a larger image streams through zlib, several times slower. A caller that chooses
 * its images' size (the skin-tone sheets of any-width output) keeps them at most this big. */
size_t emk_sheet_whole_bytes(void);
int emk_sheet_stream_begin(uint32_t width, uint32_t height, const emk_sheet_deflate *settings, emk_sheet_stream **out_stream,
                           char *message, size_t message_size);
int emk_sheet_stream_push_rows(emk_sheet_stream *stream, const uint8_t *rows, uint32_t count, char *message, size_t message_size);
int emk_sheet_stream_finish(emk_sheet_stream *stream, emk_sheet_buffer *out, char *message, size_t message_size);
void emk_sheet_stream_free(emk_sheet_stream *stream);

/* Reads a PNG laid out exactly as emokit writes sheets: the signature, IHDR (`width` x `height`,
 * 8-bit RGBA, no interlace), one or more IDAT chunks, IEND and nothing else, every chunk's CRC
 * valid, one zlib stream (declaring a 32 KiB window) of exactly the image's rows, every row
 * filter None. `rows` must hold height * (width*4 + 1) bytes; on EMK_SHEET_OK its first
 * width*height*4 bytes are the pixels. Returns EMK_SHEET_UNUSUAL_LAYOUT for any other PNG, or
 * for any damage: a caller that must read every PNG reads such a file with libpng
 * (emk_png_reader_*), which names what is wrong. It exists to check cached sheets fast
 * (libdeflate inflates several times faster than zlib); a pack's images are read by libpng. */
int emk_sheet_read_rgba8(const uint8_t *png, size_t size, uint32_t width, uint32_t height, uint8_t *rows);

/* A simple PNG's rows, read without libpng (emk_simple_png.c). */
typedef struct {
    uint32_t width, height;
    uint8_t color_type;        /* 3: palette (one index byte a pixel), 6: RGBA (four bytes) */
    uint8_t palette_rgba[1024]; /* color type 3: what each index expands to, as libpng expands it */
    uint8_t *rows;             /* row y's pixels start at rows + y * stride + 1 (after its filter byte) */
    size_t stride;
} emk_simple_png;

/* Reads a palette PNG (1, 2, 4 or 8-bit) or an 8-bit RGBA PNG, not interlaced, within
 * `max_width` x `max_height` and `max_pixels` (checked before anything is allocated), whose critical chunks are IHDR, PLTE (palette images), one run of IDAT and IEND,
 * with tRNS (palette images) and any ancillary chunks (passed over: they change no pixel emokit
 * reads), every CRC valid, one zlib stream (declaring a 32 KiB window, or a smaller one that
 * holds all the rows) of exactly the image's rows and no more data than they could need.
 * Returns EMK_SHEET_UNUSUAL_LAYOUT for anything else, or for any damage, without a word: the
 * caller then reads the file with libpng (emk_png_reader_*), which decodes or names what is
 * wrong. On EMK_SHEET_OK, free `out` with emk_simple_png_free. One leniency is libdeflate's:
 * it reads a few malformed deflate codings that zlib refuses (length symbols 286 and 287,
 * distance codes 30 and 31, code counts over the maximum, incomplete codes), which no encoder
 * writes; so emokit reads only its emoji font's glyphs this way, never a pack's images. */
int emk_simple_png_read(const uint8_t *png, size_t size, uint32_t max_width, uint32_t max_height, uint64_t max_pixels, emk_simple_png *out);
void emk_simple_png_free(emk_simple_png *image);

#ifdef __cplusplus
}
#endif

#endif
