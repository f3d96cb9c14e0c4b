/* The floor for the file's overhead (Benchmarks/goals.sh): libsndfile alone writing FRAMES
 * silent float32 frames of CHANNELS channels to a WAV at PATH, in blocks of 65,536 frames (the
 * render's writer block), then closing it. Prints the wall seconds from open to close.
 *
 *   cc -O2 sndfile-write.c $(pkg-config --cflags --libs sndfile) -o sndfile-write
 *   ./sndfile-write PATH FRAMES CHANNELS SAMPLE_RATE
 */
#include <sndfile.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s PATH FRAMES CHANNELS SAMPLE_RATE\n", argv[0]);
        return 64;
    }
    long long frames = atoll(argv[2]);
    int channels = atoi(argv[3]);
    SF_INFO info = {.samplerate = atoi(argv[4]), .channels = channels,
                    .format = SF_FORMAT_WAV | SF_FORMAT_FLOAT};
    enum { block = 65536 };
    float *zeros = calloc((size_t)block * channels, sizeof *zeros);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    SNDFILE *file = sf_open(argv[1], SFM_WRITE, &info);
    if (!file || !zeros) {
        fprintf(stderr, "sndfile-write: %s\n", sf_strerror(file));
        return 1;
    }
    for (long long left = frames; left > 0; left -= block) {
        sf_count_t n = left < block ? left : block;
        if (sf_writef_float(file, zeros, n) != n) {
            fprintf(stderr, "sndfile-write: %s\n", sf_strerror(file));
            return 1;
        }
    }
    if (sf_close(file) != 0) return 1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.6f\n", (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
    return 0;
}
