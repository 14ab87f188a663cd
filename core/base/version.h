/* version.h - the release and ABI numbers live in the public header. */
#include <stresskit/version.h>
