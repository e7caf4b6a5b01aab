/* Internal to CLibPNG: libpng's error and warning callbacks, shared by the reader (emk_png_read.c)
 * and the writer (emk_png_write.c). libpng reports an error by calling emk_on_error, which keeps
 * the first message and longjmps back to the setjmp of the call that failed. */
#ifndef EMK_PNG_ERRORS_H
#define EMK_PNG_ERRORS_H

#include <png.h>
#include <stdio.h>

typedef struct {
    char message[256];
    int status; /* a more precise status than EMK_PNG_LIBPNG_ERROR, set before png_error */
} emk_error_state;

static inline void emk_on_error(png_structp png, png_const_charp msg) {
    emk_error_state *state = (emk_error_state *)png_get_error_ptr(png);
    if (state && state->message[0] == 0) snprintf(state->message, sizeof state->message, "%s", msg);
    png_longjmp(png, 1);
}

static inline void emk_on_warning(png_structp png, png_const_charp msg) {
    (void)png; (void)msg; /* benign problems in ancillary data do not stop a decode */
}

static inline void emk_copy_message(char *dst, size_t dst_size, const char *src) {
    if (dst && dst_size > 0) snprintf(dst, dst_size, "%s", src ? src : "");
}

#endif
