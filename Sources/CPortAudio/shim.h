#ifndef CPORTAUDIO_SHIM_H
#define CPORTAUDIO_SHIM_H
#include <portaudio.h>

// PortAudio's constants are macros with casts, which Swift does not import.
static const PaSampleFormat cportaudio_float32 = paFloat32;
static const PaStreamFlags cportaudio_no_flag = paNoFlag;
static const unsigned long cportaudio_frames_per_buffer_unspecified = paFramesPerBufferUnspecified;

#endif
