/* Calls every function of hapticrender.h once and checks statuses and results: proves the
 * header matches the library (names, argument types, status values). Run by test_c_example.py
 * with an AHAP file as argument; prints "api smoke: ok" and exits 0 on success. */
#include <hapticrender.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define CHECK(condition)                                                     \
    do {                                                                     \
        if (!(condition)) {                                                  \
            fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #condition); \
            failures++;                                                      \
        }                                                                    \
    } while (0)

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    const char *path = argv[1];
    CHECK(strcmp(hr_version(), HAPTICRENDER_VERSION) == 0);

    hr_error *error = NULL;
    hr_options *o = hr_options_create();
    CHECK(hr_options_set_layout(o, "stereo", &error) == HR_ERROR_ARGUMENT);
    CHECK(error && hr_error_status(error) == HR_ERROR_ARGUMENT && strstr(hr_error_message(error), "stereo"));
    CHECK(error && strcmp(hr_error_file(error), "") == 0);
    hr_error_free(error);
    error = NULL;
    CHECK(hr_options_set_layout(o, "split", NULL) == HR_OK);
    CHECK(hr_options_set_channels(o, "acceleration,excursion", NULL) == HR_OK);
    CHECK(hr_options_set_layout(o, "audition", NULL) == HR_OK);
    CHECK(hr_options_set_sample_rate(o, 48000, NULL) == HR_OK);
    CHECK(hr_options_set_actuator(o, "coin", NULL) == HR_OK);
    CHECK(hr_options_set_actuator_json(o, "{\"base\": \"iphone\"}", NULL) == HR_OK);
    CHECK(hr_options_set_rate(o, 1, NULL) == HR_OK);
    CHECK(hr_options_set_loops(o, 0, NULL) == HR_OK);
    CHECK(hr_options_set_start(o, 0, NULL) == HR_OK);
    CHECK(hr_options_set_duration(o, 0, NULL) == HR_OK);
    CHECK(hr_options_add_parameter(o, "AudioPanControl", 0.5, 0.1, NULL) == HR_OK);
    hr_options_clear_parameters(o);
    CHECK(hr_options_set_strict(o, 0, NULL) == HR_OK);
    CHECK(hr_options_add_search_root(o, ".", NULL) == HR_OK);

    /* One-shot, file and bytes. */
    hr_audio *audio = NULL;
    CHECK(hr_render_file(path, o, &audio, &error) == HR_OK);
    CHECK(hr_audio_channels(audio) == 2 && hr_audio_sample_rate(audio) == 48000 && hr_audio_frames(audio) > 0);
    CHECK(hr_audio_samples(audio) != NULL && hr_audio_diagnostics_json(audio)[0] == '[');
    const char *pattern = "{\"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}]}";
    hr_audio *small = NULL;
    CHECK(hr_render_bytes(pattern, strlen(pattern), "tap.ahap", NULL, &small, NULL) == HR_OK);
    CHECK(hr_audio_frames(small) > 0);
    hr_audio_free(small);
    CHECK(hr_render_file("/no/such.ahap", NULL, &small, &error) == HR_ERROR_IO);
    CHECK(error && strcmp(hr_error_file(error), "/no/such.ahap") == 0);
    hr_error_free(error);
    error = NULL;
    CHECK(hr_render_bytes("{", 1, "broken.ahap", NULL, &small, NULL) == HR_ERROR_REJECTED);

    /* Streaming equals the one-shot render. */
    hr_stream *s = NULL;
    CHECK(hr_stream_open_file(path, o, &s, NULL) == HR_OK);
    CHECK(hr_stream_channels(s) == 2 && hr_stream_sample_rate(s) == 48000);
    CHECK(hr_stream_frames(s) == hr_audio_frames(audio) && hr_stream_diagnostics_json(s)[0] == '[');
    float block[2 * 300];
    int64_t done = 0, n;
    int same = 1;
    while ((n = hr_stream_render(s, block, 300)) > 0) {
        same = same && memcmp(block, hr_audio_samples(audio) + 2 * done, sizeof(float) * 2 * (size_t)n) == 0;
        done += n;
    }
    CHECK(same && done == hr_audio_frames(audio) && hr_stream_position(s) == done);
    CHECK(hr_stream_render(s, NULL, 1) == -1);
    int32_t intensity = hr_parameter_from_name("HapticIntensityControl");
    CHECK(intensity == HR_PARAM_HAPTIC_INTENSITY_CONTROL);
    CHECK(hr_parameter_from_name("AudioBrightnessControl") == HR_PARAM_AUDIO_BRIGHTNESS_CONTROL);
    CHECK(hr_parameter_from_name("HapticReleaseTimeControl") == -1);
    CHECK(hr_stream_push_parameter(s, (hr_parameter)intensity, 0.2, 0) == HR_OK);
    CHECK(hr_stream_push_parameter(s, (hr_parameter)intensity, NAN, 0) == HR_ERROR_ARGUMENT);
    CHECK(hr_stream_reset(s) == HR_OK && hr_stream_position(s) == 0);
    CHECK(hr_stream_seek(s, 0.25) == HR_OK && hr_stream_position(s) == 12000);
    hr_stream_close(s);
    hr_stream *bytes_stream = NULL;
    CHECK(hr_stream_open_bytes(pattern, strlen(pattern), NULL, NULL, &bytes_stream, NULL) == HR_OK);
    hr_stream_close(bytes_stream);

    /* Lint. */
    char *json = NULL;
    CHECK(hr_lint_file(path, NULL, &json, NULL) == HR_OK && json && strstr(json, "\"accepted\":true"));
    hr_string_free(json);
    json = NULL;
    CHECK(hr_lint_bytes("{", 1, "broken.ahap", o, &json, NULL) == HR_OK && json && strstr(json, "\"accepted\":false"));
    hr_string_free(json);

    /* Convert. */
    char *converted = NULL, *report = NULL;
    CHECK(hr_convert_file(path, "haptic", NULL, &converted, &report, NULL) == HR_OK && converted &&
          strstr(converted, "\"signals\"") && report && strstr(report, "\"targets\""));
    hr_string_free(converted);
    hr_string_free(report);
    converted = NULL;
    CHECK(hr_convert_file_n(path, strlen(path), "android", o, &converted, NULL, NULL) == HR_OK && converted &&
          strstr(converted, "hapticrender.android-effect"));
    hr_string_free(converted);
    converted = NULL;
    CHECK(hr_convert_bytes(pattern, strlen(pattern), "p.ahap", "kotlin", NULL, &converted, NULL, NULL) == HR_OK &&
          converted && strstr(converted, "object PHaptics"));
    hr_string_free(converted);
    CHECK(hr_convert_bytes(pattern, strlen(pattern), NULL, "mp3", NULL, &converted, NULL, NULL) == HR_ERROR_ARGUMENT);

    hr_audio_free(audio);
    hr_options_free(o);
    if (failures) return 1;
    printf("api smoke: ok\n");
    return 0;
}
