import Effects

extension Store {
    /// Calls `observer` with the current state, then with the state after every action.
    ///
    /// The first call happens before `subscribe` returns, unless another thread is processing
    /// actions at that moment; then that thread makes it, before the next action. Observers
    /// are called in subscription order and never two at a time. Cancel or release the token
    /// to unsubscribe.
    @inlinable
    public func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> AnyCancellable {
        attach(Selection(everyState: observer))
    }

    /// Calls `observer` with a part of the state, at once and then whenever that part changes.
    ///
    /// ```swift
    /// let token = store.subscribe(to: \.moves) { moves in print("moves:", moves) }
    /// ```
    ///
    /// `isDuplicate` tells whether two selected values count as the same (then the observer is
    /// not called).
    @inlinable
    public func subscribe<Value: Sendable>(
        to select: @escaping @Sendable (State) -> Value,
        isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
        _ observer: @escaping @Sendable (Value) -> Void
    ) -> AnyCancellable {
        observe(select, telling: DuplicatesBy(isDuplicate), observer)
    }

    /// Calls `observer` with a part of the state, at once and then whenever it changes (`==`).
    @inlinable
    public func subscribe<Value: Equatable & Sendable>(
        to select: @escaping @Sendable (State) -> Value,
        _ observer: @escaping @Sendable (Value) -> Void
    ) -> AnyCancellable {
        observe(select, telling: EqualValues(), observer)
    }

    /// The subscription every form of `subscribe` makes: `observer` gets what `select` picks,
    /// unless `duplicates` calls it the same as the last one passed on.
    @inlinable
    func observe<Duplicates: DuplicateTest>(
        _ select: @escaping @Sendable (State) -> Duplicates.Value,
        telling duplicates: Duplicates,
        _ observer: @escaping @Sendable (Duplicates.Value) -> Void
    ) -> AnyCancellable {
        attach(Selection(select, telling: duplicates, observer))
    }

    @inlinable
    func attach<Duplicates>(_ selection: Selection<State, Duplicates>) -> AnyCancellable {
        // The closure captures the selection alone: its context is then that object itself.
        let subscriber = Observer(of: core, flag: selection) { selection.receive($0) }
        core.attach(subscriber)
        return AnyCancellable(subscriber)
    }
}

/// How an observer tells a value it passed on from a new one: a type per way, so that `==` is
/// called directly, not through a closure (decision log: "Typed duplicate test").
@usableFromInline
protocol DuplicateTest<Value>: Sendable {
    associatedtype Value: Sendable
    /// Whether it compares at all; if not, the observer keeps no last value.
    var compares: Bool { get }
    /// Whether `next` counts as the same as `previous`.
    func isDuplicate(_ previous: Value, _ next: Value) -> Bool
}

/// Every value is new: an observer of every state.
@usableFromInline
struct EveryValue<Value: Sendable>: DuplicateTest {
    @inlinable init() {}
    @inlinable var compares: Bool { false }
    @inlinable func isDuplicate(_ previous: Value, _ next: Value) -> Bool { false }
}

/// Equal values (`==`) are the same.
@usableFromInline
struct EqualValues<Value: Equatable & Sendable>: DuplicateTest {
    @inlinable init() {}
    @inlinable var compares: Bool { true }
    @inlinable func isDuplicate(_ previous: Value, _ next: Value) -> Bool { previous == next }
}

/// The caller's test; none (nil) makes every value new.
@usableFromInline
struct DuplicatesBy<Value: Sendable>: DuplicateTest {
    @usableFromInline let test: (@Sendable (Value, Value) -> Bool)?
    @inlinable init(_ test: (@Sendable (Value, Value) -> Bool)?) { self.test = test }
    @inlinable var compares: Bool { test != nil }
    @inlinable func isDuplicate(_ previous: Value, _ next: Value) -> Bool {
        test?(previous, next) ?? false
    }
}

/// One observer as its store calls it, with the value it last passed on, and (as a
/// ``SubscriptionFlag``) whether it is still subscribed.
@usableFromInline
// Unchecked: `last`, its one mutable field, is read and written only in `receive`, which the
// store calls one call at a time (its contract, rule 8), each ordered after the previous by the
// store's lock; hence also no dynamic exclusivity check.
final class Selection<State, Duplicates: DuplicateTest>:
    SubscriptionFlag, @unchecked Sendable   // safe: see above (one receive at a time)
{
    @usableFromInline typealias Value = Duplicates.Value
    @usableFromInline let select: @Sendable (State) -> Value
    @usableFromInline let duplicates: Duplicates
    @usableFromInline let observer: @Sendable (Value) -> Void
    /// An observer of every state, called with the state as the store lends it, uncopied
    /// (decision log: "Whole-state observer"); nil for a selecting observer.
    @usableFromInline let everyState: (@Sendable (State) -> Void)?
    // decision log: Selection exclusivity
    @exclusivity(unchecked) @usableFromInline var last: Value?

    @inlinable
    init(
        _ select: @escaping @Sendable (State) -> Value,
        telling duplicates: Duplicates,
        _ observer: @escaping @Sendable (Value) -> Void
    ) {
        self.select = select
        self.duplicates = duplicates
        self.observer = observer
        everyState = nil
    }

    /// An observer of every state: no selection, no duplicate test.
    @inlinable
    init(everyState observer: @escaping @Sendable (State) -> Void)
    where Duplicates == EveryValue<State> {
        (select, duplicates, self.observer, everyState) = ({ $0 }, EveryValue(), observer, observer)
    }

    @inlinable
    @inline(__always)
    func receive(_ state: State) {
        guard isOn else { return }
        if let everyState { return everyState(state) }
        let value = select(state)
        if duplicates.compares {
            if let previous = last, duplicates.isDuplicate(previous, value) { return }
            last = value
        }
        observer(value)
    }
}
