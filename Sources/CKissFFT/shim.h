#ifndef CKISSFFT_SHIM_H
#define CKISSFFT_SHIM_H
// Debian's libkissfft-float is built with float scalars; its pkg-config file says so too,
// but the header must agree even when a build does not pass pkg-config's flags.
#ifndef kiss_fft_scalar
#define kiss_fft_scalar float
#endif
#include <stdlib.h>
#include <kissfft/kiss_fftr.h>

// kiss_fftr_free is a macro (free) that Swift cannot import.
static inline void ckissfft_fftr_free(kiss_fftr_cfg cfg) { free(cfg); }
#endif
