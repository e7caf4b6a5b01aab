/*
 * SHA-256 compression on the x86 SHA extensions (SHA-NI), chosen at run time.
 *
 * Why: emokit hashes every sheet it writes (the manifest's `sha256`, SHA256SUMS) and, on
 * rebuilds, every source image; a run of the emoji keyboard writes 130 MB of sheets. The portable
 * Swift compression runs at about 300 MB/s; these instructions, on every x86-64 CPU since Intel
 * Goldmont / Ice Lake and AMD Zen, run at several times that. Other CPUs (and other architectures)
 * return 0 and the Swift code does the work, so the digest never depends on the machine
 * (ChecksumTests compare both paths on random input).
 *
 * The schedule and rounds follow Intel's published description of the instructions: state held as
 * ABEF/CDGH, four rounds per message word group, two sha256rnds2 per group.
 */
#include "emk_sha256.h"

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64
 * primes. */
static const uint32_t emk_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t *emk_sha256_round_constants(void) { return emk_k; }

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

__attribute__((target("sha,sse4.1,ssse3"))) static void emk_sha256_ni(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]);
    tmp = _mm_shuffle_epi32(tmp, 0xB1);          /* CDAB */
    state1 = _mm_shuffle_epi32(state1, 0x1B);    /* EFGH */
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8); /* ABEF */
    state1 = _mm_blend_epi16(state1, tmp, 0xF0); /* CDGH */

    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef = state0, cdgh = state1;
        __m128i w[4];
        for (int i = 0; i < 16; i++) {
            __m128i words;
            if (i < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), byte_swap);
            } else {
                /* W[t..t+3] = msg2(msg1(W[t-16..], W[t-12..]) + W[t-7..t-4], W[t-4..t-1]) */
                __m128i part = _mm_sha256msg1_epu32(w[i & 3], w[(i + 1) & 3]);
                part = _mm_add_epi32(part, _mm_alignr_epi8(w[(i + 3) & 3], w[(i + 2) & 3], 4));
                words = _mm_sha256msg2_epu32(part, w[(i + 3) & 3]);
            }
            w[i & 3] = words;
            __m128i message = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&emk_k[4 * i]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, message);
            message = _mm_shuffle_epi32(message, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, message);
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
    }

    tmp = _mm_shuffle_epi32(state0, 0x1B);       /* FEBA */
    state1 = _mm_shuffle_epi32(state1, 0xB1);    /* DCHG */
    state0 = _mm_blend_epi16(tmp, state1, 0xF0); /* DCBA */
    state1 = _mm_alignr_epi8(state1, tmp, 8);    /* ABEF */
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}

static int emk_cpu_has_sha(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return ssse3 && sse41 && ((b >> 29) & 1);
}

/* -1: not yet asked; then 0 or 1. A race only asks the CPU twice: every answer is the same. */
static volatile int emk_enabled = -1;

int emk_sha256_accelerated(void) {
    if (emk_enabled < 0) emk_enabled = emk_cpu_has_sha();
    return emk_enabled;
}

void emk_sha256_set_accelerated(int enable) { emk_enabled = enable ? emk_cpu_has_sha() : 0; }

int emk_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    if (!emk_sha256_accelerated()) return 0;
    emk_sha256_ni(state, data, blocks);
    return 1;
}

#else

int emk_sha256_accelerated(void) { return 0; }
void emk_sha256_set_accelerated(int enable) { (void)enable; }
int emk_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state, (void)data, (void)blocks;
    return 0;
}

#endif
