/// An operator's downstream, kept beside its state machine under its lock until the completion
/// is delivered or a cancel comes, then detached.
///
/// The subscriber holds the operator and the operator held the subscriber: detaching breaks
/// that cycle, and ``detach()`` hands the downstream back to be released (or finished) outside
/// the lock, since its deinit may call back in.
@usableFromInline
enum DownstreamLink<Downstream> {
    case attached(Downstream)
    case detached

    @inlinable
    var downstream: Downstream? {
        if case .attached(let downstream) = self { downstream } else { nil }
    }

    /// Nil when it was detached already.
    @inlinable
    mutating func detach() -> Downstream? {
        guard case .attached(let downstream) = self else { return nil }
        self = .detached
        return downstream
    }
}

extension DownstreamLink: Sendable where Downstream: Sendable {}

/// An operator's state machine together with its downstream, behind the operator's one lock:
/// the machine decides, the link keeps the downstream until the outbox hands out the completion
/// or a cancel detaches it.
@usableFromInline
struct MachineWithDownstream<Machine, Downstream> {
    @usableFromInline var machine: Machine
    @usableFromInline var link: DownstreamLink<Downstream>

    @inlinable
    init(_ machine: Machine, downstream: Downstream) {
        self.machine = machine
        link = .attached(downstream)
    }
}

extension MachineWithDownstream: Sendable where Machine: Sendable, Downstream: Sendable {}

extension MachineWithDownstream {
    /// See ``SerialOutbox/pop(detachingAtTheEnd:)``.
    @inlinable
    mutating func pop<Value>(
        from outbox: WritableKeyPath<Machine, SerialOutbox<Value>>
    ) -> (SerialOutbox<Value>.Event, Downstream)? {
        machine[keyPath: outbox].pop(detachingAtTheEnd: &link)
    }
}

extension SerialOutbox {
    /// The next event with the downstream to hand it to; the completion detaches the link, so
    /// the caller holds the last reference while it delivers. Nil ends the caller's role as
    /// deliverer (nothing waits, or the operator has been cancelled).
    @inlinable
    mutating func pop<Downstream>(detachingAtTheEnd link: inout DownstreamLink<Downstream>)
        -> (Event, Downstream)?
    {
        guard let event = pop() else { return nil }
        switch event {
        case .value:
            guard let downstream = link.downstream else { return nil }
            return (event, downstream)
        case .finished:
            guard let downstream = link.detach() else { return nil }
            return (event, downstream)
        }
    }
}
