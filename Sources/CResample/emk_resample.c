// The public entry points: which version of the passes runs (chosen once, on first use), and the
// row preparation both versions share (premultiplying, palette lookup).
//
// The choice is made at run time, not at build time, because emokit is one binary for every
// x86-64 machine: a release built for AVX2 would crash on older processors, one built for the
// baseline would leave half of a modern one unused. The versions give bit-identical output, so
// which one ran never shows in what emokit writes.
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#include "resample_internal.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static _Atomic int active = EMK_RESAMPLE_BASELINE;

int emk_resample_cpu_has_avx2(void) {
#if defined(__x86_64__)
    // Checks the processor and that the system saves the AVX registers (OSXSAVE, XCR0).
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

int emk_resample_choose_isa(int cpu_has_avx2, const char *no_avx2) {
    int forced_off = no_avx2 != NULL && no_avx2[0] != '\0' && !(no_avx2[0] == '0' && no_avx2[1] == '\0');
    return cpu_has_avx2 && !forced_off ? EMK_RESAMPLE_AVX2 : EMK_RESAMPLE_BASELINE;
}

static void setup(void) {
    atomic_store(&active, emk_resample_choose_isa(emk_resample_cpu_has_avx2(), getenv("EMOKIT_NO_AVX2")));
}

int emk_resample_isa(void) {
    pthread_once(&once, setup);
    return atomic_load_explicit(&active, memory_order_relaxed);
}

int emk_resample_set_isa(int isa) {
    pthread_once(&once, setup);
    int taken = isa == EMK_RESAMPLE_AVX2 && emk_resample_cpu_has_avx2() ? EMK_RESAMPLE_AVX2 : EMK_RESAMPLE_BASELINE;
    atomic_store(&active, taken);
    return taken;
}

emk_resample_span emk_resample_horizontal(const float *src, emk_resample_span span, const emk_resample_kernel *kernel, float *out) {
#if defined(__x86_64__)
    if (emk_resample_isa() == EMK_RESAMPLE_AVX2) return emk_horizontal_avx2(src, span, kernel, out);
#endif
    return emk_horizontal_baseline(src, span, kernel, out);
}

void emk_resample_vertical(
    const float *ring, const emk_resample_span *spans, intptr_t window, intptr_t width,
    const float *weights, intptr_t start, intptr_t count, uint8_t *out) {
#if defined(__x86_64__)
    if (emk_resample_isa() == EMK_RESAMPLE_AVX2) {
        emk_vertical_avx2(ring, spans, window, width, weights, start, count, out);
        return;
    }
#endif
    emk_vertical_baseline(ring, spans, window, width, weights, start, count, out);
}

void emk_resample_store(const float *pixels, intptr_t count, uint8_t *out) {
#if defined(__x86_64__)
    if (emk_resample_isa() == EMK_RESAMPLE_AVX2) {
        emk_store_avx2(pixels, count, out);
        return;
    }
#endif
    emk_store_baseline(pixels, count, out);
}

uint8_t emk_resample_canonical_colour(uint8_t c, uint8_t alpha) {
    return (uint8_t)emk_canonical4((emk_v4)((float)c), (emk_v4)((float)alpha))[0];
}

void emk_resample_kernel_prepare(emk_resample_kernel *k) {
    intptr_t taps = k->taps, pairs = k->length / 2, groups = k->length / EMK_GROUP;
    float *pair_weights = malloc(sizeof(float) * 8 * (size_t)(pairs * taps) + 1);
    intptr_t *group_taps = malloc(sizeof(intptr_t) * (size_t)groups + 1);
    if (pair_weights == NULL || group_taps == NULL) {
        free(pair_weights);
        free(group_taps);
        return;
    }
    for (intptr_t p = 0; p < pairs; p++) {
        for (intptr_t t = 0; t < taps; t++) {
            float *o = pair_weights + 8 * (p * taps + t);
            for (int i = 0; i < 4; i++) {
                o[i] = k->weights[2 * p * taps + t];
                o[4 + i] = k->weights[(2 * p + 1) * taps + t];
            }
        }
    }
    // Per group, the longest count, which every pixel of the group runs to (a pixel's taps past
    // its own count have weight 0); 0 when that would read past the source's last sample.
    for (intptr_t g = 0; g < groups; g++) {
        intptr_t highest = 0, longest = 0;
        for (intptr_t x = EMK_GROUP * g; x < EMK_GROUP * (g + 1); x++) {
            if (k->starts[x] > highest) highest = k->starts[x];
            if (k->counts[x] > longest) longest = k->counts[x];
        }
        group_taps[g] = highest + longest <= k->source_length && longest <= taps ? longest : 0;
    }
    k->pair_weights = pair_weights;
    k->groups = group_taps;
}

void emk_resample_kernel_release(emk_resample_kernel *k) {
    free((void *)k->pair_weights);
    free((void *)k->groups);
    k->pair_weights = NULL;
    k->groups = NULL;
}

emk_resample_span emk_resample_premultiply(const uint8_t *rgba, intptr_t width, float *dst) {
    intptr_t lo = width, hi = 0;
    for (intptr_t x = 0; x < width; x++) {
        const uint8_t *p = rgba + 4 * x;
        if (p[3] == 0) {
            emk_store4(dst + 4 * x, (emk_v4)(0.0f));
            continue;
        }
        if (x < lo) lo = x;
        hi = x + 1;
        // As the reference: each colour times (alpha / 255), rounded once each; alpha as is.
        float f = (float)p[3] / 255.0f;
        emk_v4 v = {(float)p[0], (float)p[1], (float)p[2], (float)p[3]};
        emk_v4 factors = {f, f, f, 1.0f};
        emk_store4(dst + 4 * x, v * factors);
    }
    emk_resample_span span = {0, 0};
    if (lo < hi) {
        span.lo = lo;
        span.hi = hi;
    }
    return span;
}

emk_resample_span emk_resample_expand_indices(const uint8_t *indices, intptr_t width, const float *table, float *dst) {
    for (intptr_t x = 0; x < width; x++) memcpy(dst + 4 * x, table + 4 * indices[x], 16);
    // A premultiplied alpha is the alpha byte itself: 0 exactly for a transparent entry. The span
    // runs from the first visible pixel to the last.
    intptr_t lo = 0, hi = width;
    while (lo < width && table[4 * indices[lo] + 3] == 0) lo++;
    while (hi > lo && table[4 * indices[hi - 1] + 3] == 0) hi--;
    emk_resample_span span = {0, 0};
    if (lo < hi) {
        span.lo = lo;
        span.hi = hi;
    }
    return span;
}
