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
public final class Future<Output: Sendable>: Publisher, Sendable, CustomStringConvertible {
    /// Fulfils the future with a value; calls after the first are ignored.
    public typealias Promise = @Sendable (Output) -> Void

    private enum Stage {
        /// Waiting for the promise: the subscribers that wait with it.
        case pending([any FutureWaiter<Output>])
        case fulfilled(Output)
    }

    private let stage = Lock(Stage.pending([]))

    /// Makes a future and runs `attemptToFulfill` at once, handing it the promise to call, now
    /// or later, from any thread.
    public init(_ attemptToFulfill: (@escaping Promise) -> Void) {
        attemptToFulfill { [self] value in fulfil(with: value) }
    }

    /// Attaches `subscriber`: it receives the value (at once if the future is fulfilled
    /// already), then the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
        let subscription = FutureSubscription(downstream: subscriber, future: self)
        subscriber.receive(subscription: subscription)
        let value = stage.withLock { stage -> Output? in
            switch stage {
            case .fulfilled(let value):
                return value
            case .pending(var waiting):
                if subscription.hasEnded { return nil }
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
        let waiting = stage.withLock { stage -> [any FutureWaiter<Output>] in
            guard case .pending(let waiting) = stage else { return [] }
            stage = .fulfilled(value)
            return waiting
        }
        for subscription in waiting {
            subscription.fulfil(with: value)
        }
    }

    fileprivate func remove(_ subscription: some FutureWaiter<Output>) {
        let removed = stage.withLock { stage -> (any FutureWaiter<Output>)? in
            guard case .pending(var waiting) = stage,
                let index = waiting.firstIndex(where: { $0 === subscription })
            else { return nil }
            stage = .pending([])
            let removed = waiting.remove(at: index)
            stage = .pending(waiting)
            return removed
        }
        _ = removed
    }

    /// `Future`: its value is not known until it is fulfilled.
    public var description: String { "Future" }
}

/// A subscription waiting for the future's value, as the future keeps it.
private protocol FutureWaiter<Output>: AnyObject, Sendable {
    associatedtype Output: Sendable

    func fulfil(with value: Output)
}

/// Ends at the first of the fulfilment and the cancel, and then holds neither the subscriber
/// (which may go on holding it) nor the future.
private final class FutureSubscription<Downstream: Subscriber>: FutureWaiter, Subscription,
    Sendable
{
    /// Nil once ended.
    private let link: Lock<(downstream: Downstream, future: Future<Downstream.Input>)?>

    init(downstream: Downstream, future: Future<Downstream.Input>) {
        link = Lock((downstream, future))
    }

    var hasEnded: Bool { link.withLock { $0 == nil } }

    func fulfil(with value: Downstream.Input) {
        guard let downstream = link.withLock({ $0.take() })?.downstream else { return }
        downstream.receive(value)
        downstream.receive(completion: .finished)
    }

    func cancel() {
        link.withLock { $0.take() }?.future.remove(self)
    }
}
