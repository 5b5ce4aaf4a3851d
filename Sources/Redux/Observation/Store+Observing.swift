import Effects

extension Store {
    /// Calls `observer` with the current state, then with the state after every action.
    ///
    /// The first call happens before `subscribe` returns, unless another thread is processing
    /// actions at that moment; then that thread makes it, before the next action. Observers
    /// are called in subscription order and never two at a time.
    ///
    /// - Parameter observer: Called with each state.
    /// - Returns: A token; cancel or release it to unsubscribe.
    @inlinable
    public func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> AnyCancellable {
        let plain = PlainObserver(observer)
        return attach(flag: plain) { plain.receive($0) }
    }

    /// Subscribes an observer that `notify` calls while `flag` is on; the token unsubscribes
    /// it.
    @inlinable
    func attach(flag: SubscriptionFlag, _ notify: @escaping @Sendable (State) -> Void)
        -> AnyCancellable
    {
        let observer = Observer(of: core, flag: flag, notify: notify)
        core.attach(observer)
        return AnyCancellable(observer)
    }

    /// Calls `observer` with a part of the state, at once and then whenever that part changes.
    ///
    /// ```swift
    /// let token = store.subscribe(to: \.moves) { moves in print("moves:", moves) }
    /// ```
    ///
    /// - Parameters:
    ///   - select: Picks the part to watch.
    ///   - isDuplicate: Tells whether two selected values count as the same (then the observer
    ///     is not called).
    ///   - observer: Called with each new selected value.
    /// - Returns: A token; cancel or release it to unsubscribe.
    @inlinable
    public func subscribe<Value: Sendable>(
        to select: @escaping @Sendable (State) -> Value,
        isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
        _ observer: @escaping @Sendable (Value) -> Void
    ) -> AnyCancellable {
        let selection = Selection(select, observer)
        return attach(flag: selection) { selection.receive($0, isDuplicate: isDuplicate) }
    }

    /// Calls `observer` with a part of the state, at once and then whenever it changes (`==`).
    ///
    /// - Parameters:
    ///   - select: Picks the part to watch, for example `\.moves`.
    ///   - observer: Called with each new selected value.
    /// - Returns: A token; cancel or release it to unsubscribe.
    @inlinable
    public func subscribe<Value: Equatable & Sendable>(
        to select: @escaping @Sendable (State) -> Value,
        _ observer: @escaping @Sendable (Value) -> Void
    ) -> AnyCancellable {
        // The closure captures the selection alone: its context is then that object itself,
        // the one a notification reads, with no captures to unpack.
        let selection = Selection(select, observer)
        return attach(flag: selection) { selection.receive($0) }
    }
}

/// An observer of whole states that calls `observer` with the selected value, skipping values
/// that `isDuplicate` calls the same as the last one passed on; for a scoped store, which
/// subscribes closures.
@inlinable
func selecting<State, Value: Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    _ observer: @escaping @Sendable (Value) -> Void
) -> @Sendable (State) -> Void {
    let selection = Selection(select, observer)
    return { state in selection.receive(state, isDuplicate: isDuplicate) }
}

/// An observer of whole states that calls `observer` with the selected value when it changes;
/// for a scoped store, which subscribes closures.
@inlinable
func selecting<State, Value: Equatable & Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    _ observer: @escaping @Sendable (Value) -> Void
) -> @Sendable (State) -> Void {
    let selection = Selection(select, observer)
    return { state in selection.receive(state) }
}

/// One selecting observer: what it selects, whom it tells, the value it last passed on, and
/// (as a ``SubscriptionFlag``) whether it is still subscribed, in the one object a notification
/// reads.
///
/// `last` needs no lock: the store calls an observer one call at a time (its contract, rule
/// 8), and each call happens after the previous one through the store's lock, which hands the
/// drainer's role from thread to thread.
// Unchecked: `last`, its one mutable field, is read and written only in `receive`, which the
// store calls one call at a time, each ordered after the previous by the store's lock (above).
// That is also why its accesses need no dynamic exclusivity check, which costs more than the
// rest of a notification (see the Performance article's decision log).
@usableFromInline
final class Selection<State, Value: Sendable>: SubscriptionFlag, @unchecked Sendable {   // above
    @usableFromInline let select: @Sendable (State) -> Value
    @usableFromInline let observer: @Sendable (Value) -> Void
    @exclusivity(unchecked) @usableFromInline var last: Value?

    @inlinable
    init(
        _ select: @escaping @Sendable (State) -> Value,
        _ observer: @escaping @Sendable (Value) -> Void
    ) {
        self.select = select
        self.observer = observer
    }

    /// Passes the selected part of `state` on, unless unsubscribed or `isDuplicate` calls it the
    /// same as the last one passed on.
    @inlinable
    @inline(__always)
    func receive(_ state: State, isDuplicate: (Value, Value) -> Bool) {
        guard isOn else { return }
        let value = select(state)
        if let previous = last, isDuplicate(previous, value) { return }
        last = value
        observer(value)
    }
}

extension Selection where Value: Equatable {
    /// Passes the selected part of `state` on, unless unsubscribed or equal to the last one
    /// passed on: compared with `==` rather than through an `isDuplicate`, one closure call
    /// fewer per notification, which is much of what one costs.
    @inlinable
    @inline(__always)
    func receive(_ state: State) {
        guard isOn else { return }
        let value = select(state)
        if let previous = last, previous == value { return }
        last = value
        observer(value)
    }
}
