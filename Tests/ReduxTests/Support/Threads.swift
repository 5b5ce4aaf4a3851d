import Dispatch
import Foundation
import ConcurrencyTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The calling thread's identity, to tell which thread ran a piece of the store's work.
func currentThread() -> UInt {
    #if canImport(Glibc)
    UInt(pthread_self())
    #else
    UInt(bitPattern: pthread_self())
    #endif
}

/// How long a multi-threaded contract test waits for something that should happen at once: far
/// longer than it ever takes, so that only a thread that is really stuck fails the test.
let generousDeadline: DispatchTimeInterval = .seconds(120)

/// Whether `semaphore` was signalled before the generous deadline.
func signalled(_ semaphore: DispatchSemaphore) -> Bool {
    semaphore.wait(timeout: .now() + generousDeadline) == .success
}

/// Spins until `condition` holds, giving the processor away between checks; false if the
/// generous deadline passes first. For conditions no callback announces (a task suspended at the
/// store's gate, a queue that has filled up).
func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = DispatchTime.now() + generousDeadline
    while !condition() {
        if DispatchTime.now() > deadline { return false }
        sched_yield()
    }
    return true
}

/// A thread that runs `body` over and over until it is stopped: a producer that never lets up.
final class BusyThread: Sendable {
    private let isStopped = TestAtomic(false)
    private let done = DispatchSemaphore(value: 0)
    private let started = DispatchSemaphore(value: 0)
    private let identity = TestAtomic<UInt>(0)

    /// Starts the thread; returns once it runs.
    init(_ body: @escaping @Sendable () -> Void) {
        let thread = BusyThreadBody(owner: self, body: body)
        spawn { thread.run() }
        started.wait()
    }

    /// The thread's identity (see ``currentThread()``).
    var thread: UInt {
        identity.load(ordering: .acquiring)
    }

    /// Stops the loop and waits for the thread to leave it; false if it did not in time.
    @discardableResult
    func stop() -> Bool {
        isStopped.store(true, ordering: .releasing)
        return signalled(done)
    }

    fileprivate func loop(_ body: () -> Void) {
        identity.store(currentThread(), ordering: .releasing)
        started.signal()
        while !isStopped.load(ordering: .acquiring) {
            body()
        }
        done.signal()
    }
}

private struct BusyThreadBody: Sendable {
    let owner: BusyThread
    let body: @Sendable () -> Void

    func run() {
        owner.loop(body)
    }
}

/// Runs `body` on a thread of its own and waits for it to return, up to the generous deadline.
///
/// - Returns: false if it did not return in time (the thread is then left running).
func returnsInTime(_ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    spawn {
        body()
        done.signal()
    }
    return signalled(done)
}

/// Runs `body` on a new thread of its own.
///
/// Not on Dispatch's global queues: their pool of threads is small, and the threads these tests
/// block (producers held at a full queue, threads waiting for a deadline) could starve the work
/// a test waits for.
func spawn(_ body: @escaping @Sendable () -> Void) {
    Thread.detachNewThread(body)
}

/// Runs `body` on `count` threads of their own at once, and returns when every one has.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
        spawn {
            body(index)
            done.signal()
        }
    }
    for _ in 0..<count {
        done.wait()
    }
}

/// ``eventually(_:)`` for async tests: the spinning happens on a thread of its own, so that the
/// cooperative pool stays free for the tasks the condition may be waiting for (two tests that
/// spin on the pool's threads at once would starve every other test's tasks on a 2-core
/// machine).
func eventually(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
    await withCheckedContinuation { continuation in
        spawn {
            continuation.resume(returning: eventually(condition))
        }
    }
}

/// ``returnsInTime(_:)`` for async tests: the waiting happens on a thread of its own, not on
/// the cooperative pool.
func returnsInTime(_ body: @escaping @Sendable () -> Void) async -> Bool {
    await withCheckedContinuation { continuation in
        spawn {
            continuation.resume(returning: returnsInTime(body))
        }
    }
}

/// ``onThreads(_:_:)`` for async tests: the waiting happens on a thread of its own, not on the
/// cooperative pool.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        spawn {
            onThreads(count, body)
            continuation.resume()
        }
    }
}

/// Waits for `semaphore` on a thread of its own (never on the cooperative pool), up to the
/// generous deadline.
func wait(for semaphore: DispatchSemaphore) async -> Bool {
    await withCheckedContinuation { continuation in
        spawn {
            continuation.resume(returning: signalled(semaphore))
        }
    }
}

/// Lets a test stop a ``BusyThread`` between two turns of its loop and start it again.
final class Pause: Sendable {
    private let isRequested = TestAtomic(false)
    private let parked = DispatchSemaphore(value: 0)
    private let resumed = DispatchSemaphore(value: 0)

    init() {}

    /// Called by the busy thread at the top of each turn: parks it while a pause is requested.
    func checkpoint() {
        guard isRequested.load(ordering: .acquiring) else { return }
        parked.signal()
        resumed.wait()
    }

    /// Requests a pause and returns once the busy thread is parked (false if it did not park in
    /// time).
    func hold() -> Bool {
        isRequested.store(true, ordering: .releasing)
        return signalled(parked)
    }

    /// Lets the busy thread go on.
    func release() {
        isRequested.store(false, ordering: .releasing)
        resumed.signal()
    }
}

/// Marks the main queue, whose blocks are where the main actor runs: on the main thread in an
/// app, on whichever thread drains the main queue once a program has called `dispatchMain()`
/// (as the test runner does).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Whether the calling code runs on the main actor (in a block of the main queue).
func isOnMainActor() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
}
