/*
 * The streaming RGBA8 PNG writer for unfiltered rows: zlib, for images too large to hold whole
 * (emk_sheet_writer.c sends every image above EMK_SHEET_WHOLE_BYTES of rows here; smaller ones
 * go to libdeflate in one buffer).
 *
 * Why not libpng here: a sprite sheet is mostly transparent, and whole bands of rows are zero
 * (the space between rows of icons: about 40% of a sheet's bytes). zlib's match finder costs the
 * same per byte on zeros as on pixels (it hashes every position of every match), so on the
 * benchmark corpus a third of the deflate time went to bytes that compress to nothing. This
 * writer drives zlib itself so it can emit each long run of zero rows as one small deflate block
 * of its own (a literal 0 and distance-1 matches of 258 bytes, 2 bits each) and hand zlib only the
 * rows with pixels. The stream stays one ordinary zlib stream in one IDAT chunk: any PNG decoder
 * reads it, and the pixels are exactly those given (EncoderTests round-trip it through libpng and
 * Pillow).
 *
 * How the pieces join: zlib compresses raw deflate (no zlib wrapper: the Adler-32 and header are
 * written here) and is flushed with Z_SYNC_FLUSH before each zero band, which ends its block on a
 * byte boundary. The zero band's own block is followed by an empty stored block, which brings the
 * stream back to a byte boundary. zlib is then told what the decoder now has in its window
 * (deflateSetDictionary with the band's last 32 KiB of zeros), so its later matches measure their
 * distances from the right place.
 *
 * Rows can be handed over a band at a time: a caller drawing a large sheet band by band never
 * holds it whole (an emoji keyboard's @3x skin-tone sheet is 10 MB of RGBA), and the bytes do not
 * depend on how the rows are split.
 */
#include "emk_deflate_out.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Bands of zero rows shorter than this go through zlib with the rest: a band costs about 40 bytes
 * of block headers and flush markers, and zlib handles a short run cheaply anyway. */
#define EMK_MIN_ZERO_BAND 8192
/* Rows are copied, behind their filter byte, into a scratch buffer of about this size per deflate call. */
#define EMK_SCRATCH_BYTES 65536

static int emk_row_is_zero(const uint8_t *row, size_t n) {
    uint64_t acc = 0;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        uint64_t a, b, c, d;
        memcpy(&a, row + i, 8), memcpy(&b, row + i + 8, 8), memcpy(&c, row + i + 16, 8), memcpy(&d, row + i + 24, 8);
        acc |= a | b | c | d;
        if (acc) return 0;
    }
    for (; i < n; i++) acc |= row[i];
    return acc == 0;
}

/* Adler-32 after `n` more zero bytes: s1 is unchanged, s2 grows by n*s1. */
static uLong emk_adler_zeros(uLong adler, size_t n) {
    uLong s1 = adler & 0xFFFF, s2 = adler >> 16;
    s2 = (s2 + (uLong)(n % 65521) * s1) % 65521;
    return (s2 << 16) | s1;
}

/* Runs deflate on the scratch rows with `flush` until zlib has consumed them and written all. */
static int emk_deflate_into(emk_deflate_out *w, z_stream *z, const uint8_t *data, size_t n, int flush) {
    z->next_in = (Bytef *)data;
    z->avail_in = (uInt)n;
    for (;;) {
        size_t room = n / 2 + 4096;
        if (!emk_out_reserve(w, room)) return Z_MEM_ERROR;
        z->next_out = w->out->bytes + w->out->size;
        z->avail_out = (uInt)(w->out->capacity - w->out->size);
        uInt before = z->avail_out;
        int status = deflate(z, flush);
        w->out->size += before - z->avail_out;
        if (status == Z_STREAM_ERROR) return status;
        if (flush == Z_FINISH && status == Z_STREAM_END) return Z_OK;
        if (flush != Z_FINISH && z->avail_in == 0 && z->avail_out != 0) return Z_OK;
    }
}

static uint32_t emk_chunk_crc(const uint8_t *type_and_data, size_t n) {
    return (uint32_t)crc32(crc32(0, Z_NULL, 0), type_and_data, (uInt)n);
}

/* The writer between rows: rows arrive top to bottom, and each is placed once what follows it is
 * known. Zero rows wait as a count (`zero_run`) until a row with pixels or the end shows whether
 * they make a long band (its own block) or go to zlib with their neighbours. Rows for zlib fill
 * the scratch buffer; a full scratch waits until the next row shows whether it ends its stretch
 * of zlib rows (Z_SYNC_FLUSH before a band, Z_FINISH at the end) or not (Z_NO_FLUSH). So zlib
 * sees exactly the calls the whole-image loop would make, and the bytes are the same however
 * the rows are handed over. */
struct emk_zlib_stream {
    emk_sheet_buffer out;
    emk_deflate_out w;
    z_stream z;
    int z_ready;
    size_t row_bytes, stride, scratch_rows, filled;
    uint8_t *scratch;
    uint32_t height, rows_seen, zero_run;
    uLong adler;
    int status; /* Z_OK until something fails */
};

static const uint8_t emk_zero_window[32768];

/* Deflates the scratch rows with `flush`. */
static void emk_stream_deflate(emk_zlib_stream *s, int flush) {
    size_t n = s->filled * s->stride;
    s->filled = 0;
    if (s->status != Z_OK) return;
    s->adler = adler32(s->adler, s->scratch, (uInt)n);
    s->status = emk_deflate_into(&s->w, &s->z, s->scratch, n, flush);
}

/* Appends one row (NULL: a zero row) for zlib, deflating a full scratch first: the row shows
 * the scratch's rows continue their stretch. */
static void emk_stream_add(emk_zlib_stream *s, const uint8_t *row) {
    if (s->filled == s->scratch_rows) emk_stream_deflate(s, Z_NO_FLUSH);
    if (s->status != Z_OK) return;
    uint8_t *slot = s->scratch + s->filled * s->stride;
    slot[0] = 0; /* filter type None */
    if (row) memcpy(slot + 1, row, s->row_bytes);
    else memset(slot + 1, 0, s->row_bytes);
    s->filled++;
}

/* Places the waiting zero rows: a long band ends the zlib rows before it and becomes its own
 * block; a short run goes to zlib. */
static void emk_stream_place_zeros(emk_zlib_stream *s) {
    size_t band = (size_t)s->zero_run * s->stride;
    if (band == 0) return;
    if (band >= EMK_MIN_ZERO_BAND) {
        if (s->filled > 0) emk_stream_deflate(s, Z_SYNC_FLUSH);
        if (s->status != Z_OK) return;
        emk_out_zero_band(&s->w, band);
        s->adler = emk_adler_zeros(s->adler, band);
        /* The decoder's window now ends with these zeros; tell zlib. */
        size_t tail = band < sizeof emk_zero_window ? band : sizeof emk_zero_window;
        if (deflateSetDictionary(&s->z, emk_zero_window, (uInt)tail) != Z_OK) s->status = Z_STREAM_ERROR;
    } else {
        for (uint32_t i = 0; i < s->zero_run; i++) emk_stream_add(s, NULL);
    }
    s->zero_run = 0;
}

void emk_zlib_stream_free(emk_zlib_stream *s) {
    if (!s) return;
    if (s->z_ready) deflateEnd(&s->z);
    free(s->scratch);
    emk_sheet_buffer_free(&s->out);
    free(s);
}

int emk_zlib_stream_begin(uint32_t width, uint32_t height, const emk_sheet_deflate *settings, emk_zlib_stream **out_stream,
                           char *message, size_t message_size) {
    if (!out_stream || !settings || width == 0 || height == 0 || width > 0x7fffffffu / 4 || height > 0x7fffffffu)
        return EMK_SHEET_BAD_ARGUMENT;
    *out_stream = NULL;
    emk_zlib_stream *s = (emk_zlib_stream *)calloc(1, sizeof *s);
    if (!s) return EMK_SHEET_OUT_OF_MEMORY;
    s->w = (emk_deflate_out){&s->out, 0, 0, 0};
    s->row_bytes = (size_t)width * 4;
    s->stride = s->row_bytes + 1;
    s->height = height;
    int level = settings->level < 0 ? 6 : (settings->level > 9 ? 9 : settings->level);
    int mem_level = settings->mem_level >= 1 && settings->mem_level <= 9 ? settings->mem_level : 8;
    int strategy = settings->strategy >= 0 ? settings->strategy : Z_DEFAULT_STRATEGY;

    emk_out_bytes(&s->w, emk_sheet_signature, 8);
    uint8_t ihdr[17] = {'I', 'H', 'D', 'R', 0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0};
    for (int i = 0; i < 4; i++) ihdr[4 + i] = (uint8_t)(width >> (24 - 8 * i)), ihdr[8 + i] = (uint8_t)(height >> (24 - 8 * i));
    emk_out_be32(&s->w, 13);
    emk_out_bytes(&s->w, ihdr, 17);
    emk_out_be32(&s->w, emk_chunk_crc(ihdr, 17));
    /* IDAT: its length is filled in once the stream is complete (33 bytes in: after the signature and IHDR). */
    emk_out_bytes(&s->w, "\0\0\0\0IDAT", 8);
    /* zlib header: deflate, 32 KiB window, the FLEVEL libpng would write for this level. */
    int fast = level < 2 || strategy >= Z_HUFFMAN_ONLY;
    uint8_t zheader[2] = {0x78, fast ? 0x01 : (level < 6 ? 0x5E : (level == 6 ? 0x9C : 0xDA))};
    emk_out_bytes(&s->w, zheader, 2);
    if (s->w.failed) { emk_zlib_stream_free(s); return EMK_SHEET_OUT_OF_MEMORY; }

    if (deflateInit2(&s->z, level, Z_DEFLATED, -15, mem_level, strategy) != Z_OK) {
        emk_zlib_stream_free(s);
        snprintf(message, message_size, "zlib could not start (level %d, memLevel %d)", level, mem_level);
        return EMK_SHEET_OUT_OF_MEMORY;
    }
    s->z_ready = 1;
    s->scratch_rows = EMK_SCRATCH_BYTES / s->stride ? EMK_SCRATCH_BYTES / s->stride : 1;
    s->scratch = (uint8_t *)malloc(s->scratch_rows * s->stride);
    if (!s->scratch) { emk_zlib_stream_free(s); return EMK_SHEET_OUT_OF_MEMORY; }
    s->adler = adler32(0, Z_NULL, 0);
    s->status = Z_OK;
    *out_stream = s;
    return EMK_SHEET_OK;
}

static int emk_stream_failure(emk_zlib_stream *s, char *message, size_t message_size) {
    if (s->status != Z_MEM_ERROR && s->status != Z_OK && !s->w.failed) {
        snprintf(message, message_size, "zlib failed while compressing (status %d)", s->status);
        return EMK_SHEET_COMPRESSOR_ERROR;
    }
    return EMK_SHEET_OUT_OF_MEMORY;
}

int emk_zlib_stream_push_rows(emk_zlib_stream *s, const uint8_t *rows, uint32_t count, char *message, size_t message_size) {
    if (!s || (!rows && count > 0) || count > s->height - s->rows_seen) return EMK_SHEET_BAD_ARGUMENT;
    for (uint32_t r = 0; r < count && s->status == Z_OK && !s->w.failed; r++) {
        const uint8_t *row = rows + (size_t)r * s->row_bytes;
        if (emk_row_is_zero(row, s->row_bytes)) {
            s->zero_run++;
            continue;
        }
        emk_stream_place_zeros(s);
        emk_stream_add(s, row);
    }
    s->rows_seen += count;
    if (s->status != Z_OK || s->w.failed) return emk_stream_failure(s, message, message_size);
    return EMK_SHEET_OK;
}

int emk_zlib_stream_finish(emk_zlib_stream *s, emk_sheet_buffer *out, char *message, size_t message_size) {
    if (!s || !out) return EMK_SHEET_BAD_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (s->rows_seen != s->height) {
        snprintf(message, message_size, "the image has %u rows but %u were given", (unsigned)s->height, (unsigned)s->rows_seen);
        return EMK_SHEET_BAD_ARGUMENT;
    }
    /* The last rows: a long zero band ends the stream with an empty final block; otherwise the
     * last zlib rows finish it. */
    int band_last = (size_t)s->zero_run * s->stride >= EMK_MIN_ZERO_BAND;
    emk_stream_place_zeros(s);
    if (band_last) {
        if (s->status == Z_OK && emk_out_reserve(&s->w, 16)) emk_out_stored_empty(&s->w, 1);
    } else {
        emk_stream_deflate(s, Z_FINISH);
    }
    if (s->status == Z_OK) emk_out_be32(&s->w, (uint32_t)s->adler);
    if (s->status != Z_OK || s->w.failed) return emk_stream_failure(s, message, message_size);
    const size_t idat = 33;
    size_t data_length = s->out.size - idat - 8;
    if (data_length > 0x7fffffffu) {
        snprintf(message, message_size, "image data too large for one PNG chunk");
        return EMK_SHEET_BAD_ARGUMENT;
    }
    for (int i = 0; i < 4; i++) s->out.bytes[idat + i] = (uint8_t)(data_length >> (24 - 8 * i));
    emk_out_be32(&s->w, emk_chunk_crc(s->out.bytes + idat + 4, data_length + 4));
    static const uint8_t iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
    emk_out_bytes(&s->w, iend, 12);
    if (s->w.failed) return EMK_SHEET_OUT_OF_MEMORY;
    /* The bytes move to the caller; the stream keeps nothing to free twice. */
    *out = s->out;
    memset(&s->out, 0, sizeof s->out);
    return EMK_SHEET_OK;
}
