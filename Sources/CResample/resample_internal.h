#ifndef EMK_RESAMPLE_INTERNAL_H
#define EMK_RESAMPLE_INTERNAL_H

// What the baseline and the AVX2 passes share: the vector type, the clipping of a kernel's taps
// to a span, and the final store of one pixel as straight canonical RGBA8.
//
// Every file of this module starts with `#pragma clang fp contract(off)` (and the standard
// pragma): clang may otherwise fuse `acc + w * s` into one FMA (on arm64 it does by default, and
// on x86 in any function allowed to use FMA), which rounds once instead of twice and so changes
// the result. Compiler flags cannot be set from a package without unsafeFlags, hence the pragma.

#include "emk_resample.h"
#include <string.h>

/// Four floats, one premultiplied RGBA pixel (SSE2 on x86-64, NEON on arm64, scalars elsewhere).
typedef float emk_v4 __attribute__((ext_vector_type(4)));

static inline emk_v4 emk_load4(const float *p) {
    emk_v4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void emk_store4(float *p, emk_v4 v) { memcpy(p, &v, sizeof v); }

/// The taps of output sample `x` that fall inside `span`: source `first ..< first + count`,
/// weights from `weights[w]`. Taps outside the span multiply +0, which cannot change a sum that
/// starts from +0, so leaving them out is bit-identical.
typedef struct emk_taps {
    intptr_t first;
    intptr_t count;
    intptr_t w;
} emk_taps;

static inline emk_taps emk_clip(const emk_resample_kernel *k, intptr_t x, emk_resample_span span) {
    intptr_t start = k->starts[x];
    intptr_t first = start > span.lo ? start : span.lo;
    intptr_t end = start + k->counts[x];
    if (end > span.hi) end = span.hi;
    emk_taps t = {first, end > first ? end - first : 0, x * k->taps + first - start};
    return t;
}

/// floor(2^32 / a) + 1 for a in 1...255: `(n * r[a]) >> 32` is exactly n / a for every n < 2^16
/// (the error n·(r - 2^32/a)/2^32 < 2^-16 never reaches the gap 1/a to the next integer).
/// Filled once, with the choice of version, before any pass runs.
extern uint64_t emk_resample_reciprocals[256];

/// `Resampler.canonicalColour` for alpha 1...255, without a division.
static inline uint8_t emk_canonical(uint32_t c, uint32_t a) {
    if (a == 255) return (uint8_t)c;
    uint32_t premultiplied = (c * a + 127) / 255;
    uint64_t q = ((uint64_t)(premultiplied * 255 + a / 2) * emk_resample_reciprocals[a]) >> 32;
    return (uint8_t)(q > 255 ? 255 : q);
}

/// `Resampler.clampByte`: round half up, clamped to 0...255.
static inline uint8_t emk_clamp_byte(float v) {
    if (v <= 0) return 0;
    if (v >= 255) return 255;
    return (uint8_t)(v + 0.5f);
}

/// `Resampler.store`: one premultiplied pixel as straight, canonical RGBA8. Un-premultiplies with
/// the unclamped alpha so a uniform colour survives the kernel's overshoot exactly.
static inline void emk_store_pixel(const float *p, uint8_t *out) {
    float a = p[3];
    float clamped = a > 0 ? a : 0;
    clamped = clamped < 255 ? clamped : 255;
    uint32_t alpha = (uint32_t)(uint8_t)(clamped + 0.5f);
    if (alpha == 0) {
        memset(out, 0, 4);
        return;
    }
    float scale = 255.0f / a;
    out[0] = emk_canonical(emk_clamp_byte(p[0] * scale), alpha);
    out[1] = emk_canonical(emk_clamp_byte(p[1] * scale), alpha);
    out[2] = emk_canonical(emk_clamp_byte(p[2] * scale), alpha);
    out[3] = (uint8_t)alpha;
}

/// The first and one-past-last columns any of the row's source rows may have non-zero: outside
/// them the output row is transparent. Also what the vertical passes iterate over.
static inline emk_resample_span emk_hull(const emk_resample_span *spans, intptr_t window, intptr_t start, intptr_t count) {
    emk_resample_span hull = {0, 0};
    intptr_t slot = start % window;
    for (intptr_t t = 0; t < count; t++) {
        emk_resample_span s = spans[slot];
        if (s.lo < s.hi) {
            if (hull.lo >= hull.hi) {
                hull = s;
            } else {
                if (s.lo < hull.lo) hull.lo = s.lo;
                if (s.hi > hull.hi) hull.hi = s.hi;
            }
        }
        if (++slot == window) slot = 0;
    }
    return hull;
}

/// Stores `n` accumulated pixels (4 floats each) of output row `out` from column `x`.
static inline void emk_store_pixels(const float *acc, intptr_t n, uint8_t *out, intptr_t x) {
    for (intptr_t i = 0; i < n; i++) emk_store_pixel(acc + 4 * i, out + 4 * (x + i));
}

// The versions of the passes (same contracts as the public functions).
emk_resample_span emk_horizontal_baseline(const float *src, emk_resample_span span, const emk_resample_kernel *kernel, float *out);
void emk_vertical_baseline(
    const float *ring, const emk_resample_span *spans, intptr_t window, intptr_t width,
    const float *weights, intptr_t start, intptr_t count, uint8_t *out);
#if defined(__x86_64__)
emk_resample_span emk_horizontal_avx2(const float *src, emk_resample_span span, const emk_resample_kernel *kernel, float *out);
void emk_vertical_avx2(
    const float *ring, const emk_resample_span *spans, intptr_t window, intptr_t width,
    const float *weights, intptr_t start, intptr_t count, uint8_t *out);
#endif

#endif
