// The package's one lock, and the only file allowed to name `Synchronization` (on Apple
// platforms `Mutex` and `Atomic` begin with macOS 15 / iOS 18, after the package's minimum).
// Two backends: `Mutex` stored inline, and elsewhere a pthread mutex in a heap cell, which
// `.ci/run` also builds and tests on Linux with `-Xswiftc -DTHREEDUCKS_SYSTEM_LOCK`.

#if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#else
import Synchronization
#endif

/// A value that only one thread at a time may read or change: the package's one lock type.
///
/// Take it with ``withLock(_:)``, decide, and return what to do; call nothing outside the
/// package's own bookkeeping while holding it (no subscriber, observer, reducer or scheduled
/// work), and let values go after it is released. It is not recursive: taking it again on the
/// same thread deadlocks.
///
/// - Complexity: Taking and releasing it is O(1): two atomic operations when uncontended.
@usableFromInline
package struct Lock<Value>: ~Copyable {
    #if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
    @usableFromInline let cell: SystemLockCell<Value>
    #else
    @usableFromInline let mutex: Mutex<Value>
    #endif

    /// Makes a lock guarding `value`.
    ///
    /// - Parameter value: The value to guard; it is sent into the lock.
    @inlinable
    package init(_ value: sending Value) {
        #if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
        cell = SystemLockCell(value)
        #else
        mutex = Mutex(value)
        #endif
    }

    /// Runs `body` with exclusive access to the value, and returns what it returns.
    ///
    /// - Parameter body: Reads or changes the value; must not take this lock again.
    /// - Returns: What `body` returns.
    @inlinable
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        #if DEBUG
        // A systematic test may let another of its threads run before this one takes the lock.
        let tester = ScheduleTesting.tester
        tester?.willTakeLock()
        defer { tester?.didReleaseLock() }
        #endif
        return try withLockUnscheduled(body)
    }

    /// ``withLock(_:)`` without the scheduling point a systematic test adds in debug builds: for
    /// the tester's own bookkeeping, which must not schedule itself.
    @inlinable
    package borrowing func withLockUnscheduled<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        #if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
        try cell.withLock(body)
        #else
        try mutex.withLock(body)
        #endif
    }
}

extension Lock {
    /// How many heap allocations making a lock costs: 1 for the pthread backend's cell, 0 for
    /// `Mutex`, stored inline. For the tests that count allocations.
    package static var allocationsToMake: Int {
        #if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
        1
        #else
        0
        #endif
    }
}

// Safe to share between threads: the value is reachable only inside `withLock`, which admits one
// thread at a time, and it enters and leaves the lock as `sending` (as with `Mutex`).
extension Lock: @unchecked Sendable {}   // see above

#if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
/// The heap cell of the pthread backend: a pthread mutex and the value it guards, both at a
/// fixed address for the cell's lifetime (a pthread mutex must not move).
@usableFromInline
final class SystemLockCell<Value> {
    // decision log: pthread mutex cell
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    @usableFromInline
    init(_ value: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// Safe to share between threads: `value` is read and written only inside `withLock`, between
// the pthread mutex's lock and unlock, and `mutex` itself never changes.
extension SystemLockCell: @unchecked Sendable {}   // see above
#endif

/// A flag that starts on and is turned off once, read through an atomic where the system has
/// one, else through a ``Lock`` (see the Performance article's decision log).
///
/// A reader that sees it on may act once more after another thread turned it off; a reader that
/// sees it off sees everything the writer did before turning it off.
@usableFromInline
package struct OneWayFlag: ~Copyable {
    #if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
    @usableFromInline let isOnLock = Lock(true)
    #else
    @usableFromInline let isOnAtomic = Atomic(true)
    #endif

    /// Makes a flag that is on.
    @inlinable
    package init() {}

    /// Whether the flag is still on.
    @inlinable
    package var isOn: Bool {
        #if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
        isOnLock.withLock { $0 }
        #else
        #if DEBUG
        // A systematic test may let another of its threads run first.
        ScheduleTesting.tester?.willSynchronize()
        #endif
        // decision log: One-way flag
        return isOnAtomic.load(ordering: .acquiring)
        #endif
    }

    /// Turns the flag off, for good.
    @inlinable
    package func turnOff() {
        #if canImport(Darwin) || THREEDUCKS_SYSTEM_LOCK
        isOnLock.withLock { $0 = false }
        #else
        #if DEBUG
        ScheduleTesting.tester?.willSynchronize()
        #endif
        isOnAtomic.store(false, ordering: .releasing)
        #endif
    }
}

// Safe to share between threads: its one field is an atomic, or a `Lock`.
extension OneWayFlag: @unchecked Sendable {}   // an atomic, or a Lock

#if DEBUG
/// The systematic tester of this process, if one runs: debug builds only.
///
/// A systematic test (`Tests/ReduxTests/Systematic`) installs a ``ScheduleTester``; every
/// ``Lock``, ``OneWayFlag`` and blocking wait then tells it where a thread synchronizes, so that
/// it chooses which thread runs next. Uninstalled, a lock asks this slot's own lock, which the
/// tester never sees.
@usableFromInline
package enum ScheduleTesting {
    private static let slot = Lock<(any ScheduleTester)?>(nil)

    /// The installed tester, if any.
    @usableFromInline
    package static var tester: (any ScheduleTester)? {
        slot.withLockUnscheduled { $0 }
    }

    /// Installs `tester` (or removes the installed one, with nil).
    package static func install(_ tester: (any ScheduleTester)?) {
        slot.withLockUnscheduled { $0 = tester }
    }
}
#endif
