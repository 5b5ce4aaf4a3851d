/// A value that one subscriber keeps from call to call: `removeDuplicates`' previous value,
/// `scan`'s running result, `prefix`'s count.
///
/// It needs no lock. A publisher calls its subscriber one call at a time (``Subscriber``'s
/// contract), each call ordered after the one before by whoever hands the calls over (a lock, a
/// scheduler's queue, a single thread), and only those calls touch the box. Cancelling, the one
/// thing that may come from another thread at any moment, never touches it.
// @unchecked: only one subscriber's serial calls touch `value`, each ordered after the one
// before (see above).
@usableFromInline
final class SerialBox<Value>: @unchecked Sendable {   // one subscriber's serial calls
    @usableFromInline var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
