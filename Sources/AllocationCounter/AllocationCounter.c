// Interposes the C allocator for the executable that links this target, so that tests and
// benchmarks can count heap allocations exactly. The executable's definitions take precedence
// over libc's for every shared library (the Swift runtime included); each call forwards to
// glibc's own entry points, so behaviour is unchanged apart from a thread-local increment.
#include "AllocationCounter.h"
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static _Thread_local uint64_t allocations;

void *malloc(size_t size) {
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    allocations++;
    return __libc_realloc(pointer, size);
}

uint64_t allocation_count_on_this_thread(void) {
    return allocations;
}
