#ifndef AUDITION_SCRIPT_H
#define AUDITION_SCRIPT_H
#include <stddef.h>

/// The audition page's JavaScript (audition.js), UTF-8, not NUL-terminated.
const char *audition_script_bytes(void);
/// Its length in bytes.
size_t audition_script_length(void);

#endif
