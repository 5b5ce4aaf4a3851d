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
    @usableFromInline let state: Lock<SubjectState<Output>>

    @inlinable
    init(current: Output?) {
        state = Lock(SubjectState(current: current))
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
        // The first subscriber is taken without a retain: while this thread delivers, a
        // subscriber that cancels is retired rather than released (`SubjectState.retired`), so
        // it stays alive until the role is given up.
        let claim = state.withLock { state -> SubjectClaim<Output> in
            guard !state.isFinished else { return SubjectClaim() }
            if replacingCurrent { state.current = value }
            if state.isDelivering {
                state.waiting.append(.value(value))
                return SubjectClaim()
            }
            state.isDelivering = true
            return SubjectClaim(state.subscribers)
        }
        guard claim.isDeliverer else { return }
        claim.first?._withUnsafeGuaranteedRef { $0.deliver(value) }
        if let others = claim.others {
            for conduit in others {
                conduit.deliver(value)
            }
        }
        drain()
    }

    /// Finishes every subscriber; later sends do nothing, later subscribers are finished at once.
    @inlinable
    func finish() {
        let targets = state.withLock { state -> SubjectSnapshot<Output>? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            if state.isDelivering {
                state.waiting.append(.finished)
                return nil
            }
            state.isDelivering = true
            return state.subscribers.removeAll()
        }
        guard let targets else { return }
        targets.finish()
        drain()
    }

    /// Attaches `downstream`: it gets its subscription (and, with `greetsWithCurrent`, the
    /// current value) in turn with the events being sent.
    @inlinable
    func attach<Downstream: Subscriber>(_ downstream: Downstream, greetsWithCurrent: Bool)
    where Downstream.Input == Output {
        let conduit = SubjectConduit(downstream: downstream, core: self)
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
        // Most deliveries end here: nothing was sent, nobody cancelled, meanwhile. Answered as
        // a Bool so that this path handles no enum of events.
        if state.withLock({ $0.giveUpIfIdle() }) { return }
        while let step = state.withLock({ $0.next() }) {
            switch step {
            case .deliver(.value(let value), let targets):
                targets.deliver(value)
            case .deliver(.finished, let targets):
                targets.finish()
            case .deliver(.attach(let conduit, let greeting), _):
                conduit.greet(with: greeting)
            case .release(let retired):
                // Subscribers cancelled during the delivery, released here, outside the lock.
                _ = retired
                return
            }
        }
    }

    /// Forgets a cancelled subscriber: released at once, or, if a delivery is under way (which
    /// may hold it without a retain), by the deliverer when it is done.
    @usableFromInline
    func remove(_ conduit: SubjectConduit<Output>) {
        let removed = state.withLock { state -> SubjectConduit<Output>? in
            guard let removed = state.subscribers.remove(conduit) else { return nil }
            if state.isDelivering {
                state.retired.append(removed)
                return nil
            }
            return removed
        }
        // Released here, outside the lock.
        _ = removed
    }
}

/// The subject's state: see ``SubjectCore``.
@usableFromInline
struct SubjectState<Output: Sendable> {
    @usableFromInline var subscribers = SubjectSubscribers<Output>()
    @usableFromInline var isFinished = false
    @usableFromInline var current: Output?
    /// Events sent while a delivery was under way, oldest first.
    @usableFromInline var waiting = FIFOQueue<SubjectEvent<Output>>()
    @usableFromInline var isDelivering = false
    /// Subscribers cancelled while a delivery was under way, kept alive for the deliverer, which
    /// may be calling them without having retained them; released when it gives up its role.
    @usableFromInline var retired: [SubjectConduit<Output>] = []

    @inlinable
    init(current: Output?) {
        self.current = current
    }

    /// Gives up the deliverer's role if there is nothing to deliver or release; true if it did.
    @inlinable
    mutating func giveUpIfIdle() -> Bool {
        guard waiting.isEmpty, retired.isEmpty else { return false }
        isDelivering = false
        return true
    }

    /// The deliverer's next step: an event and whom it goes to, or giving up the role (with the
    /// subscribers retired meanwhile, to release); nil gives up the role with nothing to release.
    @inlinable
    mutating func next() -> SubjectStep<Output>? {
        // Checked first, so that the common case (nothing was sent meanwhile) costs no pop.
        if waiting.isEmpty {
            isDelivering = false
            if retired.isEmpty { return nil }
            defer { retired = [] }
            return .release(retired)
        }
        guard let event = waiting.popFirst() else { return nil }
        switch event {
        case .value:
            return .deliver(event, subscribers.snapshot)
        case .finished:
            return .deliver(event, subscribers.removeAll())
        case .attach(let conduit, _):
            // Added even if the subject has finished since: the completion, waiting behind this
            // event, then reaches it too.
            subscribers.add(conduit)
            return .deliver(event, SubjectSnapshot(first: nil, others: nil))
        }
    }
}

/// What the deliverer does next.
@usableFromInline
enum SubjectStep<Output: Sendable> {
    case deliver(SubjectEvent<Output>, SubjectSnapshot<Output>)
    case release([SubjectConduit<Output>])
}

/// What a sender finds under the lock: whether it is the deliverer, and the subscribers, the
/// first without a retain (see ``SubjectCore/send(_:replacingCurrent:)``).
@usableFromInline
struct SubjectClaim<Output: Sendable> {
    @usableFromInline let isDeliverer: Bool
    @usableFromInline let first: Unmanaged<SubjectConduit<Output>>?
    @usableFromInline let others: [SubjectConduit<Output>]?

    /// Not the deliverer: the event waits, or is dropped.
    @inlinable
    init() {
        isDeliverer = false
        first = nil
        others = nil
    }

    @inlinable
    init(_ subscribers: SubjectSubscribers<Output>) {
        isDeliverer = true
        first = subscribers.first.map { Unmanaged.passUnretained($0) }
        others = subscribers.others.isEmpty ? nil : subscribers.others
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

/// The subscribers, in the order they came: the first stored apart, so that the common case of
/// one subscriber is one reference to copy, and the others in an array.
@usableFromInline
struct SubjectSubscribers<Output: Sendable>: Sendable {
    @usableFromInline var first: SubjectConduit<Output>?
    /// The second subscriber on; empty unless `first` is set.
    @usableFromInline var others: [SubjectConduit<Output>] = []

    @inlinable
    init() {}

    /// The subscribers now, for a delivery outside the lock.
    @inlinable
    var snapshot: SubjectSnapshot<Output> {
        SubjectSnapshot(first: first, others: others.isEmpty ? nil : others)
    }

    @inlinable
    mutating func add(_ conduit: SubjectConduit<Output>) {
        if first == nil {
            first = conduit
        } else {
            others.append(conduit)
        }
    }

    /// Removes `conduit`; returns it (for release outside the lock) if it was there.
    @usableFromInline
    mutating func remove(_ conduit: SubjectConduit<Output>) -> SubjectConduit<Output>? {
        if first === conduit {
            defer { first = others.isEmpty ? nil : others.removeFirst() }
            return first
        }
        guard let index = others.firstIndex(where: { $0 === conduit }) else { return nil }
        return others.remove(at: index)
    }

    /// Takes every subscriber out, for the completion.
    @inlinable
    mutating func removeAll() -> SubjectSnapshot<Output> {
        defer { self = SubjectSubscribers() }
        return snapshot
    }
}

/// The subscribers an event goes to, taken under the lock and served outside it.
@usableFromInline
struct SubjectSnapshot<Output: Sendable>: Sendable {
    @usableFromInline let first: SubjectConduit<Output>?
    @usableFromInline let others: [SubjectConduit<Output>]?

    @inlinable
    init(first: SubjectConduit<Output>?, others: [SubjectConduit<Output>]?) {
        self.first = first
        self.others = others
    }

    @inlinable
    func deliver(_ value: Output) {
        first?.deliver(value)
        guard let others else { return }
        for conduit in others {
            conduit.deliver(value)
        }
    }

    @inlinable
    func finish() {
        first?.finish()
        guard let others else { return }
        for conduit in others {
            conduit.finish()
        }
    }
}

/// One subscriber's link to a subject: the subscription it holds, and what the subject calls.
///
/// The subject calls it only from its deliverer, one call at a time; `cancel()` may come from
/// any thread, and only flips an atomic flag and removes the link from the subject.
///
/// The subscriber is reached through closures made in ``SubjectCore/attach(_:greetsWithCurrent:)``,
/// where its type is known. Subscribers of all types share one subject, so the call cannot be
/// static; a closure made in inlinable code runs code specialized for the subscriber, where a
/// method of a generic subclass, called through the class's table, would run unspecialized (and
/// so would everything it calls, such as an operator's subscription).
@usableFromInline
final class SubjectConduit<Output: Sendable>: Subscription, Sendable {
    @usableFromInline let isCancelled = Atomic(false)
    @usableFromInline let core: SubjectCore<Output>
    /// Hands the subscriber a value.
    @usableFromInline let receiveValue: @Sendable (Output) -> Void
    /// Hands the subscriber its subscription (`true`) or the completion (`false`).
    @usableFromInline let receiveEvent:
        @Sendable (SubjectConduit<Output>, _ isSubscription: Bool) -> Void

    @inlinable
    init<Downstream: Subscriber>(downstream: Downstream, core: SubjectCore<Output>)
    where Downstream.Input == Output {
        self.core = core
        receiveValue = { downstream.receive($0) }
        receiveEvent = { conduit, isSubscription in
            if isSubscription {
                downstream.receive(subscription: conduit)
            } else {
                downstream.receive(completion: .finished)
            }
        }
    }

    /// Hands the subscriber a value, unless it cancelled.
    @inlinable
    func deliver(_ value: Output) {
        if isCancelled.load(ordering: .acquiring) { return }
        receiveValue(value)
    }

    /// Finishes the subscriber, unless it cancelled.
    @inlinable
    func finish() {
        if isCancelled.load(ordering: .acquiring) { return }
        receiveEvent(self, false)
    }

    /// Hands the subscriber its subscription, then `greeting` if there is one.
    @inlinable
    func greet(with greeting: Output?) {
        receiveEvent(self, true)
        if let greeting, !isCancelled.load(ordering: .acquiring) {
            receiveValue(greeting)
        }
    }

    @inlinable
    func cancel() {
        guard !isCancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        core.remove(self)
    }
}
