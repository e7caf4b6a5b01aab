// The baseline passes: four floats at a time (one pixel), which every x86-64 (SSE2) and arm64
// (NEON) processor has. The AVX2 versions (emk_resample_avx2.c) must give exactly these results.
//
// Bit-identity rules, shared with the AVX2 file and the Swift reference: each output pixel starts
// from +0 and adds `weight * pixel` for its taps in order, multiply and add rounded separately.
// Pixels may be computed side by side in any grouping, since pixels never mix.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "resample_internal.h"

/// Output pixels summed side by side in the horizontal pass: independent sums keep the adder
/// busy while each one waits for its previous addition.
#define GROUP 4

emk_resample_span emk_horizontal_baseline(const float *src, emk_resample_span span, const emk_resample_kernel *k, float *out) {
    emk_resample_span written = {0, 0};
    if (span.lo >= span.hi) return written;
    const float *weights = k->weights;
    intptr_t width = k->length, x = 0;
    intptr_t lo = width, hi = 0;
    for (; x + GROUP <= width; x += GROUP) {
        emk_taps r[GROUP];
        intptr_t common = INTPTR_MAX;
        for (int j = 0; j < GROUP; j++) {
            r[j] = emk_clip(k, x + j, span);
            if (r[j].count < common) common = r[j].count;
            if (r[j].count > 0) {
                if (x + j < lo) lo = x + j;
                hi = x + j + 1;
            }
        }
        emk_v4 acc[GROUP];
        for (int j = 0; j < GROUP; j++) acc[j] = (emk_v4)(0.0f);
        for (intptr_t t = 0; t < common; t++) {
            for (int j = 0; j < GROUP; j++) acc[j] += weights[r[j].w + t] * emk_load4(src + 4 * (r[j].first + t));
        }
        for (int j = 0; j < GROUP; j++) {
            for (intptr_t t = common; t < r[j].count; t++) acc[j] += weights[r[j].w + t] * emk_load4(src + 4 * (r[j].first + t));
            emk_store4(out + 4 * (x + j), acc[j]);
        }
    }
    for (; x < width; x++) {
        emk_taps r = emk_clip(k, x, span);
        emk_v4 acc = (emk_v4)(0.0f);
        for (intptr_t t = 0; t < r.count; t++) acc += weights[r.w + t] * emk_load4(src + 4 * (r.first + t));
        emk_store4(out + 4 * x, acc);
        if (r.count > 0) {
            if (x < lo) lo = x;
            hi = x + 1;
        }
    }
    if (lo < hi) {
        written.lo = lo;
        written.hi = hi;
    }
    return written;
}

/// Pixels of an output row accumulated at once in the vertical pass, in registers: each tap's
/// row is read once per block and the sums never go through memory.
#define BLOCK 8

void emk_vertical_baseline(
    const float *ring, const emk_resample_span *spans, intptr_t window, intptr_t width,
    const float *weights, intptr_t start, intptr_t count, uint8_t *out) {
    emk_resample_span hull = emk_hull(spans, window, start, count);
    memset(out, 0, (size_t)(4 * hull.lo));
    memset(out + 4 * hull.hi, 0, (size_t)(4 * (width - hull.hi)));
    intptr_t first_slot = start % window, x = hull.lo;
    // Taps whose row is blank are skipped (their slot was not written); inside the hull every
    // other row is +0 where it has nothing, which adds nothing (bit-identical, see emk_clip).
    for (; x < hull.hi; x += BLOCK) {
        intptr_t n = hull.hi - x < BLOCK ? hull.hi - x : BLOCK;
        emk_v4 acc[BLOCK];
        for (int j = 0; j < BLOCK; j++) acc[j] = (emk_v4)(0.0f);
        intptr_t slot = first_slot;
        for (intptr_t t = 0; t < count; t++) {
            if (spans[slot].lo < spans[slot].hi) {
                const float *row = ring + 4 * (slot * width + x);
                float w = weights[t];
                if (n == BLOCK) {
                    for (int j = 0; j < BLOCK; j++) acc[j] += w * emk_load4(row + 4 * j);
                } else {
                    for (intptr_t j = 0; j < n; j++) acc[j] += w * emk_load4(row + 4 * j);
                }
            }
            if (++slot == window) slot = 0;
        }
        for (intptr_t j = 0; j < n; j++) emk_store_pixel(acc[j], out + 4 * (x + j));
    }
}

void emk_store_baseline(const float *pixels, intptr_t count, uint8_t *out) {
    for (intptr_t i = 0; i < count; i++) emk_store_pixel(emk_load4(pixels + 4 * i), out + 4 * i);
}
