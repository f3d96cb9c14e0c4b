#ifndef CPORTAUDIO_LAZY_SHIM_H
#define CPORTAUDIO_LAZY_SHIM_H
// PortAudio loaded on first use (dlopen), so that the executables that link AudioDevice do not
// load it — nor the JACK, ALSA and C++ libraries it brings — at every start: measured on an
// empty C program, linking libportaudio costs ≈ 4 M instructions and ≈ 3 ms before `main`,
// though only `ahap-render play` calls it (docs/performance.md, "Start-up"). Linux only; on
// other systems AudioDevice links PortAudio through CPortAudio.
//
// The functions AudioDevice calls keep PortAudio's names and types: the header's declarations
// are renamed out of the way, and each name is an inline function that resolves the real one
// with dlsym once (an atomic pointer, so any thread may make the first call).

#define Pa_Initialize cportaudio_declared_Pa_Initialize
#define Pa_Terminate cportaudio_declared_Pa_Terminate
#define Pa_GetErrorText cportaudio_declared_Pa_GetErrorText
#define Pa_GetDeviceCount cportaudio_declared_Pa_GetDeviceCount
#define Pa_GetDefaultOutputDevice cportaudio_declared_Pa_GetDefaultOutputDevice
#define Pa_GetDeviceInfo cportaudio_declared_Pa_GetDeviceInfo
#define Pa_GetHostApiInfo cportaudio_declared_Pa_GetHostApiInfo
#define Pa_IsFormatSupported cportaudio_declared_Pa_IsFormatSupported
#define Pa_OpenStream cportaudio_declared_Pa_OpenStream
#define Pa_CloseStream cportaudio_declared_Pa_CloseStream
#define Pa_StartStream cportaudio_declared_Pa_StartStream
#define Pa_StopStream cportaudio_declared_Pa_StopStream
#define Pa_AbortStream cportaudio_declared_Pa_AbortStream
#define Pa_IsStreamStopped cportaudio_declared_Pa_IsStreamStopped
#define Pa_IsStreamActive cportaudio_declared_Pa_IsStreamActive
#define Pa_GetStreamInfo cportaudio_declared_Pa_GetStreamInfo
#include <portaudio.h>
#undef Pa_Initialize
#undef Pa_Terminate
#undef Pa_GetErrorText
#undef Pa_GetDeviceCount
#undef Pa_GetDefaultOutputDevice
#undef Pa_GetDeviceInfo
#undef Pa_GetHostApiInfo
#undef Pa_IsFormatSupported
#undef Pa_OpenStream
#undef Pa_CloseStream
#undef Pa_StartStream
#undef Pa_StopStream
#undef Pa_AbortStream
#undef Pa_IsStreamStopped
#undef Pa_IsStreamActive
#undef Pa_GetStreamInfo

#include "../CLazyLibrary/lazy_library.h"

// As in CPortAudio's shim (not included: its module would bring PortAudio's own declarations):
// PortAudio's constants are macros with casts, which Swift does not import.
static const PaSampleFormat cportaudio_float32 = paFloat32;
static const PaStreamFlags cportaudio_no_flag = paNoFlag;
static const unsigned long cportaudio_frames_per_buffer_unspecified = paFramesPerBufferUnspecified;

/// The PortAudio library (Debian's libportaudio2), or NULL when it cannot be loaded.
static inline void *cportaudio_library(void) {
    static void *handle;
    return lazy_library_open(&handle, "libportaudio.so.2");
}

/// PortAudio's `name`, or `missing` when the library or the symbol is not there.
#define CPORTAUDIO_LAZY(ret, name, params, args, missing) \
    LAZY_LIBRARY_FUNCTION(cportaudio_library, ret, name, params, args, missing)

CPORTAUDIO_LAZY(PaError, Pa_Initialize, (void), (), paNotInitialized)
CPORTAUDIO_LAZY(PaError, Pa_Terminate, (void), (), paNotInitialized)
CPORTAUDIO_LAZY(PaDeviceIndex, Pa_GetDeviceCount, (void), (), paNotInitialized)
CPORTAUDIO_LAZY(PaDeviceIndex, Pa_GetDefaultOutputDevice, (void), (), paNoDevice)
CPORTAUDIO_LAZY(const PaDeviceInfo *, Pa_GetDeviceInfo, (PaDeviceIndex device), (device), NULL)
CPORTAUDIO_LAZY(const PaHostApiInfo *, Pa_GetHostApiInfo, (PaHostApiIndex hostApi), (hostApi), NULL)
CPORTAUDIO_LAZY(PaError, Pa_IsFormatSupported,
                (const PaStreamParameters *input, const PaStreamParameters *output, double sampleRate),
                (input, output, sampleRate), paNotInitialized)
CPORTAUDIO_LAZY(PaError, Pa_OpenStream,
                (PaStream **stream, const PaStreamParameters *input, const PaStreamParameters *output,
                 double sampleRate, unsigned long framesPerBuffer, PaStreamFlags flags,
                 PaStreamCallback *callback, void *userData),
                (stream, input, output, sampleRate, framesPerBuffer, flags, callback, userData),
                paNotInitialized)
CPORTAUDIO_LAZY(PaError, Pa_CloseStream, (PaStream *stream), (stream), paNotInitialized)
CPORTAUDIO_LAZY(PaError, Pa_StartStream, (PaStream *stream), (stream), paNotInitialized)
CPORTAUDIO_LAZY(PaError, Pa_StopStream, (PaStream *stream), (stream), paNotInitialized)
CPORTAUDIO_LAZY(PaError, Pa_AbortStream, (PaStream *stream), (stream), paNotInitialized)
CPORTAUDIO_LAZY(PaError, Pa_IsStreamStopped, (PaStream *stream), (stream), paNotInitialized)
CPORTAUDIO_LAZY(PaError, Pa_IsStreamActive, (PaStream *stream), (stream), paNotInitialized)
CPORTAUDIO_LAZY(const PaStreamInfo *, Pa_GetStreamInfo, (PaStream *stream), (stream), NULL)

/// PortAudio's message for `code`; when the library itself is missing, says so.
static inline const char *Pa_GetErrorText(PaError code) {
    static void *slot;
    const char *(*f)(PaError) = (const char *(*)(PaError))lazy_library_symbol(&slot, cportaudio_library, "Pa_GetErrorText");
    return f ? f(code) : "PortAudio (libportaudio.so.2) cannot be loaded; install it (apt-get install libportaudio2)";
}

#endif
