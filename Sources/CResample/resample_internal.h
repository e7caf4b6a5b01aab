#ifndef EMK_RESAMPLE_INTERNAL_H
#define EMK_RESAMPLE_INTERNAL_H

// What the baseline and the AVX2 passes share: the vector type, the clipping of a kernel's taps
// to a span, and the final store of one pixel as straight canonical RGBA8.
//
// Every file of this module starts with `#pragma clang fp contract(off)` (and the standard
// pragma): clang may otherwise fuse `acc + w * s` into one FMA (on arm64 it does by default, and
// on x86 in any function allowed to use FMA), which rounds once instead of twice and so changes
// the result. Compiler flags cannot be set from a package without unsafeFlags, hence the pragma.

#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

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
/// weights from `weights[w]`. Taps outside the span multiply +0, and so do taps with weight 0:
/// `w · +0` is ±0, and adding ±0 leaves every sum but -0 as it is, while a sum that starts from
/// +0 never becomes -0 (an exact cancellation rounds to +0). So leaving such taps out (the
/// clipped passes) or adding them (groups running to a common count) is bit-identical.
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

/// Output pixels per group of the horizontal passes, as `emk_resample_kernel_prepare` lays out
/// its tables: eight independent sums keep the adder busy while each waits for its previous
/// addition (measured: 8 beats 4 by about 10% in the AVX2 pass, the baseline's is unchanged).
#define EMK_GROUP 8

/// The output columns with a tap inside `span` (the first and one past the last; `{0, 0}` for
/// none): outside them the horizontal pass gives +0.
static inline emk_resample_span emk_touched(const emk_resample_kernel *k, emk_resample_span span) {
    emk_resample_span none = {0, 0};
    if (span.lo >= span.hi) return none;
    intptr_t lo = 0, hi = k->length;
#define EMK_TOUCHES(x) (k->starts[x] < span.hi && k->starts[x] + k->counts[x] > span.lo)
    while (lo < hi && !EMK_TOUCHES(lo)) lo++;
    while (hi > lo && !EMK_TOUCHES(hi - 1)) hi--;
#undef EMK_TOUCHES
    if (lo >= hi) return none;
    emk_resample_span touched = {lo, hi};
    return touched;
}

/// Float division whose quotient is below 256, truncated: exactly the integer division, since a
/// quotient that is not an integer lies at least 1/255 below the next one and float's rounding
/// error there is at most 2^-17. Keeps the canonical colour free of integer divisions.
typedef int32_t emk_i4 __attribute__((ext_vector_type(4)));

static inline emk_v4 emk_trunc4(emk_v4 v) { return __builtin_convertvector(__builtin_convertvector(v, emk_i4), emk_v4); }

/// `Resampler.canonicalColour` of channels `c` (integers 0...255) at alpha `a` (1...255), as
/// floats: round(round(c·a/255)·255/a) = ⌊(⌊(c·a + 127)/255⌋·255 + ⌊a/2⌋)/a⌋, at most 255.
/// Every product and sum is an integer below 2^24, so exact. At alpha 255 it gives `c` itself.
static inline emk_v4 emk_canonical4(emk_v4 c, emk_v4 a) {
    emk_v4 premultiplied = emk_trunc4((c * a + 127.0f) / 255.0f);
    emk_v4 q = emk_trunc4((premultiplied * 255.0f + emk_trunc4(a * 0.5f)) / a);
    return __builtin_elementwise_min(q, (emk_v4)(255.0f));
}

/// `Resampler.store`: one premultiplied pixel as straight, canonical RGBA8. Un-premultiplies with
/// the unclamped alpha so a uniform colour survives the kernel's overshoot exactly. Each channel
/// is `clampByte`: 0 at or below 0, 255 at or above 255, else rounded half up.
static inline void emk_store_pixel(emk_v4 p, uint8_t *out) {
    float a = p[3];
    float clamped = a > 0 ? a : 0;
    clamped = clamped < 255 ? clamped : 255;
    int alpha = (int)(clamped + 0.5f);
    if (alpha == 0) {
        memset(out, 0, 4);
        return;
    }
    emk_v4 v = p * (255.0f / a);
    v = __builtin_elementwise_min(__builtin_elementwise_max(v, (emk_v4)(0.0f)), (emk_v4)(255.0f));
    emk_v4 c = emk_trunc4(v + 0.5f);
    // Opaque pixels (most of an icon) keep their colour: the canonical colour at 255 is c itself.
    emk_v4 q = alpha == 255 ? c : emk_canonical4(c, (emk_v4)((float)alpha));
    out[0] = (uint8_t)q[0];
    out[1] = (uint8_t)q[1];
    out[2] = (uint8_t)q[2];
    out[3] = (uint8_t)alpha;
}

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "emk_store_quad packs RGBA bytes into little-endian 32-bit lanes"
#endif

/// `emk_store_pixel` on four pixels at once, one per lane (channels transposed into R, G, B and
/// A vectors): the same IEEE operations lane by lane, so the same bytes, with a quarter of the
/// divisions and no branch per pixel. Lanes whose alpha rounds to 0 are zeroed before any
/// conversion (their division by alpha gives infinities), and come out transparent black.
static inline void emk_store_quad(emk_v4 p0, emk_v4 p1, emk_v4 p2, emk_v4 p3, uint8_t *out) {
    emk_v4 r = {p0[0], p1[0], p2[0], p3[0]}, g = {p0[1], p1[1], p2[1], p3[1]};
    emk_v4 b = {p0[2], p1[2], p2[2], p3[2]}, a = {p0[3], p1[3], p2[3], p3[3]};
    const emk_v4 zero = 0.0f, top = 255.0f;
    emk_v4 alpha = emk_trunc4(__builtin_elementwise_min(__builtin_elementwise_max(a, zero), top) + 0.5f);
    emk_i4 visible = alpha > 0.0f;
    if (!(visible[0] | visible[1] | visible[2] | visible[3])) {
        memset(out, 0, 16);
        return;
    }
    emk_v4 scale = 255.0f / a;
#define EMK_CHANNEL(v) emk_trunc4(__builtin_elementwise_min(__builtin_elementwise_max((emk_v4)((emk_i4)((v) * scale) & visible), zero), top) + 0.5f)
    emk_v4 cr = EMK_CHANNEL(r), cg = EMK_CHANNEL(g), cb = EMK_CHANNEL(b);
#undef EMK_CHANNEL
    // Opaque pixels keep their colour (the canonical colour at 255 is c itself).
    if (!(alpha[0] == 255 && alpha[1] == 255 && alpha[2] == 255 && alpha[3] == 255)) {
        emk_v4 divisor = __builtin_elementwise_max(alpha, (emk_v4)(1.0f));
        cr = emk_canonical4(cr, divisor);
        cg = emk_canonical4(cg, divisor);
        cb = emk_canonical4(cb, divisor);
    }
    emk_i4 bytes = (__builtin_convertvector(cr, emk_i4) | __builtin_convertvector(cg, emk_i4) << 8 | __builtin_convertvector(cb, emk_i4) << 16) & visible;
    bytes |= __builtin_convertvector(alpha, emk_i4) << 24;
    memcpy(out, &bytes, 16);
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

// The versions of the passes (same contracts as the public functions).
emk_resample_span emk_horizontal_baseline(const float *src, emk_resample_span span, const emk_resample_kernel *kernel, float *out);
void emk_vertical_baseline(
    const float *ring, const emk_resample_span *spans, intptr_t window, intptr_t width,
    const float *weights, intptr_t start, intptr_t count, uint8_t *out);
void emk_store_baseline(const float *pixels, intptr_t count, uint8_t *out);
#if defined(__x86_64__)
emk_resample_span emk_horizontal_avx2(const float *src, emk_resample_span span, const emk_resample_kernel *kernel, float *out);
void emk_vertical_avx2(
    const float *ring, const emk_resample_span *spans, intptr_t window, intptr_t width,
    const float *weights, intptr_t start, intptr_t count, uint8_t *out);
void emk_store_avx2(const float *pixels, intptr_t count, uint8_t *out);
#endif

#endif
