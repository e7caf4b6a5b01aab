/* Internal to CSheetWriter: the streamed sheet's bytes as they are written (emk_deflate_out), and
 * the deflate blocks emk_sheet_zlib.c writes itself rather than through zlib (emk_zero_band.c):
 * a long run of zero rows as one small block, and the empty stored blocks around it. */
#ifndef EMK_DEFLATE_OUT_H
#define EMK_DEFLATE_OUT_H

#include "emk_sheet_internal.h"

/* The output buffer and deflate's pending bits (LSB first); `failed` once memory ran out, after
 * which every write is skipped. */
typedef struct {
    emk_sheet_buffer *out;
    uint64_t bits;
    int count;
    int failed;
} emk_deflate_out;

/* Room for `extra` more bytes; 0 (and `failed` set) when there is none. */
int emk_out_reserve(emk_deflate_out *w, size_t extra);
void emk_out_bytes(emk_deflate_out *w, const void *bytes, size_t n);
void emk_out_be32(emk_deflate_out *w, uint32_t v);
/* An empty stored block (`final` 1 ends the stream): brings the stream to a byte boundary. */
void emk_out_stored_empty(emk_deflate_out *w, int final);
/* `n` (>= 1) zero bytes as one dynamic-Huffman block, then an empty stored block. */
void emk_out_zero_band(emk_deflate_out *w, size_t n);

#endif
