/* Internal to CSheetWriter: the zlib streaming writer behind emk_sheet_stream_* for images too
 * large to hold whole (emk_sheet_zlib.c), and what the files share. */
#ifndef EMK_SHEET_INTERNAL_H
#define EMK_SHEET_INTERNAL_H

#include "emk_sheet.h"

/* Images with more bytes of rows than this stream through zlib instead of being held whole for
 * libdeflate: 4 MiB, above every keyboard page (a 440@3x page is 3.2 MB) and below an emoji
 * keyboard's skin-tone sheets (4.7 MB at @2x, 10.6 MB at @3x), which are drawn band by band so
 * that no worker holds one whole. */
#define EMK_SHEET_WHOLE_BYTES (4u << 20)

/* The PNG signature every sheet starts with. */
extern const uint8_t emk_sheet_signature[8];

/* The zlib streaming writer: the same contract as emk_sheet_stream_*. */
typedef struct emk_zlib_stream emk_zlib_stream;
int emk_zlib_stream_begin(uint32_t width, uint32_t height, const emk_sheet_deflate *settings, emk_zlib_stream **out_stream,
                          char *message, size_t message_size);
int emk_zlib_stream_push_rows(emk_zlib_stream *stream, const uint8_t *rows, uint32_t count, char *message, size_t message_size);
int emk_zlib_stream_finish(emk_zlib_stream *stream, emk_sheet_buffer *out, char *message, size_t message_size);
void emk_zlib_stream_free(emk_zlib_stream *stream);

#endif
