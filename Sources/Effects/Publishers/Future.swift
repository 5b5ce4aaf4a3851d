/// A publisher that will send one value, once, when a callback hands it over: the bridge from a
/// callback-based API to a publisher.
///
/// ```swift
/// let scores = Future<[Int]> { promise in
///     legacyStore.loadScores { loaded in promise(loaded) }
/// }
/// ```
///
/// As in Combine, the closure runs at once, when the future is made, and only the first call of
/// `promise` counts. Every subscriber, early or late, receives that value and then the
/// completion; one that subscribes before the promise is kept waits for it. A future is a class
/// shared by its subscribers, so the work runs once however many there are. To start the work
/// only when an effect runs (and again each time), wrap it: `Deferred { Future { … } }`.
///
/// Publishers here cannot fail, so the promise takes a value, not a `Result`: report a failure
/// as a value of the output (`promise(.scoresFailedToLoad(message))`).
public final class Future<Output: Sendable>: Publisher, Sendable {
    /// Fulfils the future with a value; calls after the first are ignored.
    public typealias Promise = @Sendable (Output) -> Void

    private enum Stage {
        /// Waiting for the promise: the subscribers that wait with it.
        case pending([FutureSubscription<Output>])
        case fulfilled(Output)
    }

    private let stage = Lock(Stage.pending([]))

    /// Makes a future and runs `attemptToFulfill` at once, handing it the promise.
    ///
    /// - Parameter attemptToFulfill: Starts the work; calls the promise, now or later, from any
    ///   thread, when the value is known.
    public init(_ attemptToFulfill: (@escaping Promise) -> Void) {
        attemptToFulfill { [self] value in fulfil(with: value) }
    }

    /// Attaches `subscriber`: it receives the value (at once if the future is fulfilled
    /// already), then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        let subscription = FutureSubscriber(downstream: subscriber, future: self)
        subscriber.receive(subscription: subscription)
        let value = stage.withLock { stage -> Output? in
            switch stage {
            case .fulfilled(let value):
                return value
            case .pending(var waiting):
                if subscription.isCancelled { return nil }
                stage = .pending([])
                waiting.append(subscription)
                stage = .pending(waiting)
                return nil
            }
        }
        if let value {
            subscription.fulfil(with: value)
        }
    }

    private func fulfil(with value: Output) {
        let waiting = stage.withLock { stage -> [FutureSubscription<Output>] in
            guard case .pending(let waiting) = stage else { return [] }
            stage = .fulfilled(value)
            return waiting
        }
        for subscription in waiting {
            subscription.fulfil(with: value)
        }
    }

    fileprivate func remove(_ subscription: FutureSubscription<Output>) {
        let removed = stage.withLock { stage -> FutureSubscription<Output>? in
            guard case .pending(var waiting) = stage,
                let index = waiting.firstIndex(where: { $0 === subscription })
            else { return nil }
            stage = .pending([])
            let removed = waiting.remove(at: index)
            stage = .pending(waiting)
            return removed
        }
        // Released here, outside the lock.
        _ = removed
    }
}

extension Future: CustomStringConvertible {
    /// `Future`: its value is not known until it is fulfilled.
    public var description: String {
        "Future"
    }
}

/// One subscriber's link to a future: what the future calls once fulfilled, and the
/// subscription the subscriber may cancel.
// @unchecked (a class that is subclassed cannot be checked): its only mutable state is behind a
// Lock, and its one subclass adds immutable, Sendable references only.
private class FutureSubscription<Output: Sendable>: Subscription, @unchecked Sendable {   // Lock
    private let cancelled = Lock(false)

    var isCancelled: Bool {
        cancelled.withLock { $0 }
    }

    func fulfil(with value: Output) {}

    /// Marks the subscription cancelled; true if this call did it.
    func markCancelled() -> Bool {
        cancelled.withLock { cancelled in
            defer { cancelled = true }
            return !cancelled
        }
    }

    func cancel() {}
}

/// A future's link to a subscriber of a known type.
// @unchecked, as its base: it adds only immutable, Sendable references.
private final class FutureSubscriber<Downstream: Subscriber>: FutureSubscription<Downstream.Input>,
    @unchecked Sendable   // immutable, Sendable fields
{
    private let downstream: Downstream
    private let future: Future<Downstream.Input>

    init(downstream: Downstream, future: Future<Downstream.Input>) {
        self.downstream = downstream
        self.future = future
    }

    override func fulfil(with value: Downstream.Input) {
        guard !isCancelled else { return }
        downstream.receive(value)
        downstream.receive(completion: .finished)
    }

    override func cancel() {
        guard markCancelled() else { return }
        future.remove(self)
    }
}
