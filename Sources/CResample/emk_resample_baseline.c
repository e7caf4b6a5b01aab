// The baseline passes: four floats at a time (one pixel), which every x86-64 (SSE2) and arm64
// (NEON) processor has. The AVX2 versions (emk_resample_avx2.c) must give exactly these results.
//
// Bit-identity rules, shared with the AVX2 file and the Swift reference: each output pixel starts
// from +0 and adds `weight * pixel` for its taps in order, multiply and add rounded separately.
// Pixels may be computed side by side in any grouping, since pixels never mix.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "resample_internal.h"

/// `n` output pixels from column `x` (a group that cannot run to its longest count, or the last
/// few), each with its own taps inside the span: side by side as long as all have some, then
/// each pixel's rest alone.
static void clipped_group(const float *src, emk_resample_span span, const emk_resample_kernel *k, intptr_t x, intptr_t n, float *out) {
    emk_taps r[EMK_GROUP];
    intptr_t common = INTPTR_MAX;
    for (intptr_t j = 0; j < n; j++) {
        r[j] = emk_clip(k, x + j, span);
        if (r[j].count < common) common = r[j].count;
    }
    emk_v4 acc[EMK_GROUP];
    for (int j = 0; j < EMK_GROUP; j++) acc[j] = (emk_v4)(0.0f);
    if (n == EMK_GROUP) {
        for (intptr_t t = 0; t < common; t++) {
            for (int j = 0; j < EMK_GROUP; j++) acc[j] += k->weights[r[j].w + t] * emk_load4(src + 4 * (r[j].first + t));
        }
    } else {
        common = 0;
    }
    for (intptr_t j = 0; j < n; j++) {
        for (intptr_t t = common; t < r[j].count; t++) acc[j] += k->weights[r[j].w + t] * emk_load4(src + 4 * (r[j].first + t));
        emk_store4(out + 4 * (x + j), acc[j]);
    }
}

emk_resample_span emk_horizontal_baseline(const float *src, emk_resample_span span, const emk_resample_kernel *k, float *out) {
    // A row touching no output leaves `out` as it was: its span is empty, so no pass reads it.
    emk_resample_span written = emk_touched(k, span);
    if (written.lo >= written.hi) return written;
    intptr_t width = k->length;
    memset(out, 0, (size_t)(16 * written.lo));
    memset(out + 4 * written.hi, 0, (size_t)(16 * (width - written.hi)));
    // Whole groups from the one holding the first touched pixel (their pixels outside the touched
    // columns come out +0 as they should), then the last pixels.
    for (intptr_t x = written.lo - written.lo % EMK_GROUP; x < written.hi; x += EMK_GROUP) {
        if (x + EMK_GROUP > width) {
            clipped_group(src, span, k, x, width - x, out);
            continue;
        }
        intptr_t longest = k->groups != NULL ? k->groups[x / EMK_GROUP] : 0;
        if (longest == 0) {
            clipped_group(src, span, k, x, EMK_GROUP, out);
            continue;
        }
        // Every pixel runs its whole kernel and on to the group's longest count. The extra taps
        // add +0 (bit-identical, see emk_clip): outside the span the row is +0, past a pixel's
        // count its weight is 0; `emk_resample_kernel_prepare` made sure every read is in the row.
        const float *s[EMK_GROUP], *w[EMK_GROUP];
        for (int j = 0; j < EMK_GROUP; j++) {
            s[j] = src + 4 * k->starts[x + j];
            w[j] = k->weights + (x + j) * k->taps;
        }
        emk_v4 acc[EMK_GROUP];
        for (int j = 0; j < EMK_GROUP; j++) acc[j] = (emk_v4)(0.0f);
        for (intptr_t t = 0; t < longest; t++) {
            for (int j = 0; j < EMK_GROUP; j++) acc[j] += w[j][t] * emk_load4(s[j] + 4 * t);
        }
        for (int j = 0; j < EMK_GROUP; j++) emk_store4(out + 4 * (x + j), acc[j]);
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
        intptr_t j = 0;
        for (; j + 4 <= n; j += 4) emk_store_quad(acc[j], acc[j + 1], acc[j + 2], acc[j + 3], out + 4 * (x + j));
        for (; j < n; j++) emk_store_pixel(acc[j], out + 4 * (x + j));
    }
}

void emk_store_baseline(const float *pixels, intptr_t count, uint8_t *out) {
    intptr_t i = 0;
    for (; i + 4 <= count; i += 4) {
        const float *p = pixels + 4 * i;
        emk_store_quad(emk_load4(p), emk_load4(p + 4), emk_load4(p + 8), emk_load4(p + 12), out + 4 * i);
    }
    for (; i < count; i++) emk_store_pixel(emk_load4(pixels + 4 * i), out + 4 * i);
}
