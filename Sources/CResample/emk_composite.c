// Source-over drawing of straight RGBA8 pixels, the loop under Imaging's `RGBAImage.draw`.
// It is here, beside the resampler's passes, because in Swift it was a sixteenth of the emoji
// keyboard's CPU time: sheets are drawn icon by icon, and most of an icon lands on transparent
// canvas, where source-over is a copy (see below) that C can do a row at a time.
#include "emk_resample.h"

#include <string.h>

/// One pixel, exactly as the Swift reference computes it: opaque sources replace, transparent
/// ones leave the canvas, anything between is blended in 0...255 fixed point.
static inline void emk_over_pixel(const uint8_t *s, uint8_t *d) {
    uint32_t sa = s[3];
    if (sa == 0) return;
    uint32_t da = d[3];
    if (sa == 255 || da == 0) {
        // On transparent canvas the blend gives the source back: with X = sa·255,
        // (c·X + ⌊X/2⌋) / X = c and (X + 127) / 255 = sa.
        memcpy(d, s, 4);
        return;
    }
    uint32_t d_weight = da * (255 - sa);
    uint32_t out_a255 = sa * 255 + d_weight;
    for (int c = 0; c < 3; c++) {
        uint32_t value = (s[c] * sa * 255 + d[c] * d_weight + out_a255 / 2) / out_a255;
        d[c] = (uint8_t)(value > 255 ? 255 : value);
    }
    d[3] = (uint8_t)((out_a255 + 127) / 255);
}

void emk_draw_over(const uint8_t *src, intptr_t src_stride, uint8_t *dst, intptr_t dst_stride, intptr_t width, intptr_t height) {
    for (intptr_t row = 0; row < height; row++) {
        const uint8_t *s = src + row * src_stride;
        uint8_t *d = dst + row * dst_stride;
        // A row of canvas still transparent everywhere (the usual case) takes each source pixel
        // whose alpha is not 0 and keeps the canvas's (+0) pixel elsewhere: a loop the compiler
        // vectorises.
        uint64_t any = 0;
        for (intptr_t x = 0; x < width; x++) {
            uint32_t pixel;
            memcpy(&pixel, d + 4 * x, 4);
            any |= pixel;
        }
        if (any == 0) {
            for (intptr_t x = 0; x < width; x++) {
                uint32_t pixel;
                memcpy(&pixel, s + 4 * x, 4);
                // Little- or big-endian, the alpha byte is the 4th in memory.
                uint32_t keep = s[4 * x + 3] != 0 ? 0xFFFFFFFFu : 0;
                pixel &= keep;
                memcpy(d + 4 * x, &pixel, 4);
            }
            continue;
        }
        for (intptr_t x = 0; x < width; x++) emk_over_pixel(s + 4 * x, d + 4 * x);
    }
}
