// The audition page's script, compiled into the library from its own file (audition.js) so
// that it is edited, linted and reviewed as JavaScript, and no resource bundle has to travel
// beside the binary.
#include "audition_script.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const char script[] = {
#embed "audition.js"
};

const char *audition_script_bytes(void) { return script; }
size_t audition_script_length(void) { return sizeof script; }
