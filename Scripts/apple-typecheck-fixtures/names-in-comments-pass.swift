// expect: type-checks
// Names of newer APIs in comments and strings are not uses: Scripts/check-platforms failed on
// the comment below.
/* Mutex */
// Atomic, Int128, Task(executorPreference:), withTaskExecutorPreference
func describeTheLock() -> String {
    "a Mutex on macOS 15, a pthread mutex before; no Atomic, no InlineArray"
}
