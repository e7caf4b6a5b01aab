/* Internal to CLibPNG: the RGBA writers behind emk_png_encode_rgba8 and emk_sheet_stream_*
 * (libdeflate for images held whole, emk_sheet_writer.c; zlib streaming for large ones,
 * emk_sheet_zlib.c). */
#ifndef EMK_SHEET_WRITER_H
#define EMK_SHEET_WRITER_H

#include "emk_png.h"

/* Images with more bytes of rows than this stream through zlib instead of being held whole for
 * libdeflate: 4 MiB, above every keyboard page (a 440@3x page is 3.2 MB) and below an emoji
 * keyboard's skin-tone sheets (4.7 MB at @2x, 10.6 MB at @3x), which are drawn band by band so
 * that no worker holds one whole. */
#define EMK_SHEET_WHOLE_BYTES (4u << 20)

/* 8-bit RGBA, every row unfiltered (filter type None), the stream deflated per `settings`
 * (level, mem_level, strategy; `filters` is ignored). Same contract as emk_png_encode_rgba8. */
int emk_sheet_encode_rgba8(const uint8_t *pixels, uint32_t width, uint32_t height, const emk_png_deflate *settings,
                           emk_png_buffer *out, char *message, size_t message_size);

/* The zlib streaming writer: the same contract as emk_sheet_stream_*. */
typedef struct emk_zlib_stream emk_zlib_stream;
int emk_zlib_stream_begin(uint32_t width, uint32_t height, const emk_png_deflate *settings, emk_zlib_stream **out_stream,
                          char *message, size_t message_size);
int emk_zlib_stream_push_rows(emk_zlib_stream *stream, const uint8_t *rows, uint32_t count, char *message, size_t message_size);
int emk_zlib_stream_finish(emk_zlib_stream *stream, emk_png_buffer *out, char *message, size_t message_size);
void emk_zlib_stream_free(emk_zlib_stream *stream);

#endif
