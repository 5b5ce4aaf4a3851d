import Effects
import Synchronization

extension Store {
    /// Calls `observer` with the current state, then with the state after every action.
    ///
    /// The first call happens before `subscribe` returns, unless another thread is processing
    /// actions at that moment; then that thread makes it, before the next action. Observers
    /// are called in subscription order and never two at a time.
    ///
    /// - Parameter observer: Called with each state.
    /// - Returns: A token; cancel or release it to unsubscribe.
    public func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> AnyCancellable {
        let observer = Observer(notify: observer)
        core.attach(observer)
        let core = core
        return AnyCancellable { [weak core] in
            core?.detach(observer)
        }
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
        subscribe(selecting(select, isDuplicate: isDuplicate, observer))
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
        subscribe(selecting(select, observer))
    }
}

/// An observer of whole states that calls `observer` with the selected value, skipping values
/// that `isDuplicate` calls the same as the last one passed on.
@inlinable
func selecting<State, Value: Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    _ observer: @escaping @Sendable (Value) -> Void
) -> @Sendable (State) -> Void {
    let selection = Selection(select, observer)
    return { state in
        let value = selection.select(state)
        if let previous = selection.last, isDuplicate(previous, value) { return }
        selection.last = value
        selection.observer(value)
    }
}

/// An observer of whole states that calls `observer` with the selected value when it changes.
@inlinable
func selecting<State, Value: Equatable & Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    _ observer: @escaping @Sendable (Value) -> Void
) -> @Sendable (State) -> Void {
    // One object captured, the selection: the closure's context is then that object itself,
    // so a call loads what it needs from it as it goes rather than unpacking a context of
    // four captures first. Compared with `==` here rather than through `isDuplicate`: one
    // closure call fewer per observer per action, which is most of what one costs.
    let selection = Selection(select, observer)
    return { state in selection.receive(state) }
}

/// One selecting observer: what it selects, whom it tells, and the value it last passed on.
///
/// Needs no lock: the store calls an observer one call at a time (its contract, rule 8), and
/// each call happens after the previous one through the store's lock, which hands the drainer's
/// role from thread to thread.
@usableFromInline
final class Selection<State, Value: Sendable>: @unchecked Sendable {   // serial calls only
    // Unchecked: the store's serialization (above) is what makes access to `last` exclusive; a
    // dynamic exclusivity check on every notification would cost more than the rest of it.
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
}

extension Selection where Value: Equatable {
    /// Passes the selected part of `state` on, unless it equals the last one passed on.
    @inlinable
    @inline(__always)
    func receive(_ state: State) {
        let value = select(state)
        if let previous = last, previous == value { return }
        last = value
        observer(value)
    }
}
