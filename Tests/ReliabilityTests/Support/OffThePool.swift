import Foundation

/// Runs `body` on a thread of its own and suspends until it returns, so that a test waiting for a
/// child process (a read, `waitpid`, a spin) holds no thread of Swift's cooperative pool. The
/// pool has as many threads as cores: two tests that block them stall every other test of the
/// run, which on a 2-core machine pushed unrelated tests past their time limits.
///
/// - Returns: What `body` returns; it rethrows what `body` throws.
func offThePool<Value>(_ body: @escaping () throws -> Value) async throws -> Value {
    // Safe to hand over: the calling task suspends until the thread has finished with `body`
    // and its outcome, so only one thread at a time touches them.
    nonisolated(unsafe) let body = body
    let outcome: Result<Value, any Error> = await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            nonisolated(unsafe) let outcome = Result { try body() }
            continuation.resume(returning: outcome)
        }
    }
    return try outcome.get()
}
