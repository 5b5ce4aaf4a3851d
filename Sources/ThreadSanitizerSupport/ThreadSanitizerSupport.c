// Makes Swift's `Synchronization.Mutex` visible to ThreadSanitizer on Linux.
//
// `Mutex.withLock` inlines its fast paths into our code, an atomic compare-exchange with
// acquire (lock) and release (unlock) ordering, which ThreadSanitizer instruments like any
// atomic. When the lock is contended, the lock and the unlock go through `_lockSlow` and
// `_unlockSlow` in libswiftSynchronization.so, which is not instrumented: ThreadSanitizer never
// sees that acquire or that release, and reports every access that the lock protects as a
// race ("Swift access race" inside `withLock`). Suppressions cannot help: the reported frames
// are our own code, and silencing them would hide real races too.
//
// So under ThreadSanitizer every executable that links this file (the test executable, and
// three-ducks and reliability-helper, which the tests run as child processes) interposes those
// three entry points (an executable's definitions take precedence, as in AllocationCounter):
// each forwards to the library's own function, found with dlsym(RTLD_NEXT), and tells
// ThreadSanitizer about the acquire or release on the lock's address, which is the address of
// the atomic that the fast paths use. Nothing else changes. In a normal build this file
// defines one function only, which says it is inactive: three-ducks ships with nothing more.
#include "ThreadSanitizerSupport.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define THREAD_SANITIZER_SUPPORT_ACTIVE 1
#endif
#endif

#if THREAD_SANITIZER_SUPPORT_ACTIVE && defined(__linux__)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <sanitizer/tsan_interface.h>

// Swift's mangled names and calling convention: `self` (the `_MutexHandle`, borrowed, so by
// address) travels in the swiftself register, which clang's `swift_context` attribute names.
#define LOCK_SLOW $s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF
#define TRY_LOCK_SLOW $s15Synchronization12_MutexHandleV12_tryLockSlowSbyF
#define UNLOCK_SLOW $s15Synchronization12_MutexHandleV11_unlockSlowyyF
#define NAME(symbol) NAME_(symbol)
#define NAME_(symbol) #symbol

typedef __attribute__((swiftcall)) void (*LockSlow)(uint32_t, void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) bool (*TryLockSlow)(void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) void (*UnlockSlow)(void *__attribute__((swift_context)));

static LockSlow original_lock_slow;
static TryLockSlow original_try_lock_slow;
static UnlockSlow original_unlock_slow;

// Before main, so that no thread can race on these pointers.
__attribute__((constructor))
static void find_originals(void) {
    original_lock_slow = (LockSlow)dlsym(RTLD_NEXT, NAME(LOCK_SLOW));
    original_try_lock_slow = (TryLockSlow)dlsym(RTLD_NEXT, NAME(TRY_LOCK_SLOW));
    original_unlock_slow = (UnlockSlow)dlsym(RTLD_NEXT, NAME(UNLOCK_SLOW));
}

__attribute__((swiftcall))
void LOCK_SLOW(uint32_t thread_id, void *__attribute__((swift_context)) handle) {
    original_lock_slow(thread_id, handle);
    __tsan_acquire(handle);
}

__attribute__((swiftcall))
bool TRY_LOCK_SLOW(void *__attribute__((swift_context)) handle) {
    bool locked = original_try_lock_slow(handle);
    if (locked) {
        __tsan_acquire(handle);
    }
    return locked;
}

__attribute__((swiftcall))
void UNLOCK_SLOW(void *__attribute__((swift_context)) handle) {
    __tsan_release(handle);
    original_unlock_slow(handle);
}

int thread_sanitizer_support_is_active(void) {
    return original_lock_slow != 0 && original_try_lock_slow != 0 && original_unlock_slow != 0;
}
#else
int thread_sanitizer_support_is_active(void) {
    return 0;
}
#endif
