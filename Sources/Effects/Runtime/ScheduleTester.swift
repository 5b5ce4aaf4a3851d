#if DEBUG
/// What a systematic tester is told by the package's synchronization, in debug builds: where a
/// thread is about to synchronize, and where it would block.
///
/// Tests install one (``ScheduleTesting/install(_:)``) to run a scenario once per schedule,
/// CHESS-style. Threads it does not control pass through every call at once.
@usableFromInline
package protocol ScheduleTester: AnyObject, Sendable {
    /// The calling thread is about to take a ``Lock``; locks taken while it holds another are
    /// not scheduling points (see the tester for why that loses no behaviour).
    func willTakeLock()

    /// The calling thread has let go of the ``Lock`` it took last.
    func didReleaseLock()

    /// The calling thread is about to read or change an atomic, or to wake a blocked thread: a
    /// scheduling point.
    func willSynchronize()

    /// The calling thread would block until `isReady` answers true; `isReady` consumes what it
    /// waits for when it answers true (a semaphore's signal), and may be asked on any thread.
    ///
    /// - Returns: Whether the tester controls the calling thread and has waited for it; if
    ///   false, the caller blocks as usual.
    func block(until isReady: @escaping @Sendable () -> Bool) -> Bool
}
#endif
