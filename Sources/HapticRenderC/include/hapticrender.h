/*
 * hapticrender.h — the HapticRender renderer through a C ABI (C11).
 *
 * Renders Apple Haptic and Audio Pattern (AHAP) files, .haptic clips and MPEG-I haptics
 * .hjif files (told apart by content) to interleaved float samples: the pattern's audio, the simulated actuator's drive
 * voltage, its body acceleration and excursion. The same pipeline as `ahap-render render`: for the same options, the samples
 * are bit-identical to the CLI's float32 output. Also converts AHAP, .haptic and .hjif files
 * to AHAP, .haptic, .hjif, Android JSON and Kotlin (`ahap-render convert`).
 *
 *   hr_options *o = hr_options_create();
 *   hr_options_set_layout(o, "split", NULL);
 *   hr_audio *audio = NULL;
 *   hr_error *error = NULL;
 *   if (hr_render_file("Tap.ahap", o, &audio, &error) != HR_OK) {
 *       fprintf(stderr, "%s\n", hr_error_message(error));   // "Tap.ahap: error: …"
 *       hr_error_free(error);
 *   } else {
 *       use(hr_audio_samples(audio), hr_audio_frames(audio), hr_audio_channels(audio));
 *       hr_audio_free(audio);
 *   }
 *   hr_options_free(o);
 *
 * Conventions, for every function below:
 * - Ownership: an object returned through an out-parameter (`hr_options *`, `hr_audio *`,
 *   `hr_stream *`, `hr_error *`, `char *`) belongs to the caller, who releases it with the
 *   matching `_free` / `_close` function (each accepts NULL). Strings and sample buffers
 *   returned as `const char *` / `const float *` belong to the object they come from and live
 *   as long as it does (reading them after its free is undefined).
 *   Input strings are UTF-8, at most 1 MiB, and only read during the call. The `_n` variants
 *   take a path with its length in bytes (no NUL needed) and refuse one containing a NUL byte,
 *   which a NUL-terminated path would silently cut short.
 * - Handles: `hr_options *`, `hr_audio *`, `hr_stream *` and `hr_error *` are not addresses
 *   but entries of a table with a generation count. A handle used after its `_free`/`_close`,
 *   freed twice, given as another type, or never returned by this library is refused:
 *   getters return NULL, 0 or -1, other calls HR_ERROR_ARGUMENT, and `_free`/`_close` ignore
 *   it, without touching freed memory. (A freed handle's slot is reused under the next
 *   generation; only after 2^32 reuses of that slot could a stale handle match again.) A
 *   `_free`/`_close` while another thread is inside a call on the same object takes effect
 *   when that call returns.
 * - Errors: fallible functions return an `hr_status` (HR_OK = 0). When `error` is not NULL
 *   and the call fails, `*error` receives an `hr_error` whose message names the file (when
 *   there is one) and the problem; on success `*error` is left untouched. Pass NULL to get
 *   the status only.
 * - Threads: every function may be called from any thread. Distinct objects are independent.
 *   An `hr_options` may be changed while renders read it (each render takes a snapshot under
 *   a lock). An `hr_stream`'s render side (render, seek, reset, position) is one thread at a
 *   time: a call that comes while another thread is on it is refused (HR_ERROR_BUSY, or -1)
 *   instead of corrupting the stream. hr_stream_push_parameter may be called from any number
 *   of threads at once (a lock-free multi-producer queue; the render thread never waits).
 * - Times are seconds; sample rates Hz; frames count samples per channel.
 */
#ifndef HAPTICRENDER_H
#define HAPTICRENDER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library version this header describes; hr_version() returns the one linked. */
#define HAPTICRENDER_VERSION "0.2.0"

/* ---------------------------------------------------------------------------------------
 * Status codes and errors
 * ------------------------------------------------------------------------------------- */

typedef enum hr_status {
    HR_OK = 0,
    HR_ERROR_ARGUMENT = 1,      /* NULL pointer, unknown name, value out of range */
    HR_ERROR_OPTIONS = 2,       /* options that do not go together (checked at render) */
    HR_ERROR_IO = 3,            /* a file (pattern or actuator profile) cannot be read */
    HR_ERROR_REJECTED = 4,      /* the pattern was rejected (invalid JSON, strict mode, limits) */
    HR_ERROR_AUDIO = 5,         /* a custom audio file cannot be used (strict mode) */
    HR_ERROR_SCHEDULE = 6,      /* a render limit: length, voices, polyphony, one-shot size */
    HR_ERROR_RENDER = 7,        /* the renderer could not be set up */
    HR_ERROR_QUEUE_FULL = 8,    /* hr_stream_push_parameter: 1024 changes pending, dropped */
    HR_ERROR_OUT_OF_MEMORY = 9, /* the output buffer could not be allocated */
    HR_ERROR_BUSY = 10          /* another thread is on the stream's render side */
} hr_status;

/* A failure: status, message and the file it concerns. Immutable; any thread may read it. */
typedef struct hr_error hr_error;

/* The status the failing call returned. */
hr_status hr_error_status(const hr_error *error);
/* "FILE: error: problem", then the decoder's errors one per line ("FILE:LINE:COL: error: …");
 * "error: problem" when no file is involved. Owned by `error`. */
const char *hr_error_message(const hr_error *error);
/* The pattern (or profile) file the error concerns, "" when none. Owned by `error`. */
const char *hr_error_file(const hr_error *error);
/* Releases `error` and its strings. NULL is ignored. */
void hr_error_free(hr_error *error);

/* The linked library's version, e.g. "0.2.0". Static storage; never NULL. */
const char *hr_version(void);

/* ---------------------------------------------------------------------------------------
 * Options: what `ahap-render render`'s flags set. Opaque, so later versions can add
 * settings without breaking the ABI. Defaults: 48000 Hz, actuator "iphone", layout
 * "audition", lenient decoding, rate 1, no loop, start 0, natural length (the pattern plus
 * the actuator's ring-down), no runtime parameters.
 * Setters check what they can alone (names, finite values) and return HR_ERROR_ARGUMENT;
 * combinations (sample rate × actuator, …) are checked by the render and stream calls,
 * which return HR_ERROR_OPTIONS.
 * ------------------------------------------------------------------------------------- */

typedef struct hr_options hr_options;

/* A new options object with the defaults. Free it with hr_options_free. NULL only when
 * 4,194,304 objects of this library are alive at once. */
hr_options *hr_options_create(void);
/* Releases `options`. NULL is ignored. Renders and streams made from it do not need it. */
void hr_options_free(hr_options *options);

/* The output channels by layout name: "audition" (audio L/R + 0.5 × acceleration),
 * "haptic" (acceleration), "drive" (drive voltage), "audio" (audio L, audio R), "split"
 * (audio L, audio R, drive, acceleration), "android" (audio L, audio R, drive). Clears a
 * channel list. HR_ERROR_ARGUMENT for another name. */
hr_status hr_options_set_layout(hr_options *options, const char *layout, hr_error **error);
/* The output channels as a comma-separated list of signals, in order, instead of a layout:
 * audioLeft, audioRight, hapticDrive, acceleration, excursion (e.g. "acceleration,excursion").
 * Scales: audio full scale 1.0; drive 1.0 = the voltage clamp; acceleration 1.0 = the
 * actuator's full scale in g; excursion 1.0 = the end stop (an ERM's: its mass's radius). At
 * most 16 channels.
 * HR_ERROR_ARGUMENT for an unknown or empty name, or more than 16. */
hr_status hr_options_set_channels(hr_options *options, const char *channels, hr_error **error);
/* Output sample rate, a whole number of Hz in 8000…384000 (checked at render). */
hr_status hr_options_set_sample_rate(hr_options *options, double hz, hr_error **error);
/* The actuator: a preset ("iphone", "coin", "pixel", "erm") or the path of a JSON profile
 * (read at render; errors there name the file, key and line:column). HR_ERROR_ARGUMENT for a
 * name that is neither a preset nor a path ending in .json or containing '/'. */
hr_status hr_options_set_actuator(hr_options *options, const char *preset_or_path, hr_error **error);
/* The same with the name's length in bytes (see Conventions). */
hr_status hr_options_set_actuator_n(hr_options *options, const char *preset_or_path, size_t length,
                                    hr_error **error);
/* The actuator from JSON profile text, e.g. {"base":"iphone","resonanceHz":170}; checked at
 * render (messages call it "<actuator json>"). Every field has documented bounds
 * (docs/security-and-limits.md) that keep every sample finite; a profile outside them is
 * HR_ERROR_OPTIONS naming the field. */
hr_status hr_options_set_actuator_json(hr_options *options, const char *json, hr_error **error);
/* Playback rate > 0 (CHHapticAdvancedPatternPlayer.playbackRate): divides event times and
 * durations. */
hr_status hr_options_set_rate(hr_options *options, double rate, hr_error **error);
/* Plays the pattern `count` times (1…100000; loop end = the pattern's duration); 0 = no loop.
 * 64-bit, so a binding's out-of-range value arrives as given and is refused. */
hr_status hr_options_set_loops(hr_options *options, int64_t count, hr_error **error);
/* Starts `seconds` (≥ 0) into the pattern; events that started earlier are dropped. */
hr_status hr_options_set_start(hr_options *options, double seconds, hr_error **error);
/* Exact output length in seconds (> 0; silence-padded or cut); 0 = the natural length. */
hr_status hr_options_set_duration(hr_options *options, double seconds, hr_error **error);
/* Adds a runtime dynamic parameter, as `--param ID=VALUE@SECONDS`: `id` is its AHAP name
 * (e.g. "HapticIntensityControl", any case), `seconds` player time (≥ 0). */
hr_status hr_options_add_parameter(hr_options *options, const char *id, double value, double seconds,
                                   hr_error **error);
/* Removes every runtime parameter added so far. */
void hr_options_clear_parameters(hr_options *options);
/* 1: decode like Core Haptics (reject what it rejects), as `--strict`; 0: lenient.
 * HR_ERROR_ARGUMENT for any other value. */
hr_status hr_options_set_strict(hr_options *options, int strict, hr_error **error);
/* Adds a folder where AudioCustom files are looked up after the pattern file's own folder. */
hr_status hr_options_add_search_root(hr_options *options, const char *folder, hr_error **error);
/* The same with the folder's length in bytes (see Conventions). */
hr_status hr_options_add_search_root_n(hr_options *options, const char *folder, size_t length,
                                       hr_error **error);

/* ---------------------------------------------------------------------------------------
 * One-shot render
 * ------------------------------------------------------------------------------------- */

/* A finished render: interleaved float frames plus what the decoder reported. */
typedef struct hr_audio hr_audio;

/* Renders the pattern file at `path` (AHAP, .haptic or .hjif, told apart by content) with `options`
 * (NULL = defaults) into `*audio`.
 * Blocks for the whole render: O(pattern), a 12-minute dense pattern takes about a second.
 * The whole render is held in memory: one larger than 4 GiB of samples (frames × channels
 * × 4 bytes) is HR_ERROR_SCHEDULE; render it in blocks with hr_stream_*. Errors name `path`. */
hr_status hr_render_file(const char *path, const hr_options *options, hr_audio **audio, hr_error **error);
/* The same with the path's length in bytes (see Conventions). */
hr_status hr_render_file_n(const char *path, size_t path_length, const hr_options *options, hr_audio **audio,
                           hr_error **error);
/* Renders pattern text held in memory (`length` bytes; no NUL needed; at most 64 MiB, the
 * decoder's input limit, checked before a byte is read: HR_ERROR_REJECTED beyond). `name`
 * (may be NULL) names it in messages and locates its AudioCustom files (its folder; the
 * current folder when NULL or without a folder). */
hr_status hr_render_bytes(const void *bytes, size_t length, const char *name, const hr_options *options,
                          hr_audio **audio, hr_error **error);

/* Interleaved samples, frames × channels floats, in the layout's (or list's) channel order.
 * Owned by `audio`. NULL when frames is 0. */
const float *hr_audio_samples(const hr_audio *audio);
int64_t hr_audio_frames(const hr_audio *audio);
int32_t hr_audio_channels(const hr_audio *audio);
double hr_audio_sample_rate(const hr_audio *audio);
/* Warnings and notes of a render that succeeded (skipped events, clamped values), as a JSON
 * array of diagnostics (see hr_lint_file). Owned by `audio`. */
const char *hr_audio_diagnostics_json(const hr_audio *audio);
/* Releases `audio` and its samples. NULL is ignored. */
void hr_audio_free(hr_audio *audio);

/* ---------------------------------------------------------------------------------------
 * Streaming: pull frames block by block, e.g. from an audio callback.
 * Opening does all the work that allocates or fails (decode, audio files, schedule, renderer
 * set-up); afterwards hr_stream_render, hr_stream_push_parameter, hr_stream_seek and
 * hr_stream_reset never allocate, lock or block. The frames are bit-identical to the
 * one-shot render of the same options, whatever the block sizes.
 * ------------------------------------------------------------------------------------- */

typedef struct hr_stream hr_stream;

/* Opens a stream over the pattern file at `path` with `options` (NULL = defaults). */
hr_status hr_stream_open_file(const char *path, const hr_options *options, hr_stream **stream, hr_error **error);
/* The same with the path's length in bytes (see Conventions). */
hr_status hr_stream_open_file_n(const char *path, size_t path_length, const hr_options *options,
                                hr_stream **stream, hr_error **error);
/* Opens a stream over pattern text in memory; `name` as for hr_render_bytes. */
hr_status hr_stream_open_bytes(const void *bytes, size_t length, const char *name, const hr_options *options,
                               hr_stream **stream, hr_error **error);

/* Channels per frame, sample rate, total frames and the next frame to render. Any thread;
 * hr_stream_position is on the render side: -1 while another thread is there. */
int32_t hr_stream_channels(const hr_stream *stream);
double hr_stream_sample_rate(const hr_stream *stream);
int64_t hr_stream_frames(const hr_stream *stream);
int64_t hr_stream_position(const hr_stream *stream);
/* Warnings and notes of the decode, as for hr_audio_diagnostics_json. Owned by `stream`. */
const char *hr_stream_diagnostics_json(const hr_stream *stream);

/* Renders up to `frames` frames into `out` (room for frames × channels floats, interleaved)
 * and returns how many it wrote: `frames` until the end, fewer at the end, 0 when finished;
 * -1 when `stream` or `out` is NULL, the stream freed, `frames` < 0, or another thread is on
 * the render side. Real-time safe: no allocation, lock or system call. */
int64_t hr_stream_render(hr_stream *stream, float *out, int64_t frames);

/* Runtime dynamic parameters that hr_stream_push_parameter accepts (the ones that act while
 * events sound; the envelope-time controls act at event start and are options only). */
typedef enum hr_parameter {
    HR_PARAM_HAPTIC_INTENSITY_CONTROL = 0,
    HR_PARAM_HAPTIC_SHARPNESS_CONTROL = 1,
    HR_PARAM_AUDIO_VOLUME_CONTROL = 5,
    HR_PARAM_AUDIO_PAN_CONTROL = 6,
    HR_PARAM_AUDIO_PITCH_CONTROL = 7,
    HR_PARAM_AUDIO_BRIGHTNESS_CONTROL = 8
} hr_parameter;

/* The hr_parameter for an AHAP parameter name (any case), or -1 when the name is unknown or
 * not pushable. Allocates: call it once, outside the real-time path. */
int32_t hr_parameter_from_name(const char *name);

/* Sends `value` for `parameter` from `seconds` of output time on (`sendParameters(_:atTime:)`;
 * a time already rendered means "now"); it holds until the next scheduled change of that ID.
 * Intensity and volume controls are clamped to 0…1, the others to −1…1. At the same
 * time and value it gives the same samples as hr_options_add_parameter.
 * Lock-free, no allocation; from any number of threads at once, concurrently with
 * hr_stream_render, which never waits for a pusher. HR_ERROR_ARGUMENT for an unknown
 * parameter (a binding must pass a value of the enum, not a wider integer cut to it) or a
 * non-finite value, HR_ERROR_QUEUE_FULL when 1024 changes are pending (the value is dropped). */
hr_status hr_stream_push_parameter(hr_stream *stream, hr_parameter parameter, double value, double seconds);

/* Continues from `seconds` of output time (clamped to the stream's length) with the actuator
 * at rest; events that started earlier are not restarted (as Core Haptics' seek), scheduled
 * parameters and curves have their value there, pushed values already applied are forgotten
 * (ones still queued apply from max(their time, the new position)). No allocation. Render
 * side. HR_ERROR_ARGUMENT for NULL or NaN, HR_ERROR_BUSY while another thread is there. */
hr_status hr_stream_seek(hr_stream *stream, double seconds);
/* hr_stream_seek(stream, 0): the next frames equal a fresh stream's (unless pushed values are
 * still queued). Render side. */
hr_status hr_stream_reset(hr_stream *stream);
/* Releases `stream`; when a call on it is running in another thread, when that call returns.
 * NULL and a stream already closed are ignored. */
void hr_stream_close(hr_stream *stream);

/* ---------------------------------------------------------------------------------------
 * Lint
 * ------------------------------------------------------------------------------------- */

/* Checks the pattern file at `path` the way the renderer (lenient) or Core Haptics (options'
 * strict) would load it, and returns in `*json` the result as `ahap-render lint --format
 * json` prints it for one file: {"file": …, "accepted": true|false, "diagnostics": [{"severity",
 * "code", "coreHapticsCode", "path", "line", "column", "message"}, …]}. A rejected or
 * unreadable file is a result (accepted false), not an error; HR_ERROR_ARGUMENT only for
 * NULL arguments. Release `*json` with hr_string_free. `options` may be NULL (lenient;
 * its strict flag, search roots and limits are used). */
hr_status hr_lint_file(const char *path, const hr_options *options, char **json, hr_error **error);
/* The same with the path's length in bytes (see Conventions). */
hr_status hr_lint_file_n(const char *path, size_t path_length, const hr_options *options, char **json,
                         hr_error **error);
/* The same for pattern text in memory; `name` as for hr_render_bytes. */
hr_status hr_lint_bytes(const void *bytes, size_t length, const char *name, const hr_options *options,
                        char **json, hr_error **error);
/* Releases a string the library returned as `char *` (a plain malloc'ed string, not a
 * handle: freeing one twice is undefined, as with free()). NULL is ignored. */
void hr_string_free(char *string);

/* ---------------------------------------------------------------------------------------
 * Convert
 * ------------------------------------------------------------------------------------- */

/* Converts the AHAP, .haptic or .hjif file at `path` (told apart by content) to `target`:
 * "ahap", "haptic", "hjif" (MPEG-I haptics), "android" (one JSON file with the waveform,
 * composition and envelope tiers) or
 * "kotlin" — what `ahap-render convert --to TARGET` writes. `*output` receives the converted
 * text. When `report` is not NULL, `*report` receives the loss report as JSON (one object, as
 * `convert --report --format json` prints per input: each target rendered on a Pixel-class
 * actuator against the original, with its correlation, onset and peak errors and losses);
 * rendering it takes a few renders' time. Release both with hr_string_free. `options` may be
 * NULL (lenient; its strict flag and limits are used). Errors: HR_ERROR_ARGUMENT (NULL
 * arguments, unknown target), HR_ERROR_IO (unreadable), HR_ERROR_REJECTED (the decoder's
 * errors are in the message), HR_ERROR_RENDER (the report could not be rendered). */
hr_status hr_convert_file(const char *path, const char *target, const hr_options *options, char **output,
                          char **report, hr_error **error);
/* The same with the path's length in bytes (see Conventions). */
hr_status hr_convert_file_n(const char *path, size_t path_length, const char *target, const hr_options *options,
                            char **output, char **report, hr_error **error);
/* The same for AHAP, .haptic or .hjif text in memory; `name` (may be NULL) names it in messages and
 * in the Kotlin object and Android JSON. */
hr_status hr_convert_bytes(const void *bytes, size_t length, const char *name, const char *target,
                           const hr_options *options, char **output, char **report, hr_error **error);

#ifdef __cplusplus
}
#endif

#endif /* HAPTICRENDER_H */
