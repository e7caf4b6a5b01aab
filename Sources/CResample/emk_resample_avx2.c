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

/// Pairs of output pixels summed side by side in the horizontal pass (two pixels a register):
/// the pairs of one prepared group (EMK_GROUP pixels).
#define PAIRS (EMK_GROUP / 2)

/// One pixel's remaining taps `from ..< r.count`, continuing the sum `acc`, stored to `out`.
AVX2 static inline void finish_pixel(__m128 acc, const float *src, const float *weights, emk_taps r, intptr_t from, float *out) {
    for (intptr_t t = from; t < r.count; t++) {
        acc = _mm_add_ps(acc, _mm_mul_ps(_mm_set1_ps(weights[r.w + t]), _mm_loadu_ps(src + 4 * (r.first + t))));
    }
    _mm_storeu_ps(out, acc);
}

/// A group whose pixels cannot all run to the longest count (it would read past the source's
/// last sample) or without prepared tables: each pixel's own taps inside the span, side by side
/// as long as all have some, then each pixel's rest alone.
AVX2 static void clipped_group(const float *src, emk_resample_span span, const emk_resample_kernel *k, intptr_t x, float *out) {
    emk_taps r[EMK_GROUP];
    intptr_t common = INTPTR_MAX;
    for (int j = 0; j < EMK_GROUP; j++) {
        r[j] = emk_clip(k, x + j, span);
        if (r[j].count < common) common = r[j].count;
    }
    // The low half of acc[p] is pixel x + 2p, the high half pixel x + 2p + 1.
    __m256 acc[PAIRS];
    for (int p = 0; p < PAIRS; p++) acc[p] = _mm256_setzero_ps();
    for (intptr_t t = 0; t < common; t++) {
        for (int p = 0; p < PAIRS; p++) {
            const emk_taps *a = &r[2 * p], *b = &r[2 * p + 1];
            __m256 w = _mm256_blend_ps(_mm256_broadcast_ss(k->weights + a->w + t), _mm256_broadcast_ss(k->weights + b->w + t), 0xF0);
            __m256 s = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(src + 4 * (a->first + t))), _mm_loadu_ps(src + 4 * (b->first + t)), 1);
            acc[p] = _mm256_add_ps(acc[p], _mm256_mul_ps(w, s));
        }
    }
    for (int p = 0; p < PAIRS; p++) {
        finish_pixel(_mm256_castps256_ps128(acc[p]), src, k->weights, r[2 * p], common, out + 4 * (x + 2 * p));
        finish_pixel(_mm256_extractf128_ps(acc[p], 1), src, k->weights, r[2 * p + 1], common, out + 4 * (x + 2 * p + 1));
    }
}

AVX2 emk_resample_span emk_horizontal_avx2(const float *src, emk_resample_span span, const emk_resample_kernel *k, float *out) {
    // A row touching no output leaves `out` as it was: its span is empty, so no pass reads it.
    emk_resample_span written = emk_touched(k, span);
    if (written.lo >= written.hi) return written;
    intptr_t width = k->length;
    memset(out, 0, (size_t)(16 * written.lo));
    memset(out + 4 * written.hi, 0, (size_t)(16 * (width - written.hi)));
    // Whole groups from the one holding the first touched pixel; their pixels outside the
    // touched columns come out +0 as they should.
    intptr_t x = written.lo - written.lo % EMK_GROUP;
    for (; x + EMK_GROUP <= written.hi || (x < written.hi && x + EMK_GROUP <= width); x += EMK_GROUP) {
        intptr_t longest = k->groups != NULL ? k->groups[x / EMK_GROUP] : 0;
        if (longest == 0) {
            clipped_group(src, span, k, x, out);
            continue;
        }
        // Every pixel runs its whole kernel and on to the group's longest count, each pair's
        // weights one load from the pair table. The extra taps add +0 (bit-identical, see
        // emk_clip): outside the span the row is +0, past a pixel's count its weight is 0;
        // `emk_resample_kernel_prepare` made sure every read is inside the row.
        const float *s[EMK_GROUP], *pw[PAIRS];
        for (int j = 0; j < EMK_GROUP; j++) s[j] = src + 4 * k->starts[x + j];
        for (int p = 0; p < PAIRS; p++) pw[p] = k->pair_weights + 8 * ((x / 2 + p) * k->taps);
        __m256 acc[PAIRS];
        for (int p = 0; p < PAIRS; p++) acc[p] = _mm256_setzero_ps();
        for (intptr_t t = 0; t < longest; t++) {
            for (int p = 0; p < PAIRS; p++) {
                __m256 st = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(s[2 * p] + 4 * t)), _mm_loadu_ps(s[2 * p + 1] + 4 * t), 1);
                acc[p] = _mm256_add_ps(acc[p], _mm256_mul_ps(_mm256_loadu_ps(pw[p] + 8 * t), st));
            }
        }
        for (int p = 0; p < PAIRS; p++) _mm256_storeu_ps(out + 4 * (x + 2 * p), acc[p]);
    }
    // The last pixels, fewer than a group.
    for (; x < written.hi; x++) {
        finish_pixel(_mm_setzero_ps(), src, k->weights, emk_clip(k, x, span), 0, out + 4 * x);
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
    if (_mm256_movemask_ps(visible) == 0) {  // both transparent, as an icon's corners are
        memset(out, 0, 8);
        return;
    }
    __m256 v = _mm256_mul_ps(p, _mm256_div_ps(top, a));
    __m256 c = _mm256_round_ps(_mm256_add_ps(_mm256_min_ps(_mm256_max_ps(v, zero), top), half), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    // emk_canonical4, unless both pixels are opaque: the canonical colour at 255 is c itself.
    __m256 q = c;
    if (_mm256_movemask_ps(_mm256_cmp_ps(alpha, top, _CMP_EQ_OQ)) != 0xFF) {
        __m256 premultiplied = _mm256_round_ps(
            _mm256_div_ps(_mm256_add_ps(_mm256_mul_ps(c, alpha), _mm256_set1_ps(127.0f)), top), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        __m256 halfAlpha = _mm256_round_ps(_mm256_mul_ps(alpha, half), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        q = _mm256_round_ps(
            _mm256_div_ps(_mm256_add_ps(_mm256_mul_ps(premultiplied, top), halfAlpha), alpha), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        q = _mm256_min_ps(q, top);
    }
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

/// Registers of two pixels accumulated at once in the vertical pass (8 pixels: more spill).
#define REGS 4

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
