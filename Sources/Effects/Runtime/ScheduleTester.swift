#if DEBUG
/// What a systematic tester is told by the package's synchronization, in debug builds: where a
/// thread is about to synchronize, so that the tester may let another of its threads run first,
/// and where a thread would block.
///
/// The package's tests install one (``ScheduleTesting/install(_:)``) to run a scenario once per
/// schedule, CHESS-style: the tester lets one of its threads run at a time and picks, at each of
/// these points, which runs next. Threads it does not control pass through every call at once
/// (the calls return false or do nothing for them), so the rest of the process runs as usual.
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
