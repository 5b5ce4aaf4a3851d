/// A value that one subscriber keeps from call to call: `removeDuplicates`' previous value,
/// `scan`'s running result, `prefix`'s count.
///
/// It needs no lock: a publisher calls its subscriber one call at a time (``Subscriber``'s
/// contract), and only those calls touch it; cancelling never does.
// @unchecked: only one subscriber's serial calls touch `value`, each ordered after the one
// before.
@usableFromInline
final class SerialBox<Value>: @unchecked Sendable {   // one subscriber's serial calls
    @usableFromInline var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}
