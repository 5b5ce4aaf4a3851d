/// What ``PassthroughSubject`` and ``CurrentValueSubject`` share: it locks, calls the
/// subscriber ``SubjectState`` names, and releases what the state hands back outside the lock.
///
/// The thread that finds nobody delivering becomes the deliverer: it hands its event to one
/// subscriber at a time, outside the lock, asking the state for the next after each call, then
/// delivers whatever was sent meanwhile (by other threads, or re-entrantly by its subscribers)
/// before it lets go. A new subscriber is attached in that same order, so it sees exactly the
/// events sent after it subscribed; one cancelled during a delivery receives nothing more.
///
/// - Complexity: A send to n subscribers is n + 1 short critical sections; cancelling a
///   subscriber is O(n) (a search by identity).
@usableFromInline
final class SubjectCore<Output: Sendable>: Sendable {
    @usableFromInline let state: Lock<SubjectState<Output, SubjectReceiver<Output>>>

    @inlinable
    init(current: Output?) {
        state = Lock(SubjectState(current: current))
    }

    @inlinable
    var current: Output? { state.withLock { $0.current } }

    @inlinable
    func send(_ value: Output, replacingCurrent: Bool) {
        deliver(state.withLock { $0.send(value, replacingCurrent: replacingCurrent) })
    }

    @inlinable
    func assignCurrent(_ value: Output) {
        deliver(state.withLock { $0.assignCurrent(value) })
    }

    @inlinable
    func finish() {
        deliver(state.withLock { $0.finish() })
    }

    /// `downstream` gets its subscription (and, with `greetsWithCurrent`, the current value) in
    /// turn with the events being sent.
    @inlinable
    func attach<Downstream: Subscriber>(_ downstream: Downstream, greetsWithCurrent: Bool)
    where Downstream.Input == Output {
        let receiver = SubjectReceiver(downstream: downstream, conduit: SubjectConduit(core: self))
        switch state.withLock({ $0.attach(receiver, greetsWithCurrent: greetsWithCurrent) }) {
        case .finished:
            // As in Combine: the completion alone, and a subscription that holds nothing.
            downstream.receive(subscription: Subscriptions.empty)
            downstream.receive(completion: .finished)
        case .delivery(let action):
            deliver(action)
        }
    }

    /// Carries out `action`, then each next step the state names while this thread is the
    /// deliverer.
    @inlinable
    func deliver(_ action: consuming SubjectState<Output, SubjectReceiver<Output>>.Action) {
        while true {
            switch consume action {
            case .none:
                return
            case .release(let retired):
                _ = retired
                return
            case .call(let receiver, let event):
                switch event {
                case .value(let value): receiver.receiveValue(value)
                case .subscription: receiver.receiveEvent(true)
                case .completion: receiver.receiveEvent(false)
                }
            }
            action = state.withLock { $0.next() }
        }
    }

    /// Forgets a cancelled subscriber; during a delivery, the deliverer releases it when its role
    /// ends.
    @usableFromInline
    func remove(_ conduit: SubjectConduit<Output>) {
        let removed = state.withLock { state -> SubjectReceiver<Output>? in
            guard let receiver = state.subscribers.first(where: { $0.conduit === conduit })
            else { return nil }
            return state.remove(receiver)
        }
        _ = removed
    }
}

/// The subject's state machine: the subscribers, the current value, and what the deliverer is
/// doing (generic over the subscriber's type, so that tests drive it with plain objects).
///
/// A transition that makes the caller the deliverer returns its first action; the deliverer
/// carries it out and calls ``next()`` for the one after, until ``next()`` returns
/// ``Action/none``, which ends its role. Any other caller gets ``Action/none``: its event waits
/// for the deliverer, or is dropped once the subject has finished.
///
/// Size and cost: `subscribers` holds the live subscribers in the order they came, walked by
/// index (O(1) a step); ``remove(_:)`` is O(subscribers). `waiting` holds the events sent during
/// a delivery, usually none.
@usableFromInline
struct SubjectState<Output, Target: AnyObject> {
    @usableFromInline
    enum Event {
        case value(Output)
        /// A subscriber to attach at this point, greeted with the current value, if any.
        case attach(Target, greeting: Output?)
    }

    /// What the deliverer is handing out now.
    @usableFromInline
    enum Delivery {
        /// `value` goes to the subscribers from index `next` on.
        case value(Output, next: Int)
        /// `target` has its subscription; `greeting` goes to it next unless it cancelled.
        case greeting(Target, Output?)
    }

    @usableFromInline
    enum Stage {
        case idle
        /// The events sent meanwhile wait in `waiting`.
        case delivering(Delivery)
        /// As `delivering`, and once `waiting` is delivered, every subscriber is finished.
        case finishing(Delivery)
        /// The deliverer hands the completion to each subscriber, removing it.
        case completing
        case finished
    }

    /// What the caller does next, outside the lock; an action holds the subscriber it names.
    @usableFromInline
    enum Action {
        /// Nothing; a deliverer's role is over.
        case none
        /// The deliverer's role is over: release these subscribers (removed while it delivered).
        case release([Target])
        case call(Target, Call)
    }

    @usableFromInline
    enum Call {
        case value(Output)
        case subscription
        /// The completion (the subscriber has been removed).
        case completion
    }

    @usableFromInline
    enum Arrival {
        /// The subject has finished: the subscriber is finished at once.
        case finished
        /// Carried out now by this thread, or queued (`.none`).
        case delivery(Action)
    }

    /// A ``CurrentValueSubject``'s value (kept, and still settable, after it finishes); nil for
    /// a ``PassthroughSubject``.
    @usableFromInline private(set) var current: Output?
    @usableFromInline private(set) var subscribers: [Target] = []
    @usableFromInline private(set) var stage = Stage.idle
    @usableFromInline private(set) var waiting = FIFOQueue<Event>()
    /// Subscribers removed during a delivery, released when the deliverer gives up its role:
    /// on one thread, after the last event it hands them.
    @usableFromInline private(set) var retired: [Target] = []

    @inlinable
    init(current: Output?) {
        self.current = current
    }

    /// Whether the subject has finished (the completion may still wait for the deliverer).
    @inlinable
    var isFinished: Bool {
        switch stage {
        case .idle, .delivering: false
        case .finishing, .completing, .finished: true
        }
    }

    @inlinable
    mutating func send(_ value: Output, replacingCurrent: Bool) -> Action {
        switch stage {
        case .idle:
            if replacingCurrent { current = value }
            return begin(.value(value), finishing: false) ?? .none
        case .delivering:
            if replacingCurrent { current = value }
            waiting.append(.value(value))
            return .none
        case .finishing, .completing, .finished:
            return .none
        }
    }

    /// ``CurrentValueSubject/value`` is set: a send until the subject finishes; after that, the
    /// value is replaced and nothing delivered, as in Combine.
    @inlinable
    mutating func assignCurrent(_ value: Output) -> Action {
        switch stage {
        case .idle, .delivering:
            return send(value, replacingCurrent: true)
        case .finishing, .completing, .finished:
            current = value
            return .none
        }
    }

    @inlinable
    mutating func finish() -> Action {
        switch stage {
        case .idle:
            stage = .completing
            return next()
        case .delivering(let delivery):
            stage = .finishing(delivery)
            return .none
        case .finishing, .completing, .finished:
            return .none
        }
    }

    @inlinable
    mutating func attach(_ target: Target, greetsWithCurrent: Bool) -> Arrival {
        let event = Event.attach(target, greeting: greetsWithCurrent ? current : nil)
        switch stage {
        case .idle:
            return .delivery(begin(event, finishing: false) ?? .none)
        case .delivering:
            waiting.append(event)
            return .delivery(.none)
        case .finishing, .completing, .finished:
            return .finished
        }
    }

    /// The deliverer's call returned: its next action, or ``Action/none``, which ends its role.
    @inlinable
    mutating func next() -> Action {
        // The common end of a send, decided as the general path below would (Performance
        // article's decision log).
        if case .delivering(.value(_, let position)) = stage, position >= subscribers.count,
            waiting.isEmpty
        {
            stage = .idle
            return endRole()
        }
        switch stage {
        case .delivering(let delivery):
            if let action = step(delivery, finishing: false) { return action }
            stage = .idle
            return endRole()
        case .finishing(let delivery):
            if let action = step(delivery, finishing: true) { return action }
            stage = .completing
            return next()
        case .completing:
            if subscribers.isEmpty {
                stage = .finished
                return endRole()
            }
            let target = subscribers.removeFirst()
            retired.append(target)
            return .call(target, .completion)
        case .idle, .finished:
            preconditionFailure("SubjectState: next() called with no delivery under way")
        }
    }

    /// Forgets `target`, which cancelled. Returns it for release outside the lock, unless a
    /// delivery is under way: then it is retired until the deliverer gives up its role.
    @inlinable
    mutating func remove(_ target: Target) -> Target? {
        guard let index = subscribers.firstIndex(where: { $0 === target }) else { return nil }
        // One removed before the deliverer's position moves the position back by one.
        switch stage {
        case .delivering(.value(let value, let next)) where index < next:
            stage = .delivering(.value(value, next: next - 1))
        case .finishing(.value(let value, let next)) where index < next:
            stage = .finishing(.value(value, next: next - 1))
        default:
            break
        }
        let removed = subscribers.remove(at: index)
        switch stage {
        case .idle, .finished:
            return removed
        case .delivering, .finishing, .completing:
            retired.append(removed)
            return nil
        }
    }

    @inlinable
    mutating func endRole() -> Action {
        if retired.isEmpty { return .none }
        defer { retired = [] }
        return .release(retired)
    }

    /// The next action of `delivery`, or of the events waiting after it; nil when all are
    /// delivered.
    @inlinable
    mutating func step(_ delivery: Delivery, finishing: Bool) -> Action? {
        switch delivery {
        case .value(let value, let next) where next < subscribers.count:
            stage = deliveringStage(.value(value, next: next + 1), finishing: finishing)
            return .call(subscribers[next], .value(value))
        case .greeting(let target, let greeting?)
        where subscribers.contains(where: { $0 === target }):
            stage = deliveringStage(.greeting(target, nil), finishing: finishing)
            return .call(target, .value(greeting))
        case .value, .greeting:
            while let event = waiting.popFirst() {
                if let action = begin(event, finishing: finishing) { return action }
            }
            return nil
        }
    }

    /// The first action of `event`, or nil (the stage unchanged) if it goes to nobody.
    @inlinable
    mutating func begin(_ event: Event, finishing: Bool) -> Action? {
        switch event {
        case .value(let value):
            guard !subscribers.isEmpty else { return nil }
            stage = deliveringStage(.value(value, next: 1), finishing: finishing)
            return .call(subscribers[0], .value(value))
        case .attach(let target, let greeting):
            // Added even if the subject has finished since: the completion waiting behind this
            // event reaches it too.
            subscribers.append(target)
            stage = deliveringStage(.greeting(target, greeting), finishing: finishing)
            return .call(target, .subscription)
        }
    }

    @inlinable
    func deliveringStage(_ delivery: Delivery, finishing: Bool) -> Stage {
        finishing ? .finishing(delivery) : .delivering(delivery)
    }
}

extension SubjectState: Sendable where Output: Sendable, Target: Sendable {}
extension SubjectState.Event: Sendable where Output: Sendable, Target: Sendable {}
extension SubjectState.Delivery: Sendable where Output: Sendable, Target: Sendable {}
extension SubjectState.Stage: Sendable where Output: Sendable, Target: Sendable {}
extension SubjectState.Call: Sendable where Output: Sendable {}

/// The subscription a subject hands a subscriber: it holds the subject only, never the
/// subscriber, so a subscriber may keep it for as long as it likes.
@usableFromInline
final class SubjectConduit<Output: Sendable>: Subscription, Sendable {
    @usableFromInline let core: SubjectCore<Output>

    @inlinable
    init(core: SubjectCore<Output>) {
        self.core = core
    }

    @inlinable
    func cancel() {
        core.remove(self)
    }
}

/// One subscriber as a subject keeps it, with the conduit by which a cancel finds it. Only the
/// subject's state keeps a receiver, so once the subscriber cancels or the subject finishes it is
/// released, and the subscriber with it, even while the subscriber holds its conduit.
@usableFromInline
final class SubjectReceiver<Output: Sendable>: Sendable {
    @usableFromInline let conduit: SubjectConduit<Output>
    @usableFromInline let receiveValue: @Sendable (Output) -> Void
    /// Hands the subscriber its subscription (`true`) or the completion (`false`).
    @usableFromInline let receiveEvent: @Sendable (_ isSubscription: Bool) -> Void

    @inlinable
    init<Downstream: Subscriber>(downstream: Downstream, conduit: SubjectConduit<Output>)
    where Downstream.Input == Output {
        self.conduit = conduit
        receiveValue = { downstream.receive($0) }
        receiveEvent = { isSubscription in
            if isSubscription {
                downstream.receive(subscription: conduit)
            } else {
                downstream.receive(completion: .finished)
            }
        }
    }
}
