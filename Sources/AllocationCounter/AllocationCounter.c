// Interposes the C allocator for the executable that links this target, so that tests and
// benchmarks can count heap allocations exactly. The executable's definitions take precedence
// over libc's for every shared library (the Swift runtime included); each call forwards to
// glibc's own entry points, so behaviour is unchanged apart from a thread-local increment.
//
// Under a sanitizer (`swift test --sanitize=thread`, or address) the sanitizer's runtime owns
// the allocator: replacing malloc would hand it memory it never allocated, and this file's
// instrumented malloc would run before the runtime is initialised (the test binary crashes at
// start). There the count comes from the sanitizer's malloc hook instead, which sees the same
// calls.
#include "AllocationCounter.h"
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define ALLOCATION_COUNTER_USES_SANITIZER_HOOK 1
#endif
#endif

static _Thread_local uint64_t allocations;

#if ALLOCATION_COUNTER_USES_SANITIZER_HOOK
#include <sanitizer/allocator_interface.h>

__attribute__((no_sanitize("thread", "address")))
static void count_allocation(const volatile void *pointer, size_t size) {
    (void)pointer;
    (void)size;
    allocations++;
}

__attribute__((no_sanitize("thread", "address")))
static void ignore_free(const volatile void *pointer) {
    (void)pointer;
}

// Before main, on the main thread, as the hook API asks.
__attribute__((constructor))
static void install_allocation_hook(void) {
    __sanitizer_install_malloc_and_free_hooks(count_allocation, ignore_free);
}
#else
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

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
#endif

uint64_t allocation_count_on_this_thread(void) {
    return allocations;
}
