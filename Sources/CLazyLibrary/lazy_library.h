#ifndef LAZY_LIBRARY_H
#define LAZY_LIBRARY_H
// A C library opened with dlopen on its first use and each of its functions resolved with
// dlsym once, for the lazy system modules (CSndFileLazy, CSampleRateLazy, CPortAudioLazy):
// a command starts without loading the libraries it does not call. The handle and the
// function pointers are atomic, so any thread may make the first call; two threads racing to
// open the library only add a reference to it.

#include <dlfcn.h>
#include <stddef.h>

/// The library `soname`, opened once into `*handle`; NULL when it cannot be loaded.
static inline void *lazy_library_open(void **handle, const char *soname) {
    void *h = __atomic_load_n(handle, __ATOMIC_ACQUIRE);
    if (!h) {
        h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (h) __atomic_store_n(handle, h, __ATOMIC_RELEASE);
    }
    return h;
}

/// The function `name` of `library()`, resolved once into `*slot`; NULL when the library or
/// the symbol is missing.
static inline void *lazy_library_symbol(void **slot, void *(*library)(void), const char *name) {
    void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!f) {
        void *opened = library();
        if (opened && (f = dlsym(opened, name))) __atomic_store_n(slot, f, __ATOMIC_RELEASE);
    }
    return f;
}

/// `static inline ret name params`: calls `library()`'s `name` with `args`, or returns
/// `missing` when the library or the symbol is not there.
#define LAZY_LIBRARY_FUNCTION(library, ret, name, params, args, missing)                 \
    static inline ret name params {                                                    \
        static void *slot;                                                             \
        ret (*f) params = (ret (*) params)lazy_library_symbol(&slot, library, #name);  \
        return f ? f args : missing;                                                   \
    }

#endif
