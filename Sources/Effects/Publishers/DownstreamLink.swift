/// An operator's downstream, as the operator keeps it beside its state machine under its lock:
/// attached until the last delivery (the completion) or a cancel, then detached, holding nothing.
///
/// Taking the downstream out is what lets a subscriber that stores its subscription be freed:
/// the subscriber holds the operator, and the operator held the subscriber, a cycle only the
/// operator can break, at its end. ``detach()`` hands the downstream back so that it is released
/// (or handed its completion) outside the lock, since releasing it may run a deinit that calls
/// back in.
@usableFromInline
enum DownstreamLink<Downstream> {
    case attached(Downstream)
    case detached

    /// The downstream while attached; nil once detached.
    @inlinable
    var downstream: Downstream? {
        guard case .attached(let downstream) = self else { return nil }
        return downstream
    }

    /// Detaches, handing out the downstream; nil when it was detached already.
    @inlinable
    mutating func detach() -> Downstream? {
        guard case .attached(let downstream) = self else { return nil }
        self = .detached
        return downstream
    }
}

extension DownstreamLink: Sendable where Downstream: Sendable {}

/// An operator's state machine together with its downstream, behind the operator's one lock.
///
/// The machine decides; the link only keeps the downstream until the machine's outbox hands out
/// the completion (``popLast()``) or the operator is cancelled (``detach()``).
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
    /// The next event in `outbox` with the downstream to hand it to; see
    /// ``SerialOutbox/pop(detachingAtTheEnd:)``.
    @inlinable
    mutating func pop<Value>(
        from outbox: WritableKeyPath<Machine, SerialOutbox<Value>>
    ) -> (SerialOutbox<Value>.Event, Downstream)? {
        machine[keyPath: outbox].pop(detachingAtTheEnd: &link)
    }
}

extension SerialOutbox {
    /// The next event with what `link` holds, to hand it to; the completion detaches the link,
    /// so the caller holds the last reference while it delivers. Nil ends the caller's role as
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
