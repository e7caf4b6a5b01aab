/*
 * The deflate blocks the streaming sheet writer (emk_sheet_zlib.c) writes itself: a band of zero
 * rows as one dynamic-Huffman block of a literal 0 and distance-1 copies of 258 bytes (2 bits
 * each), and the empty stored blocks that bring the stream back to a byte boundary; and the
 * output buffer they and zlib's blocks are written into (emk_deflate_out). See emk_sheet_zlib.c
 * for why, and how these blocks join zlib's.
 */
#include "emk_deflate_out.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int emk_out_reserve(emk_deflate_out *w, size_t extra) {
    emk_sheet_buffer *b = w->out;
    if (w->failed) return 0;
    if (extra > SIZE_MAX - b->size) { w->failed = 1; return 0; }
    size_t needed = b->size + extra;
    if (needed <= b->capacity) return 1;
    size_t capacity = b->capacity ? b->capacity : 65536;
    while (capacity < needed) {
        if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
        capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(b->bytes, capacity);
    if (!grown) { w->failed = 1; return 0; }
    b->bytes = grown;
    b->capacity = capacity;
    return 1;
}

void emk_out_bytes(emk_deflate_out *w, const void *bytes, size_t n) {
    if (!emk_out_reserve(w, n)) return;
    memcpy(w->out->bytes + w->out->size, bytes, n);
    w->out->size += n;
}

void emk_out_be32(emk_deflate_out *w, uint32_t v) {
    uint8_t b[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    emk_out_bytes(w, b, 4);
}

/* Deflate's bit order: values LSB first; the caller has reserved room for the bytes. */
static void emk_put_bits(emk_deflate_out *w, uint32_t value, int n) {
    w->bits |= (uint64_t)value << w->count;
    w->count += n;
    while (w->count >= 8) {
        w->out->bytes[w->out->size++] = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
}

/* An empty stored block: ends on a byte boundary. */
void emk_out_stored_empty(emk_deflate_out *w, int final) {
    emk_put_bits(w, final ? 1 : 0, 3);
    if (w->count > 0) emk_put_bits(w, 0, 8 - w->count);
    emk_put_bits(w, 0x0000, 16);
    emk_put_bits(w, 0xFFFF, 16);
}

/* Canonical Huffman codes for `lengths` (RFC 1951 3.2.2), bit-reversed for emk_put_bits. */
static void emk_canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    int count[16] = {0}, next[16] = {0};
    for (int i = 0; i < n; i++) count[lengths[i]]++;
    count[0] = 0;
    int code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int i = 0; i < n; i++) {
        int len = lengths[i];
        if (len == 0) { codes[i] = 0; continue; }
        int c = next[len]++, r = 0;
        for (int b = 0; b < len; b++) { r = (r << 1) | (c & 1); c >>= 1; }
        codes[i] = (uint16_t)r;
    }
}

/* Lengths giving a complete prefix code over `k` (>= 2) symbols, in the order given. */
static void emk_complete_lengths(int k, uint8_t *lengths) {
    int d = 1;
    while ((1 << d) < k) d++;
    int shorter = (1 << d) - k; /* this many get d-1 bits, the rest d */
    for (int i = 0; i < k; i++) lengths[i] = (uint8_t)(i < shorter ? d - 1 : d);
}

static const uint16_t emk_length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                             31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t emk_length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

/* `n` (>= 1) zero bytes as one dynamic-Huffman block (a literal 0, then copies of the byte before
 * at distance 1), then an empty stored block to end on a byte boundary. */
void emk_out_zero_band(emk_deflate_out *w, size_t n) {
    size_t full = (n - 1) / 258, rest = (n - 1) % 258;
    int rest_symbol = -1;
    if (rest >= 3) {
        int i = 28;
        while (emk_length_base[i] > rest) i--;
        rest_symbol = 257 + i;
    }
    /* The literal/length alphabet: 0, end of block, 258 (code 285) and the remainder's code. */
    int used[4], k = 0;
    if (full > 0) used[k++] = 285;
    used[k++] = 0;
    if (rest_symbol >= 0) used[k++] = rest_symbol;
    used[k++] = 256;
    /* A complete prefix code, shortest for the 258-byte copies that make up almost all of it. */
    static const uint8_t by_count[5][4] = {{0}, {0}, {1, 1}, {1, 2, 2}, {1, 2, 3, 3}};
    const uint8_t *chosen = by_count[k];
    int hlit = 257;
    for (int i = 0; i < k; i++) if (used[i] + 1 > hlit) hlit = used[i] + 1;
    uint8_t lengths[287] = {0};
    for (int i = 0; i < k; i++) lengths[used[i]] = chosen[i];
    lengths[hlit] = 1; /* the one distance code (distance 1), 1 bit as RFC 1951 asks */
    int total = hlit + 1;

    /* The code lengths, run-length coded: 18 = 11-138 zeros, 17 = 3-10 zeros, else the length. */
    uint8_t rle_symbol[300], rle_extra[300];
    int rle = 0;
    for (int i = 0; i < total;) {
        int run = 0;
        while (i + run < total && lengths[i + run] == 0) run++;
        if (run >= 11) {
            int take = run > 138 ? 138 : run;
            rle_symbol[rle] = 18, rle_extra[rle++] = (uint8_t)(take - 11), i += take;
        } else if (run >= 3) {
            rle_symbol[rle] = 17, rle_extra[rle++] = (uint8_t)(run - 3), i += run;
        } else {
            rle_symbol[rle] = lengths[i], rle_extra[rle++] = 0, i += 1;
        }
    }
    /* The code-length code: a complete code over the symbols the run-length coding used. */
    uint8_t cl_lengths[19] = {0};
    int cl_used[19], cl_k = 0;
    for (int s = 0; s < 19; s++) {
        for (int j = 0; j < rle; j++) {
            if (rle_symbol[j] == s) { cl_used[cl_k++] = s; break; }
        }
    }
    uint8_t cl_chosen[19];
    emk_complete_lengths(cl_k, cl_chosen);
    for (int i = 0; i < cl_k; i++) cl_lengths[cl_used[i]] = cl_chosen[i];
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int hclen = 19;
    while (hclen > 4 && cl_lengths[order[hclen - 1]] == 0) hclen--;
    uint16_t cl_codes[19], codes[287];
    emk_canonical_codes(cl_lengths, 19, cl_codes);
    emk_canonical_codes(lengths, hlit, codes);

    /* Header and tables: well under 200 bytes; data: 2-3 bits per 258 zeros. */
    if (!emk_out_reserve(w, 256 + full / 2 + 16)) return;
    emk_put_bits(w, 2 << 1, 3); /* not final, dynamic Huffman */
    emk_put_bits(w, (uint32_t)(hlit - 257), 5);
    emk_put_bits(w, 0, 5); /* one distance code */
    emk_put_bits(w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) emk_put_bits(w, cl_lengths[order[i]], 3);
    for (int j = 0; j < rle; j++) {
        emk_put_bits(w, cl_codes[rle_symbol[j]], cl_lengths[rle_symbol[j]]);
        if (rle_symbol[j] == 18) emk_put_bits(w, rle_extra[j], 7);
        if (rle_symbol[j] == 17) emk_put_bits(w, rle_extra[j], 3);
    }
    uint16_t dist_code = 0; /* the only distance code, length 1: code 0 */
    emk_put_bits(w, codes[0], lengths[0]);
    for (size_t i = 0; i < full; i++) {
        emk_put_bits(w, codes[285], lengths[285]);
        emk_put_bits(w, dist_code, 1);
    }
    if (rest_symbol >= 0) {
        int i = rest_symbol - 257;
        emk_put_bits(w, codes[rest_symbol], lengths[rest_symbol]);
        if (emk_length_extra[i]) emk_put_bits(w, (uint32_t)(rest - emk_length_base[i]), emk_length_extra[i]);
        emk_put_bits(w, dist_code, 1);
    } else {
        for (size_t i = 0; i < rest; i++) emk_put_bits(w, codes[0], lengths[0]);
    }
    emk_put_bits(w, codes[256], lengths[256]);
    emk_out_stored_empty(w, 0);
}
