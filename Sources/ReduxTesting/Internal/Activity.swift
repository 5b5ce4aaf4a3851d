import Effects

/// Wakes a test store that waits for work it does not drive: an action logged, a job arriving
/// at the test scheduler, the store falling idle, or the time allowed running out.
///
/// One waiter at a time (a test store is used from one task). A signal that comes while nobody
/// waits is remembered, as a new generation, so a waiter that looked at the world before it and
/// starts waiting after it does not miss it.
final class Activity: Sendable {
    private struct State {
        var generation = 0
        var waiter: UnsafeContinuation<Void, Never>?
    }

    private let state = Lock(State())

    /// Changes at every signal.
    var generation: Int {
        state.withLock { $0.generation }
    }

    /// Something happened: wake the waiter, if any.
    func signal() {
        let waiter = state.withLock { state in
            state.generation &+= 1
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Suspends until a signal comes after `generation` (at once if one came already), or the
    /// waiting task is cancelled.
    func wait(after generation: Int) async {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let hasChanged = state.withLock { state -> Bool in
                    guard state.generation == generation else { return true }
                    precondition(state.waiter == nil, "a test store waits for one thing at a time")
                    state.waiter = continuation
                    return false
                }
                if hasChanged { continuation.resume() }
            }
        } onCancel: {
            signal()
        }
    }
}
