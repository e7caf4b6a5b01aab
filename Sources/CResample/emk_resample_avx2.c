// The AVX2 passes: a 256-bit register holds two RGBA float pixels, so one multiply and one add
// do the work of two in the baseline. Chosen at run time (emk_resample.c) only on processors that
// have AVX2; the functions carry `target("avx2")` instead of the whole file being built for it,
// so the binary still runs everywhere.
//
// Never "fma": a fused multiply-add rounds once where the baseline rounds twice, and the results
// must be bit-identical to the baseline's (each pixel: +0, then `+ weight * pixel` per tap, in
// order, two roundings each). The pragmas below keep clang from fusing on its own.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "resample_internal.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/// Pairs of output pixels summed side by side in the horizontal pass (two pixels a register).
#define PAIRS 2

/// One pixel's remaining taps `from ..< r.count`, continuing the sum `acc`, stored to `out`.
AVX2 static inline void finish_pixel(__m128 acc, const float *src, const float *weights, emk_taps r, intptr_t from, float *out) {
    for (intptr_t t = from; t < r.count; t++) {
        acc = _mm_add_ps(acc, _mm_mul_ps(_mm_set1_ps(weights[r.w + t]), _mm_loadu_ps(src + 4 * (r.first + t))));
    }
    _mm_storeu_ps(out, acc);
}

AVX2 emk_resample_span emk_horizontal_avx2(const float *src, emk_resample_span span, const emk_resample_kernel *k, float *out) {
    emk_resample_span written = {0, 0};
    if (span.lo >= span.hi) return written;
    const float *weights = k->weights;
    intptr_t width = k->length, x = 0;
    intptr_t lo = width, hi = 0;
    for (; x + 2 * PAIRS <= width; x += 2 * PAIRS) {
        emk_taps r[2 * PAIRS];
        intptr_t common = INTPTR_MAX;
        for (int j = 0; j < 2 * PAIRS; j++) {
            r[j] = emk_clip(k, x + j, span);
            if (r[j].count < common) common = r[j].count;
            if (r[j].count > 0) {
                if (x + j < lo) lo = x + j;
                hi = x + j + 1;
            }
        }
        // The low half of acc[p] is pixel x + 2p, the high half pixel x + 2p + 1.
        const float *w[2 * PAIRS], *s[2 * PAIRS];
        for (int j = 0; j < 2 * PAIRS; j++) {
            w[j] = weights + r[j].w;
            s[j] = src + 4 * r[j].first;
        }
        __m256 acc[PAIRS];
        for (int p = 0; p < PAIRS; p++) acc[p] = _mm256_setzero_ps();
        int unclipped = k->pair_weights != NULL;
        intptr_t longest = 0, rightmost = 0;
        for (int j = 0; j < 2 * PAIRS; j++) {
            unclipped &= r[j].w == (x + j) * k->taps;
            if (r[j].count > longest) longest = r[j].count;
            if (r[j].first > rightmost) rightmost = r[j].first;
        }
        if (unclipped && rightmost + longest <= k->source_length) {
            // No pixel lost taps on the left: each pair's weights are one load from the pair
            // table, and every pixel runs to the group's longest count, every read inside the
            // row. A pixel's taps past its own add +0 (bit-identical, see emk_clip): its weights
            // there are 0 (past its count) or its source is +0 (past the span).
            const float *pw[PAIRS];
            for (int p = 0; p < PAIRS; p++) pw[p] = k->pair_weights + 8 * ((x / 2 + p) * k->taps);
            for (intptr_t t = 0; t < longest; t++) {
                for (int p = 0; p < PAIRS; p++) {
                    __m256 st = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(s[2 * p] + 4 * t)), _mm_loadu_ps(s[2 * p + 1] + 4 * t), 1);
                    acc[p] = _mm256_add_ps(acc[p], _mm256_mul_ps(_mm256_loadu_ps(pw[p] + 8 * t), st));
                }
            }
            for (int p = 0; p < PAIRS; p++) _mm256_storeu_ps(out + 4 * (x + 2 * p), acc[p]);
            continue;
        }
        if (unclipped) {
            const float *pw[PAIRS];
            for (int p = 0; p < PAIRS; p++) pw[p] = k->pair_weights + 8 * ((x / 2 + p) * k->taps);
            for (intptr_t t = 0; t < common; t++) {
                for (int p = 0; p < PAIRS; p++) {
                    __m256 st = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(s[2 * p] + 4 * t)), _mm_loadu_ps(s[2 * p + 1] + 4 * t), 1);
                    acc[p] = _mm256_add_ps(acc[p], _mm256_mul_ps(_mm256_loadu_ps(pw[p] + 8 * t), st));
                }
            }
        } else {
            for (intptr_t t = 0; t < common; t++) {
                for (int p = 0; p < PAIRS; p++) {
                    __m256 wt = _mm256_blend_ps(_mm256_broadcast_ss(w[2 * p] + t), _mm256_broadcast_ss(w[2 * p + 1] + t), 0xF0);
                    __m256 st = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(s[2 * p] + 4 * t)), _mm_loadu_ps(s[2 * p + 1] + 4 * t), 1);
                    acc[p] = _mm256_add_ps(acc[p], _mm256_mul_ps(wt, st));
                }
            }
        }
        for (int p = 0; p < PAIRS; p++) {
            finish_pixel(_mm256_castps256_ps128(acc[p]), src, weights, r[2 * p], common, out + 4 * (x + 2 * p));
            finish_pixel(_mm256_extractf128_ps(acc[p], 1), src, weights, r[2 * p + 1], common, out + 4 * (x + 2 * p + 1));
        }
    }
    for (; x < width; x++) {
        emk_taps r = emk_clip(k, x, span);
        finish_pixel(_mm_setzero_ps(), src, weights, r, 0, out + 4 * x);
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

/// `emk_store_pixel` on two pixels at once (one per 128-bit half), without a branch: the same
/// operations lane by lane (IEEE operations give the same result at any width), with the pixels
/// whose alpha rounds to 0 masked to 0 at the end.
AVX2 static inline void store2(__m256 p, uint8_t *out) {
    const __m256 zero = _mm256_setzero_ps(), top = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
    __m256 a = _mm256_permute_ps(p, 0xFF);  // each pixel's alpha in its four lanes
    // max(a, 0) gives 0 for either zero and min(x, 255) gives x below 255, as the ternaries do.
    __m256 alpha = _mm256_round_ps(_mm256_add_ps(_mm256_min_ps(_mm256_max_ps(a, zero), top), half), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256 visible = _mm256_cmp_ps(alpha, zero, _CMP_GT_OQ);
    __m256 v = _mm256_mul_ps(p, _mm256_div_ps(top, a));
    __m256 c = _mm256_round_ps(_mm256_add_ps(_mm256_min_ps(_mm256_max_ps(v, zero), top), half), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    // emk_canonical4.
    __m256 premultiplied = _mm256_round_ps(
        _mm256_div_ps(_mm256_add_ps(_mm256_mul_ps(c, alpha), _mm256_set1_ps(127.0f)), top), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256 halfAlpha = _mm256_round_ps(_mm256_mul_ps(alpha, half), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256 q = _mm256_round_ps(
        _mm256_div_ps(_mm256_add_ps(_mm256_mul_ps(premultiplied, top), halfAlpha), alpha), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    q = _mm256_min_ps(q, top);
    q = _mm256_and_ps(_mm256_blend_ps(q, alpha, 0x88), visible);
    __m256i bytes = _mm256_cvttps_epi32(q);
    bytes = _mm256_packus_epi16(_mm256_packus_epi32(bytes, bytes), bytes);
    uint32_t lo = (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(bytes)), hi = (uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(bytes, 1));
    memcpy(out, &lo, 4);
    memcpy(out + 4, &hi, 4);
}

AVX2 void emk_store_avx2(const float *pixels, intptr_t count, uint8_t *out) {
    intptr_t i = 0;
    for (; i + 2 <= count; i += 2) store2(_mm256_loadu_ps(pixels + 4 * i), out + 4 * i);
    if (i < count) emk_store_pixel(emk_load4(pixels + 4 * i), out + 4 * i);
}

/// Registers of two pixels accumulated at once in the vertical pass (16 pixels).
#define REGS 8

AVX2 void emk_vertical_avx2(
    const float *ring, const emk_resample_span *spans, intptr_t window, intptr_t width,
    const float *weights, intptr_t start, intptr_t count, uint8_t *out) {
    emk_resample_span hull = emk_hull(spans, window, start, count);
    memset(out, 0, (size_t)(4 * hull.lo));
    memset(out + 4 * hull.hi, 0, (size_t)(4 * (width - hull.hi)));
    intptr_t first_slot = start % window, x = hull.lo;
    // Whole blocks: the sums stay in registers across every tap.
    for (; x + 2 * REGS <= hull.hi; x += 2 * REGS) {
        __m256 acc[REGS];
        for (int j = 0; j < REGS; j++) acc[j] = _mm256_setzero_ps();
        intptr_t slot = first_slot;
        for (intptr_t t = 0; t < count; t++) {
            if (spans[slot].lo < spans[slot].hi) {
                const float *row = ring + 4 * (slot * width + x);
                __m256 w = _mm256_set1_ps(weights[t]);
                for (int j = 0; j < REGS; j++) acc[j] = _mm256_add_ps(acc[j], _mm256_mul_ps(w, _mm256_loadu_ps(row + 8 * j)));
            }
            if (++slot == window) slot = 0;
        }
        for (int j = 0; j < REGS; j++) store2(acc[j], out + 4 * (x + 2 * j));
    }
    // The rest (fewer than 2 * REGS pixels): pairs, then a last single pixel.
    intptr_t n = hull.hi - x;
    if (n <= 0) return;
    intptr_t pairs = n / 2;
    __m256 acc[REGS];
    __m128 single = _mm_setzero_ps();
    for (int j = 0; j < REGS; j++) acc[j] = _mm256_setzero_ps();
    intptr_t slot = first_slot;
    for (intptr_t t = 0; t < count; t++) {
        if (spans[slot].lo < spans[slot].hi) {
            const float *row = ring + 4 * (slot * width + x);
            __m256 w = _mm256_set1_ps(weights[t]);
            for (intptr_t j = 0; j < pairs; j++) acc[j] = _mm256_add_ps(acc[j], _mm256_mul_ps(w, _mm256_loadu_ps(row + 8 * j)));
            if (n & 1) single = _mm_add_ps(single, _mm_mul_ps(_mm256_castps256_ps128(w), _mm_loadu_ps(row + 8 * pairs)));
        }
        if (++slot == window) slot = 0;
    }
    for (intptr_t j = 0; j < pairs; j++) store2(acc[j], out + 4 * (x + 2 * j));
    if (n & 1) emk_store_pixel(single, out + 4 * (x + 2 * pairs));
}

#endif
