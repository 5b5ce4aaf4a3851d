import Dispatch

/// Runs `body` on a Dispatch thread of its own, off Swift's cooperative pool, so that it may
/// block (on a semaphore a test opens later) without starving the tests that share the pool.
///
/// - Returns: A task that ends when `body` has returned.
@discardableResult
func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> Task<Void, Never> {
    let queue = DispatchQueue(label: "ReduxTests.onAnotherThread")
    let (done, finish) = AsyncStream<Void>.makeStream()
    queue.async {
        body()
        finish.finish()
    }
    return Task {
        for await _ in done {}
    }
}
