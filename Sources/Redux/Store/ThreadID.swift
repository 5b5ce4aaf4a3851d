#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which thread is running: how a store tells its own drainer's nested dispatch (from a
/// middleware, an effect that sends at once, an interceptor or an observer), which must never
/// wait, from another thread's, which may have to.
///
/// `pthread_self()`: one call that reads a thread register. The store asks for it before each
/// arrival and passes it to its machine as an input (tests pass made-up ones).
@usableFromInline
struct ThreadID: Equatable, Sendable {
    @usableFromInline let rawValue: UInt

    @inlinable
    init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// No thread: `pthread_self()` never answers a null handle. The drainer's while the role is on
    /// its way to a task, whose thread is known only once it resumes.
    @usableFromInline
    static let nobody = ThreadID(rawValue: 0)

    /// The calling thread.
    @usableFromInline
    static var current: ThreadID {
        #if canImport(Glibc)
        ThreadID(rawValue: UInt(pthread_self()))
        #else
        ThreadID(rawValue: UInt(bitPattern: pthread_self()))
        #endif
    }
}
