/// Lending the drainer's state to the middlewares and observers of an action, instead of copying
/// it out of the lock.
///
/// A copy of a state that holds arrays, strings or dictionaries retains each of their buffers
/// on the way out of the lock and releases each when it is dropped: atomic operations, which
/// were most of what an action with a middleware answering `.none` cost. A loan costs none.
///
/// Why it is sound: only the drainer writes the state (it reduces, under the store's lock), and
/// while it lends the state it reduces nothing (an action dispatched from the code it calls is
/// queued, not reduced). Other threads only read the state, and only under the lock. So the
/// state's bytes, taken under the lock right after the reducer, name buffers that stay alive
/// and unchanged until the drainer reduces again, which is after the loan has ended. Whatever
/// writes the state in the future must keep this so: write as the drainer, under the lock, and
/// never while a loan is out.
///
/// How: ``lend(_:to:)`` copies the state's bytes, retaining nothing, into storage on the
/// drainer's stack; ``borrowLent(_:_:)`` moves them out as a value that the code it calls sees
/// like any other (one that keeps it copies it, retaining as usual, so a buffer it shares is
/// copied before the reducer changes it), then puts the same bytes back and leaves them there,
/// never destroyed: nothing is released for what was never retained. Copies the compiler may
/// add in between (unoptimized builds do) are balanced: each retain has its release.

/// Storage on the drainer's stack for one lent state: what the store's dispatch passes around,
/// so that the raw memory is handled here and nowhere else.
@usableFromInline
struct LoanStorage<State> {
    // decision log: State loan
    @usableFromInline let address: UnsafeMutablePointer<State>

    // decision log: State loan
    @inlinable init(_ address: UnsafeMutablePointer<State>) { self.address = address }
}

/// Calls `body` with storage for one lent state on the caller's stack (on the heap only for a
/// state too large for the stack).
@inlinable
@inline(__always)
func withLoanStorage<State, Result>(
    for _: State.Type, _ body: (LoanStorage<State>) -> Result
) -> Result {
    // decision log: State loan
    withUnsafeTemporaryAllocation(of: State.self, capacity: 1) { buffer in
        guard let address = buffer.baseAddress else {
            preconditionFailure("a temporary allocation of one element has an address")
        }
        return body(LoanStorage(address))
    }
}

/// Copies the bytes of `state` into `storage`, retaining nothing: the start of a loan. Called
/// under the store's lock, by the drainer.
@inlinable
@inline(__always)
func lend<State>(_ state: inout State, to storage: LoanStorage<State>) {
    let size = MemoryLayout<State>.size
    // decision log: State loan
    withUnsafeMutablePointer(to: &state) { source in
        // decision log: State loan
        UnsafeMutableRawPointer(storage.address).copyMemory(from: source, byteCount: size)
    }
}

/// Calls `body` with the state lent to `storage`, then leaves its bytes there undestroyed: the
/// end of the loan.
@inlinable
@inline(__always)
func borrowLent<State, Result>(_ storage: LoanStorage<State>, _ body: (State) -> Result) -> Result {
    let state = storage.address.move()
    let result = body(state)
    storage.address.initialize(to: consume state)
    return result
}
