#ifndef THREAD_SANITIZER_SUPPORT_H
#define THREAD_SANITIZER_SUPPORT_H

/// 1 when the tests are built with ThreadSanitizer (`swift test --sanitize=thread`) and the
/// annotations of `Synchronization.Mutex`'s slow paths are in place; 0 otherwise.
int thread_sanitizer_support_is_active(void);

#endif
