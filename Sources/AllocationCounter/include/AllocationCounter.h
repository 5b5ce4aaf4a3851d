#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc) made so far by the calling thread.
///
/// Take the difference of two readings around the code under measurement. Per-thread, so other
/// threads (parallel tests, a scheduler's queue) never disturb the figure.
uint64_t allocation_count_on_this_thread(void);

#endif
