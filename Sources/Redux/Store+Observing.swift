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
    let last = LastSelection<Value>()
    return { state in
        let value = select(state)
        if let previous = last.value, isDuplicate(previous, value) { return }
        last.value = value
        observer(value)
    }
}

/// An observer of whole states that calls `observer` with the selected value when it changes.
@inlinable
func selecting<State, Value: Equatable & Sendable>(
    _ select: @escaping @Sendable (State) -> Value,
    _ observer: @escaping @Sendable (Value) -> Void
) -> @Sendable (State) -> Void {
    // Compared with `==` here rather than through `isDuplicate`: one closure call fewer per
    // observer per action, which is most of what a selecting observer costs.
    let last = LastSelection<Value>()
    return { state in
        let value = select(state)
        if let previous = last.value, previous == value { return }
        last.value = value
        observer(value)
    }
}

/// The value a selecting observer last passed on.
///
/// Needs no lock: the store calls an observer one call at a time (its contract, rule 8), and
/// each call happens after the previous one through the store's lock, which hands the drainer's
/// role from thread to thread.
@usableFromInline
final class LastSelection<Value>: @unchecked Sendable {   // one observer's serial calls only
    // Unchecked: the store's serialization (above) is what makes access exclusive; a dynamic
    // exclusivity check on every notification would cost more than the rest of it.
    @exclusivity(unchecked) @usableFromInline var value: Value?

    @inlinable
    init() {}
}
