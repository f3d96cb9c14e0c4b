/*
 * render — renders an AHAP file to interleaved float32 raw samples with libhapticrender,
 * block by block through the streaming API (memory stays constant).
 *
 *   render IN.ahap OUT.raw [layout]
 *
 * layout: audition (default), haptic, drive, audio, split or android. The samples equal
 * `ahap-render render IN.ahap --layout LAYOUT --format wav --sample-format float32`, in the
 * machine's byte order, 48 kHz. OUT.raw is written to a temporary file and renamed when
 * complete, so a failure never leaves a partial file. Errors go to stderr; exit status 0 on
 * success, 1 on failure, 64 on a usage error.
 *
 * Build (from the repository root):
 *   swift build -c release --product hapticrender
 *   cc -std=c11 -Wall -o render Examples/C/render.c \
 *      $(PKG_CONFIG_PATH=Sources/HapticRenderC/pkgconfig pkg-config --cflags --libs hapticrender)
 */
#define _POSIX_C_SOURCE 200809L  /* getpid */
#include <hapticrender.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BLOCK_FRAMES = 4096 };

/* Prints the error's message (it names the file) and frees it. */
static int fail(hr_error *error) {
    fprintf(stderr, "%s\n", hr_error_message(error));
    hr_error_free(error);
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: %s IN.ahap OUT.raw [audition|haptic|drive|audio|split|android]\n", argv[0]);
        return 64;
    }
    const char *input = argv[1], *output = argv[2], *layout = argc == 4 ? argv[3] : "audition";

    hr_error *error = NULL;
    hr_options *options = hr_options_create();
    if (hr_options_set_layout(options, layout, &error) != HR_OK) {
        hr_options_free(options);
        return fail(error);
    }
    hr_stream *stream = NULL;
    hr_status status = hr_stream_open_file(input, options, &stream, &error);
    hr_options_free(options);  /* the stream keeps what it needs */
    if (status != HR_OK) return fail(error);

    /* Temporary name beside the output, so the final rename stays on one file system. */
    size_t length = strlen(output) + 32;
    char *temporary = malloc(length);
    float *block = malloc(sizeof(float) * BLOCK_FRAMES * (size_t)hr_stream_channels(stream));
    FILE *file = NULL;
    if (temporary && block) {
        snprintf(temporary, length, "%s.tmp-%ld", output, (long)getpid());
        file = fopen(temporary, "wb");
    }
    if (!file) {
        fprintf(stderr, "%s: error: cannot write %s\n", input, temporary && block ? temporary : output);
        hr_stream_close(stream);
        free(block);
        free(temporary);
        return 1;
    }

    int64_t frames;
    int ok = 1;
    while (ok && (frames = hr_stream_render(stream, block, BLOCK_FRAMES)) > 0) {
        size_t count = (size_t)frames * (size_t)hr_stream_channels(stream);
        ok = fwrite(block, sizeof(float), count, file) == count;
    }
    ok = (fclose(file) == 0) && ok;
    if (ok) ok = rename(temporary, output) == 0;
    if (!ok) {
        fprintf(stderr, "%s: error: cannot write %s\n", input, output);
        remove(temporary);
    } else {
        fprintf(stderr, "wrote %s (%lld frames, %d ch, %.0f Hz, float32)\n", output,
                (long long)hr_stream_frames(stream), hr_stream_channels(stream), hr_stream_sample_rate(stream));
    }
    hr_stream_close(stream);
    free(block);
    free(temporary);
    return ok ? 0 : 1;
}
