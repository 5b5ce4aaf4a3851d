// A stand-in for Apple's Darwin module, for Scripts/apple-typecheck only: it is type-checked
// against, never linked or run. It declares just the C API that Effects, Redux and ReduxTesting
// call on Apple platforms (a pthread mutex, the calling thread, a write to a descriptor), with
// the shapes Swift gives them when it imports Apple's headers. All of it predates every system
// the package supports, so nothing here carries an availability attribute.
// Add a declaration only when the package starts to use it; keep the shapes Apple's.

/// `pthread_mutex_t`: an opaque C struct; Swift imports a zero-filling initializer.
public struct pthread_mutex_t {
    public init() {}
}

/// `pthread_mutexattr_t`: an opaque C struct.
public struct pthread_mutexattr_t {
    public init() {}
}

/// The struct a `pthread_t` points to.
public struct _opaque_pthread_t {}

/// `pthread_t` on Apple platforms: a non-null pointer (on Linux it is an integer).
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>

/// int pthread_mutex_init(pthread_mutex_t *, const pthread_mutexattr_t *)
@discardableResult
public func pthread_mutex_init(
    _ mutex: UnsafeMutablePointer<pthread_mutex_t>!,
    _ attributes: UnsafePointer<pthread_mutexattr_t>!
) -> Int32 { 0 }

/// int pthread_mutex_destroy(pthread_mutex_t *)
@discardableResult
public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { 0 }

/// int pthread_mutex_lock(pthread_mutex_t *)
@discardableResult
public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { 0 }

/// int pthread_mutex_unlock(pthread_mutex_t *)
@discardableResult
public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { 0 }

/// pthread_t pthread_self(void)
public func pthread_self() -> pthread_t { fatalError("a stand-in for type-checking; never run") }

/// ssize_t write(int, const void *, size_t)
@discardableResult
public func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer!, _ count: Int) -> Int { 0 }
