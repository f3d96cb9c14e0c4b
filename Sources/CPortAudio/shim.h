#ifndef CPORTAUDIO_SHIM_H
#define CPORTAUDIO_SHIM_H
#include <portaudio.h>

// PortAudio's constants are macros with casts, which Swift does not import.
static const PaSampleFormat cportaudio_float32 = paFloat32;
static const PaStreamFlags cportaudio_no_flag = paNoFlag;
static const PaStreamFlags cportaudio_prime_output_with_callback = paPrimeOutputBuffersUsingStreamCallback;
static const PaDeviceIndex cportaudio_no_device = paNoDevice;
static const unsigned long cportaudio_frames_per_buffer_unspecified = paFramesPerBufferUnspecified;

#if defined(__linux__)
#include <stdarg.h>
#include <alsa/error.h>

// ALSA prints every configuration probe that fails (missing cards, surround PCMs) to stderr
// while PortAudio enumerates devices; these are not errors of ours. The handler below
// swallows them, for the duration of the enumeration only.
static void cportaudio_alsa_quiet_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void cportaudio_quiet_alsa(int quiet) {
    snd_lib_error_set_handler(quiet ? cportaudio_alsa_quiet_handler : (snd_lib_error_handler_t)0);
}
#else
static inline void cportaudio_quiet_alsa(int quiet) { (void)quiet; }
#endif

#endif
