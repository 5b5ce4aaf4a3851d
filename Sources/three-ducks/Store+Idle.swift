#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Redux

extension Store {
    /// Waits until the store runs no effect and `schedulers` hold no work: every delayed action
    /// has arrived and been drawn, every file has been read or written, and nothing more will
    /// happen until the next dispatch.
    ///
    /// It polls every millisecond; only the program uses it, tests move a `TestScheduler`.
    ///
    /// - Parameters:
    ///   - schedulers: The schedulers the store's middlewares use, tracked.
    ///   - timeout: How long to wait at most.
    /// - Returns: False if work was still going on when the time was up.
    @discardableResult
    func waitUntilIdle(tracking schedulers: [any WorkTracking], timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while runningEffectCount > 0 || schedulers.contains(where: { $0.pendingWorkCount > 0 }) {
            if ContinuousClock.now >= deadline { return false }
            usleep(1_000)
        }
        return true
    }
}
