import Effects

extension Store {
    /// The current state, then the state after every action, as an `AsyncStream`.
    ///
    /// ```swift
    /// for await state in store.states() {
    ///     render(state)
    /// }
    /// ```
    ///
    /// It stays subscribed until its consumer stops iterating or it is released;
    /// `bufferingPolicy` says what to keep when the consumer falls behind.
    public func states(
        bufferingPolicy: AsyncStream<State>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<State> {
        stream(bufferingPolicy: bufferingPolicy) { continuation in
            subscribe { continuation.yield($0) }
        }
    }

    /// A part of the state, at once and then whenever it changes (`==`), as an `AsyncStream`.
    public func values<Value: Equatable & Sendable>(
        of select: @escaping @Sendable (State) -> Value,
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        stream(bufferingPolicy: bufferingPolicy) { continuation in
            subscribe(to: select) { continuation.yield($0) }
        }
    }
}

/// A stream fed by an observer: subscribed when made, unsubscribed when its consumer stops.
func stream<Value>(
    bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy,
    subscribe: (AsyncStream<Value>.Continuation) -> AnyCancellable
) -> AsyncStream<Value> {
    AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
        let token = subscribe(continuation)
        continuation.onTermination = { _ in token.cancel() }
    }
}
