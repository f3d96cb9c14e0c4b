#ifndef CSAMPLERATE_LAZY_SHIM_H
#define CSAMPLERATE_LAZY_SHIM_H
// libsamplerate loaded on first use (dlopen), like libsndfile in CSndFileLazy (see there):
// only a render that resamples custom audio calls it. Linux only; elsewhere SoundFile links
// it through CSampleRate. Without the library, `src_new` fails and `src_strerror` says what
// is missing.

#define src_new csamplerate_declared_src_new
#define src_delete csamplerate_declared_src_delete
#define src_process csamplerate_declared_src_process
#define src_is_valid_ratio csamplerate_declared_src_is_valid_ratio
#define src_strerror csamplerate_declared_src_strerror
#include <samplerate.h>
#undef src_new
#undef src_delete
#undef src_process
#undef src_is_valid_ratio
#undef src_strerror

#include "../CLazyLibrary/lazy_library.h"

/// `src_new`'s error when the library cannot be loaded (libsamplerate's own codes are small
/// positive numbers).
enum { csamplerate_library_missing = -1 };

/// The libsamplerate library (Debian's libsamplerate0), or NULL when it cannot be loaded.
static inline void *csamplerate_library(void) {
    static void *handle;
    return lazy_library_open(&handle, "libsamplerate.so.0");
}

/// `f`: the real `name` (of function-pointer type `type`), resolved once; NULL when the
/// library or the symbol is missing.
#define CSAMPLERATE_RESOLVE(type, name)                                                \
    static void *slot;                                                                 \
    type f = (type)lazy_library_symbol(&slot, csamplerate_library, #name);

static inline SRC_STATE *src_new(int converter_type, int channels, int *error) {
    typedef SRC_STATE *(*Function)(int, int, int *);
    CSAMPLERATE_RESOLVE(Function, src_new)
    if (!f) { if (error) *error = csamplerate_library_missing; return NULL; }
    return f(converter_type, channels, error);
}

LAZY_LIBRARY_FUNCTION(csamplerate_library, SRC_STATE *, src_delete, (SRC_STATE *state), (state), NULL)
LAZY_LIBRARY_FUNCTION(csamplerate_library, int, src_process, (SRC_STATE *state, SRC_DATA *data), (state, data),
                      csamplerate_library_missing)

static inline int src_is_valid_ratio(double ratio) {
    typedef int (*Function)(double);
    CSAMPLERATE_RESOLVE(Function, src_is_valid_ratio)
    // The library's rule (1/256 ≤ ratio ≤ 256) when it is missing, so the check still means something.
    return f ? f(ratio) : (ratio >= 1.0 / 256 && ratio <= 256);
}

static inline const char *src_strerror(int error) {
    typedef const char *(*Function)(int);
    CSAMPLERATE_RESOLVE(Function, src_strerror)
    if (!f || error == csamplerate_library_missing) {
        return "libsamplerate (libsamplerate.so.0) cannot be loaded; install it (apt-get install libsamplerate0)";
    }
    return f(error);
}

#endif
