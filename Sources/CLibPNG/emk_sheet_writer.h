/* Internal to CLibPNG: the zero-band RGBA writer behind emk_png_encode_rgba8 (see emk_sheet_writer.c). */
#ifndef EMK_SHEET_WRITER_H
#define EMK_SHEET_WRITER_H

#include "emk_png.h"

/* 8-bit RGBA, every row unfiltered (filter type None), the stream deflated per `settings`
 * (level, mem_level, strategy; `filters` is ignored). Same contract as emk_png_encode_rgba8. */
int emk_sheet_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, const emk_png_deflate *settings,
                           emk_png_buffer *out, char *message, size_t message_size);

#endif
