#ifndef EMK_RESAMPLE_H
#define EMK_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/// The two hot passes of emokit's Lanczos resampler (Imaging's RowScaler), in C so that each
/// can have a baseline version (SSE2 on x86-64, plain vectors elsewhere) and an AVX2 version,
/// one of which is chosen once at run time. Both versions give bit-identical results: every
/// output pixel sums its taps in order, starting from +0, multiplying and adding as two
/// separate roundings (never a fused multiply-add), exactly as the scalar reference does.
///
/// Pixels are premultiplied RGBA as four floats (colour scaled by alpha/255, alpha in 0...255).

/// Columns `lo..<hi` of a row outside which every pixel is +0 (`lo == hi == 0` for none).
typedef struct emk_resample_span {
    intptr_t lo;
    intptr_t hi;
} emk_resample_span;

/// Lanczos weights for one axis: output sample `i` sums source samples
/// `starts[i] ..< starts[i] + counts[i]` with `weights[i * taps ...]`, in order.
typedef struct emk_resample_kernel {
    const intptr_t *starts;
    const intptr_t *counts;
    const float *weights;
    intptr_t taps;
    /// The number of output samples (the target's width for a horizontal kernel).
    intptr_t length;
    /// The number of source samples (the source's width for a horizontal kernel).
    intptr_t source_length;
    /// Tables of the horizontal passes, made by `emk_resample_kernel_prepare` (NULL without).
    const float *pair_weights;
    const intptr_t *groups;
} emk_resample_kernel;

/// Which version of the passes runs.
enum {
    EMK_RESAMPLE_BASELINE = 0,
    EMK_RESAMPLE_AVX2 = 1,
};

/// The version in use: chosen on first use, AVX2 when the processor (and the system) supports it,
/// unless the environment variable EMOKIT_NO_AVX2 is set to anything but "" or "0".
int emk_resample_isa(void);

/// Switches to `isa` (for tests comparing the versions on one machine). A version the processor
/// lacks is not taken: returns the version in use afterwards.
int emk_resample_set_isa(int isa);

/// The choice made on first use, as a pure function: `no_avx2` is EMOKIT_NO_AVX2's value (NULL
/// when unset).
int emk_resample_choose_isa(int cpu_has_avx2, const char *no_avx2);

/// Whether the processor and the system support AVX2 (always 0 off x86).
int emk_resample_cpu_has_avx2(void);

/// Makes the tables the horizontal passes read (`kernel` then owns them until
/// `emk_resample_kernel_release`): the weights of output pixels 2p and 2p + 1 side by side, and for
/// each group of outputs how far all its pixels can run together. Without them (or when memory is
/// short) the pass is slower, never different.
void emk_resample_kernel_prepare(emk_resample_kernel *kernel);

/// Frees what `emk_resample_kernel_prepare` made.
void emk_resample_kernel_release(emk_resample_kernel *kernel);

/// Premultiplies `width` straight RGBA8 pixels into `dst` (4 floats each). Returns the span.
emk_resample_span emk_resample_premultiply(const uint8_t *rgba, intptr_t width, float *dst);

/// Expands `width` palette indices through `table` (256 premultiplied pixels, 4 floats each; a
/// transparent entry is all +0) into `dst`. Returns the span of non-transparent entries.
emk_resample_span emk_resample_expand_indices(const uint8_t *indices, intptr_t width, const float *table, float *dst);

/// The horizontal pass of one source row: `src` (`kernel.source_length` pixels, +0 outside
/// `span`) through `kernel` into `out` (`kernel.length` pixels, +0 where no tap is visible).
/// Returns the columns that may be non-zero; when none, `out` is left as it was.
emk_resample_span emk_resample_horizontal(const float *src, emk_resample_span span, const emk_resample_kernel *kernel, float *out);

/// The vertical pass of one output row, stored as straight canonical RGBA8 into `out` (`width`
/// pixels). `ring` holds `window` horizontally filtered rows of `width` pixels, source row `y` in
/// slot `y % window`, as the horizontal pass left them with `spans[slot]` its result (a slot
/// whose span is empty is never read); the row sums source rows `start ..< start + count` with
/// `weights`, in order.
void emk_resample_vertical(
    const float *ring, const emk_resample_span *spans, intptr_t window, intptr_t width,
    const float *weights, intptr_t start, intptr_t count, uint8_t *out);

/// Stores `count` premultiplied pixels as straight canonical RGBA8, as the vertical pass does
/// (for tests: the rounding, clamping and canonical colour of both versions).
void emk_resample_store(const float *pixels, intptr_t count, uint8_t *out);

/// The colour emokit stores for channel `c` at alpha `alpha` (1...255), as the passes compute it:
/// round(round(c·a/255)·255/a) (Imaging's `Resampler.canonicalColour`).
uint8_t emk_resample_canonical_colour(uint8_t c, uint8_t alpha);

/// Draws `width` x `height` straight RGBA8 pixels of `src` onto `dst`, source-over in straight
/// alpha (strides in bytes): an opaque source pixel replaces, a transparent one leaves the
/// canvas, others blend as `out_a = sa + da·(1 − sa)`, `out_c = (sc·sa + dc·da·(1 − sa)) / out_a`
/// in 0...255 fixed point, rounded to nearest (Imaging's `RGBAImage.draw`).
void emk_draw_over(const uint8_t *src, intptr_t src_stride, uint8_t *dst, intptr_t dst_stride, intptr_t width, intptr_t height);

#endif
