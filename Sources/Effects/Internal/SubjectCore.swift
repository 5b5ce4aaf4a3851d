import Synchronization

/// What ``PassthroughSubject`` and ``CurrentValueSubject`` share: their subscribers, the events
/// waiting to reach them, and (for the current-value subject) the value, all behind one lock.
///
/// Delivery is serial: the thread that finds nobody delivering becomes the deliverer, delivers
/// its event outside the lock, then delivers whatever other threads (or its own subscribers,
/// re-entrantly) sent meanwhile, in order, before it lets go. So each subscriber is called one
/// call at a time, in the order the events were sent, and a send made from inside a subscriber
/// waits for the current call to return instead of nesting. A new subscriber is attached in that
/// same order: it sees exactly the events sent after it subscribed (and, for the current-value
/// subject, the value current at that point first).
///
/// Size and cost: `subscribers` holds one entry per subscriber attached and not cancelled; a send
/// is O(subscribers), two short critical sections, and no allocation when the event is
/// delivered at once. Cancelling a subscriber is O(subscribers) (a search by identity); most
/// subjects have one or two. `waiting` holds the events sent while a delivery was under way.
@usableFromInline
final class SubjectCore<Output: Sendable>: Sendable {
    @usableFromInline let state: Mutex<SubjectState<Output>>

    @inlinable
    init(current: Output?) {
        state = Mutex(SubjectState(current: current))
    }

    /// The current value (for ``CurrentValueSubject``).
    @inlinable
    var current: Output? {
        state.withLock { $0.current }
    }

    /// Sends `value` to every subscriber; with `replacingCurrent`, it also becomes the current
    /// value. Does nothing once finished.
    @inlinable
    func send(_ value: Output, replacingCurrent: Bool) {
        let targets = state.withLock { state -> SubjectTargets<Output>? in
            guard !state.isFinished else { return nil }
            if replacingCurrent { state.current = value }
            if state.isDelivering {
                state.waiting.append(.value(value))
                return nil
            }
            state.isDelivering = true
            return state.subscribers
        }
        guard let targets else { return }
        targets.deliver(value)
        drain()
    }

    /// Finishes every subscriber; later sends do nothing, later subscribers are finished at once.
    @inlinable
    func finish() {
        let targets = state.withLock { state -> SubjectTargets<Output>? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            if state.isDelivering {
                state.waiting.append(.finished)
                return nil
            }
            state.isDelivering = true
            defer { state.subscribers = .none }
            return state.subscribers
        }
        guard let targets else { return }
        targets.finish()
        drain()
    }

    /// Attaches `downstream`: it gets its subscription (and, with `greetsWithCurrent`, the
    /// current value) in turn with the events being sent.
    @inlinable
    func attach<Downstream: Subscriber>(_ downstream: Downstream, greetsWithCurrent: Bool) where Downstream.Input == Output {
        let conduit = SubjectSubscription(downstream: downstream, core: self)
        let arrival = state.withLock { state -> SubjectArrival<Output> in
            // Finished (even if the completion still waits for the deliverer): a subscriber that
            // comes now gets nothing but the completion, whatever the others are still sent.
            if state.isFinished { return .finished }
            let greeting = greetsWithCurrent ? state.current : nil
            if state.isDelivering {
                state.waiting.append(.attach(conduit, greeting: greeting))
                return .queued
            }
            state.isDelivering = true
            state.subscribers.add(conduit)
            return .now(greeting: greeting)
        }
        switch arrival {
        case .finished:
            downstream.receive(subscription: conduit)
            downstream.receive(completion: .finished)
        case .queued:
            return
        case .now(let greeting):
            conduit.greet(with: greeting)
            drain()
        }
    }

    /// Delivers what was sent while this thread delivered, then gives up the deliverer's role.
    @inlinable
    func drain() {
        while let (event, targets) = state.withLock({ $0.next() }) {
            switch event {
            case .value(let value):
                targets.deliver(value)
            case .finished:
                targets.finish()
            case .attach(let conduit, let greeting):
                conduit.greet(with: greeting)
            }
        }
    }

    /// Forgets a cancelled subscriber.
    @usableFromInline
    func remove(_ conduit: SubjectConduit<Output>) {
        let removed = state.withLock { $0.subscribers.remove(conduit) }
        // Released here, outside the lock.
        _ = removed
    }
}

/// The subject's state: see ``SubjectCore``.
@usableFromInline
struct SubjectState<Output: Sendable> {
    @usableFromInline var subscribers = SubjectTargets<Output>.none
    @usableFromInline var isFinished = false
    @usableFromInline var current: Output?
    /// Events sent while a delivery was under way, oldest first.
    @usableFromInline var waiting = FIFOQueue<SubjectEvent<Output>>()
    @usableFromInline var isDelivering = false

    @inlinable
    init(current: Output?) {
        self.current = current
    }

    /// The next waiting event for the deliverer, with whom it goes to; nil ends the role.
    @inlinable
    mutating func next() -> (SubjectEvent<Output>, SubjectTargets<Output>)? {
        guard let event = waiting.popFirst() else {
            isDelivering = false
            return nil
        }
        switch event {
        case .value:
            return (event, subscribers)
        case .finished:
            defer { subscribers = .none }
            return (event, subscribers)
        case .attach(let conduit, _):
            // Added even if the subject has finished since: the completion, waiting behind this
            // event, then reaches it too.
            subscribers.add(conduit)
            return (event, .none)
        }
    }
}

/// An event waiting for the deliverer.
@usableFromInline
enum SubjectEvent<Output: Sendable>: Sendable {
    case value(Output)
    case finished
    /// A subscriber to attach at this point, greeted with a value (the current-value subject's).
    case attach(SubjectConduit<Output>, greeting: Output?)
}

/// How a new subscriber is attached.
@usableFromInline
enum SubjectArrival<Output: Sendable> {
    /// The subject has finished: the subscriber is finished at once.
    case finished
    /// Another thread is delivering: it attaches the subscriber in turn.
    case queued
    /// This thread delivers: it greets the subscriber now.
    case now(greeting: Output?)
}

/// The subscribers: none, one (stored inline, the common case), or several.
@usableFromInline
enum SubjectTargets<Output: Sendable>: Sendable {
    case none
    case one(SubjectConduit<Output>)
    case many([SubjectConduit<Output>])

    @inlinable
    mutating func add(_ conduit: SubjectConduit<Output>) {
        switch self {
        case .none: self = .one(conduit)
        case .one(let first): self = .many([first, conduit])
        case .many(var all):
            self = .none
            all.append(conduit)
            self = .many(all)
        }
    }

    /// Removes `conduit`; returns it (for release outside the lock) if it was there.
    @usableFromInline
    mutating func remove(_ conduit: SubjectConduit<Output>) -> SubjectConduit<Output>? {
        switch self {
        case .none:
            return nil
        case .one(let only):
            guard only === conduit else { return nil }
            self = .none
            return only
        case .many(var all):
            guard let index = all.firstIndex(where: { $0 === conduit }) else { return nil }
            self = .none
            let removed = all.remove(at: index)
            self = all.count == 1 ? .one(all[0]) : .many(all)
            return removed
        }
    }

    @inlinable
    func deliver(_ value: Output) {
        switch self {
        case .none: break
        case .one(let conduit): conduit.deliver(value)
        case .many(let all):
            for conduit in all {
                conduit.deliver(value)
            }
        }
    }

    @inlinable
    func finish() {
        switch self {
        case .none: break
        case .one(let conduit): conduit.finish()
        case .many(let all):
            for conduit in all {
                conduit.finish()
            }
        }
    }
}

/// One subscriber's link to a subject: the subscription it holds, and what the subject calls.
///
/// The subject calls it only from its deliverer, one call at a time; `cancel()` may come from
/// any thread, and only flips an atomic flag and removes the link from the subject.
@usableFromInline
class SubjectConduit<Output: Sendable>: Subscription, @unchecked Sendable {  // its only mutable state is an Atomic; the rest is immutable
    @usableFromInline let isCancelled = Atomic(false)
    @usableFromInline let core: SubjectCore<Output>

    @inlinable
    init(core: SubjectCore<Output>) {
        self.core = core
    }

    /// Hands the subscriber a value, unless it cancelled.
    @inlinable
    func deliver(_ value: Output) {}

    /// Finishes the subscriber, unless it cancelled.
    @inlinable
    func finish() {}

    /// Hands the subscriber its subscription, then `greeting` if there is one.
    @inlinable
    func greet(with greeting: Output?) {}

    @inlinable
    final func cancel() {
        guard !isCancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        core.remove(self)
    }
}

/// A subject's link to a subscriber of a known type, so that delivering is a direct call.
@usableFromInline
final class SubjectSubscription<Downstream: Subscriber>: SubjectConduit<Downstream.Input>, @unchecked Sendable {  // adds only an immutable, Sendable downstream
    @usableFromInline let downstream: Downstream

    @inlinable
    init(downstream: Downstream, core: SubjectCore<Downstream.Input>) {
        self.downstream = downstream
        super.init(core: core)
    }

    @inlinable
    override func deliver(_ value: Downstream.Input) {
        if isCancelled.load(ordering: .acquiring) { return }
        downstream.receive(value)
    }

    @inlinable
    override func finish() {
        if isCancelled.load(ordering: .acquiring) { return }
        downstream.receive(completion: .finished)
    }

    @inlinable
    override func greet(with greeting: Downstream.Input?) {
        downstream.receive(subscription: self)
        if let greeting, !isCancelled.load(ordering: .acquiring) {
            downstream.receive(greeting)
        }
    }
}
