// expect: type-checks
// What an Apple build of Lock.swift compiles: a pthread mutex from Darwin (the stand-in), with
// an implicit pointer conversion, the shape that once failed as a "broken standard library".
#if canImport(Darwin)
import Darwin

func lockAndWrite() {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    pthread_mutex_lock(mutex)
    let bytes = Array("locked\n".utf8)
    _ = write(2, bytes, bytes.count)
    pthread_mutex_unlock(mutex)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
}
#else
#error("an Apple target imports Darwin")
#endif
