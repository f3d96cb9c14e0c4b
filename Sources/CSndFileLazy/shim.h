#ifndef CSNDFILE_LAZY_SHIM_H
#define CSNDFILE_LAZY_SHIM_H
// libsndfile loaded on first use (dlopen), so that a start that reads or writes no audio —
// `ahap-render lint`, `inspect`, `--help` — does not load it nor the eight codec libraries it
// brings (FLAC, Vorbis, Opus, Ogg, mpg123, LAME): measured on an empty C program, linking
// libsndfile costs ≈ 0.6 M instructions and ≈ 0.6 ms before `main` (docs/performance.md,
// "Start-up"). Linux only; elsewhere SoundFile links libsndfile through CSndFile. The pattern
// is CPortAudioLazy's: the header's declarations are renamed out of the way, and each name
// SoundFile calls is an inline function that resolves the real one with dlsym once (an
// atomic pointer, so any thread may make the first call). Without the library, opens fail
// and `sf_strerror` says what is missing.

#define sf_open csndfile_declared_sf_open
#define sf_open_fd csndfile_declared_sf_open_fd
#define sf_open_virtual csndfile_declared_sf_open_virtual
#define sf_error csndfile_declared_sf_error
#define sf_strerror csndfile_declared_sf_strerror
#define sf_error_number csndfile_declared_sf_error_number
#define sf_command csndfile_declared_sf_command
#define sf_format_check csndfile_declared_sf_format_check
#define sf_set_string csndfile_declared_sf_set_string
#define sf_get_string csndfile_declared_sf_get_string
#define sf_readf_float csndfile_declared_sf_readf_float
#define sf_seek csndfile_declared_sf_seek
#define sf_writef_float csndfile_declared_sf_writef_float
#define sf_close csndfile_declared_sf_close
#include <sndfile.h>
#undef sf_open
#undef sf_open_fd
#undef sf_open_virtual
#undef sf_error
#undef sf_strerror
#undef sf_error_number
#undef sf_command
#undef sf_format_check
#undef sf_set_string
#undef sf_get_string
#undef sf_readf_float
#undef sf_seek
#undef sf_writef_float
#undef sf_close

#include "../CLazyLibrary/lazy_library.h"

static const char *const csndfile_missing_message =
    "libsndfile (libsndfile.so.1) cannot be loaded; install it (apt-get install libsndfile1)";

/// The libsndfile library (Debian's libsndfile1), or NULL when it cannot be loaded.
static inline void *csndfile_library(void) {
    static void *handle;
    return lazy_library_open(&handle, "libsndfile.so.1");
}

/// libsndfile's `name`, or `missing` when the library or the symbol is not there.
#define CSNDFILE_LAZY(ret, name, params, args, missing) \
    LAZY_LIBRARY_FUNCTION(csndfile_library, ret, name, params, args, missing)

CSNDFILE_LAZY(SNDFILE *, sf_open, (const char *path, int mode, SF_INFO *sfinfo), (path, mode, sfinfo), NULL)
CSNDFILE_LAZY(SNDFILE *, sf_open_fd, (int fd, int mode, SF_INFO *sfinfo, int close_desc),
              (fd, mode, sfinfo, close_desc), NULL)
CSNDFILE_LAZY(SNDFILE *, sf_open_virtual, (SF_VIRTUAL_IO *sfvirtual, int mode, SF_INFO *sfinfo, void *user_data),
              (sfvirtual, mode, sfinfo, user_data), NULL)
CSNDFILE_LAZY(int, sf_error, (SNDFILE *sndfile), (sndfile), SF_ERR_SYSTEM)
CSNDFILE_LAZY(const char *, sf_strerror, (SNDFILE *sndfile), (sndfile), csndfile_missing_message)
CSNDFILE_LAZY(const char *, sf_error_number, (int errnum), (errnum), csndfile_missing_message)
CSNDFILE_LAZY(int, sf_command, (SNDFILE *sndfile, int command, void *data, int datasize),
              (sndfile, command, data, datasize), 0)
CSNDFILE_LAZY(int, sf_format_check, (const SF_INFO *info), (info), 0)
CSNDFILE_LAZY(int, sf_set_string, (SNDFILE *sndfile, int str_type, const char *str), (sndfile, str_type, str),
              SF_ERR_SYSTEM)
CSNDFILE_LAZY(const char *, sf_get_string, (SNDFILE *sndfile, int str_type), (sndfile, str_type), NULL)
CSNDFILE_LAZY(sf_count_t, sf_readf_float, (SNDFILE *sndfile, float *ptr, sf_count_t frames), (sndfile, ptr, frames), 0)
CSNDFILE_LAZY(sf_count_t, sf_seek, (SNDFILE *sndfile, sf_count_t frames, int whence), (sndfile, frames, whence), -1)
CSNDFILE_LAZY(sf_count_t, sf_writef_float, (SNDFILE *sndfile, const float *ptr, sf_count_t frames),
              (sndfile, ptr, frames), 0)
CSNDFILE_LAZY(int, sf_close, (SNDFILE *sndfile), (sndfile), 0)

#endif
