/* SHA-256 block compression with the CPU's SHA extensions, where it has them, and the round
 * constants every implementation of the rounds reads. */
#ifndef EMK_SHA256_H
#define EMK_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Runs SHA-256's compression over `blocks` 64-byte blocks of `data`, updating `state` (the eight
 * working words, H0 first). Returns 1 when done, 0 when this CPU has no SHA extensions (or they
 * were turned off): the caller then compresses the blocks itself. */
int emk_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

/* SHA-256's 64 round constants (K), the one copy: the rounds on the SHA instructions here and
 * the portable rounds in Swift (Checksum's SHA256) both read it. */
const uint32_t *emk_sha256_round_constants(void);

/* Whether emk_sha256_blocks works on this CPU; `enable` 0 turns it off (tests compare both paths). */
int emk_sha256_accelerated(void);
void emk_sha256_set_accelerated(int enable);

#ifdef __cplusplus
}
#endif

#endif
