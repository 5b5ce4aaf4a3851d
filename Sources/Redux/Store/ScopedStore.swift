import Effects

/// A view of a part of a store: a feature's state and actions inside an app's store.
///
/// Made by ``Store/scope(state:action:)-6x25s``. With no queue, lock or state of its own, it
/// keeps the parent's contract unchanged, and keeps the parent alive.
///
/// ```swift
/// let settings = appStore.scope(state: \.settings, action: settingsActions)
/// let token = settings.subscribe { settings in render(settings) }   // only when settings change
/// settings.dispatch(.toggleSound)        // the app store reduces .settings(.toggleSound)
/// ```
public final class ScopedStore<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let read: @Sendable () -> State
    @usableFromInline let send: @Sendable (Action) -> Void
    @usableFromInline let start: @Sendable (Effect<Action>) -> Void
    /// Not deduplicated.
    @usableFromInline let observe: @Sendable (@escaping @Sendable (State) -> Void) -> AnyCancellable
    /// Nil when ``subscribe(_:)`` cannot tell two states apart.
    @usableFromInline let isDuplicate: (@Sendable (State, State) -> Bool)?

    @usableFromInline
    init(
        read: @escaping @Sendable () -> State,
        send: @escaping @Sendable (Action) -> Void,
        start: @escaping @Sendable (Effect<Action>) -> Void,
        observe: @escaping @Sendable (@escaping @Sendable (State) -> Void) -> AnyCancellable,
        isDuplicate: (@Sendable (State, State) -> Bool)?
    ) {
        self.read = read
        self.send = send
        self.start = start
        self.observe = observe
        self.isDuplicate = isDuplicate
    }

    /// The feature's part of the parent's current state.
    public var state: State {
        read()
    }

    /// Sends a feature action, embedded, to the parent store.
    @inlinable
    public func dispatch(_ action: Action) {
        send(action)
    }

    /// Runs an effect against the parent store: each feature action it sends is embedded and
    /// dispatched.
    public func run(_ effect: Effect<Action>) {
        start(effect)
    }

    /// Calls `observer` with the feature's state now, then whenever it changes (after every
    /// parent action when it is not `Equatable`).
    ///
    /// - Returns: A token; cancel or release it to unsubscribe.
    public func subscribe(_ observer: @escaping @Sendable (State) -> Void) -> AnyCancellable {
        subscribe(selecting: { $0 }, telling: DuplicatesBy(isDuplicate), observer)
    }

    /// Calls `observer` with a part of the feature's state, at once and then whenever that part
    /// changes by `isDuplicate`; see ``Store/subscribe(to:isDuplicate:_:)``.
    ///
    /// - Returns: A token; cancel or release it to unsubscribe.
    public func subscribe<Value: Sendable>(
        to select: @escaping @Sendable (State) -> Value,
        isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
        _ observer: @escaping @Sendable (Value) -> Void
    ) -> AnyCancellable {
        subscribe(selecting: select, telling: DuplicatesBy(isDuplicate), observer)
    }

    /// Calls `observer` with a part of the feature's state, at once and whenever it changes.
    ///
    /// - Returns: A token; cancel or release it to unsubscribe.
    public func subscribe<Value: Equatable & Sendable>(
        to select: @escaping @Sendable (State) -> Value,
        _ observer: @escaping @Sendable (Value) -> Void
    ) -> AnyCancellable {
        subscribe(selecting: select, telling: EqualValues(), observer)
    }

    func subscribe<Duplicates: DuplicateTest>(
        selecting select: @escaping @Sendable (State) -> Duplicates.Value,
        telling duplicates: Duplicates,
        _ observer: @escaping @Sendable (Duplicates.Value) -> Void
    ) -> AnyCancellable {
        let selection = Selection(select, telling: duplicates, observer)
        return observe { selection.receive($0) }
    }

    /// The feature's state now, then whenever it changes, as an `AsyncStream`.
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<State> {
        stream(bufferingPolicy: bufferingPolicy) { continuation in
            self.subscribe { continuation.yield($0) }
        }
    }

    /// A part of the feature's state, at once and then whenever it changes, as an `AsyncStream`.
    public func values<Value: Equatable & Sendable>(
        of select: @escaping @Sendable (State) -> Value,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        stream(bufferingPolicy: bufferingPolicy) { continuation in
            self.subscribe(to: select) { continuation.yield($0) }
        }
    }
}
