/// What ``PassthroughSubject`` and ``CurrentValueSubject`` share: their subscribers, the events
/// waiting to reach them, and (for the current-value subject) the value, all behind one lock.
///
/// Delivery is serial: the thread that finds nobody delivering becomes the deliverer. It hands
/// its event to one subscriber at a time, outside the lock, asking the state (under the lock)
/// for the next subscriber after each call; then it delivers whatever other threads (or its own
/// subscribers, re-entrantly) sent meanwhile, in order, before it lets go. So each subscriber is
/// called one call at a time, in the order the events were sent, and a send made from inside a
/// subscriber waits for the current call to return instead of nesting. A new subscriber is
/// attached in that same order: it sees exactly the events sent after it subscribed (and, for
/// the current-value subject, the value current at that point first). Because the next
/// subscriber is looked up after each call, a subscriber cancelled by an earlier one's call (or
/// by its own) receives nothing more.
///
/// Every decision is made by ``SubjectState``; this class only locks, calls the subscriber the
/// state names, and releases what it hands back outside the lock.
///
/// - Complexity: A send to n subscribers is n + 1 short critical sections and no allocation
///   when nobody else is delivering; cancelling a subscriber is O(n) (a search by identity);
///   most subjects have one or two.
@usableFromInline
final class SubjectCore<Output: Sendable>: Sendable {
    @usableFromInline let state: Lock<SubjectState<Output, SubjectReceiver<Output>>>

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
        deliver(state.withLock { $0.send(value, replacingCurrent: replacingCurrent) })
    }

    /// Makes `value` the current value (for ``CurrentValueSubject/value``): sent to every
    /// subscriber as ``send(_:replacingCurrent:)`` does until the subject finishes; after that,
    /// only kept.
    @inlinable
    func assignCurrent(_ value: Output) {
        deliver(state.withLock { $0.assignCurrent(value) })
    }

    /// Finishes every subscriber; later sends do nothing, later subscribers are finished at once.
    @inlinable
    func finish() {
        deliver(state.withLock { $0.finish() })
    }

    /// Attaches `downstream`: it gets its subscription (and, with `greetsWithCurrent`, the
    /// current value) in turn with the events being sent.
    @inlinable
    func attach<Downstream: Subscriber>(_ downstream: Downstream, greetsWithCurrent: Bool)
    where Downstream.Input == Output {
        let receiver = SubjectReceiver(downstream: downstream, conduit: SubjectConduit(core: self))
        switch state.withLock({ $0.attach(receiver, greetsWithCurrent: greetsWithCurrent) }) {
        case .finished:
            // Finished (even if the completion still waits for the deliverer): a subscriber
            // that comes now gets nothing but the completion, and a subscription that holds
            // nothing (as in Combine), so that keeping it keeps neither subject nor subscriber.
            downstream.receive(subscription: Subscriptions.empty)
            downstream.receive(completion: .finished)
        case .delivery(let action):
            deliver(action)
        }
    }

    /// Carries out `action`, then, while this thread is the deliverer, each next step the state
    /// names, one critical section per step, until the state gives the role up.
    @inlinable
    func deliver(_ action: consuming SubjectState<Output, SubjectReceiver<Output>>.Action) {
        while true {
            switch consume action {
            case .none:
                return
            case .release(let retired):
                // Cancelled (or finished) during the delivery: released here, outside the lock,
                // and with them their subscribers (which may still hold their conduits).
                _ = retired
                return
            case .call(let receiver, let event):
                // The action holds its own reference to the receiver, released with it here,
                // outside the lock.
                switch event {
                case .value(let value): receiver.receiveValue(value)
                case .subscription: receiver.receiveEvent(true)
                case .completion: receiver.receiveEvent(false)
                }
            }
            action = state.withLock { $0.next() }
        }
    }

    /// Forgets a cancelled subscriber; it is released here, outside the lock, unless a delivery
    /// is under way (the deliverer releases it when its role ends).
    @usableFromInline
    func remove(_ conduit: SubjectConduit<Output>) {
        let removed = state.withLock { state -> SubjectReceiver<Output>? in
            // Each receiver keeps its conduit, so a conduit found here is the live one it
            // names (identities of live objects only).
            guard let receiver = state.subscribers.first(where: { $0.conduit === conduit })
            else { return nil }
            return state.remove(receiver)
        }
        // Released here, outside the lock, with the subscriber.
        _ = removed
    }
}

/// The subject's state machine: the subscribers, the current value, and what the deliverer is
/// doing. Pure (generic over the subscriber's type, so that tests drive it with plain objects);
/// ``SubjectCore`` keeps it behind its lock and carries out the actions it returns.
///
/// A transition that makes the caller the deliverer returns its first action; the deliverer
/// carries it out and calls ``next()`` for the one after, until ``next()`` returns
/// ``Action/none``, which also ends its role. Any other caller gets ``Action/none`` (its event
/// waits for the deliverer, or is dropped once the subject has finished).
///
/// Size and cost: `subscribers` holds one entry per subscriber attached and not cancelled (or
/// finished), in the order they came; the deliverer walks it by index, so each step is O(1),
/// and ``remove(_:)`` is O(subscribers) (a search by identity). The waiting queue holds the
/// events sent while a delivery was under way, usually none; O(1) to add or take one.
@usableFromInline
struct SubjectState<Output, Target: AnyObject> {
    /// An event that waits for the deliverer.
    @usableFromInline
    enum Event {
        case value(Output)
        /// A subscriber to attach at this point, greeted with a value (the current-value
        /// subject's) after its subscription.
        case attach(Target, greeting: Output?)
    }

    /// What the deliverer is handing out now.
    @usableFromInline
    enum Delivery {
        /// `value` goes to the subscribers from index `next` on.
        case value(Output, next: Int)
        /// `target` has been handed its subscription; `greeting`, if any, goes to it next,
        /// unless it cancelled meanwhile.
        case greeting(Target, Output?)
    }

    @usableFromInline
    enum Stage {
        /// Nobody is delivering.
        case idle
        /// A thread delivers; the events sent meanwhile wait in `waiting`.
        case delivering(Delivery)
        /// As `delivering`, and the subject has finished: once `waiting` is delivered, every
        /// subscriber is finished.
        case finishing(Delivery)
        /// The deliverer hands the completion to each subscriber, removing it.
        case completing
        /// Finished, and every subscriber has been told.
        case finished
    }

    /// What the caller does next, outside the lock.
    ///
    /// The subscriber an action names is held by the action itself, so the deliverer may call it
    /// whatever happens to the state meanwhile.
    @usableFromInline
    enum Action {
        /// Nothing; a deliverer's role is over.
        case none
        /// The deliverer's role is over: release these subscribers (removed while it delivered)
        /// outside the lock.
        case release([Target])
        /// Hand the subscriber `event`.
        case call(Target, Call)
    }

    /// What a subscriber is handed.
    @usableFromInline
    enum Call {
        case value(Output)
        case subscription
        /// The completion (the subscriber has been removed).
        case completion
    }

    /// How a new subscriber is attached.
    @usableFromInline
    enum Arrival {
        /// The subject has finished: the subscriber is finished at once.
        case finished
        /// As any other event: carried out now by this thread, or queued (`.none`).
        case delivery(Action)
    }

    /// The current value of a ``CurrentValueSubject`` (kept after it finishes, and still set by
    /// ``assignCurrent(_:)`` then); nil for a ``PassthroughSubject``.
    @usableFromInline private(set) var current: Output?
    @usableFromInline private(set) var subscribers: [Target] = []
    @usableFromInline private(set) var stage = Stage.idle
    /// The events sent while a delivery is under way, oldest first; empty in every other stage.
    @usableFromInline private(set) var waiting = FIFOQueue<Event>()
    /// The subscribers removed (cancelled, or finished) while a delivery is under way, handed
    /// back for release when the deliverer gives up its role, so that they are released on one
    /// thread, after the last event it hands them. Empty in every other stage.
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

    /// `value` is sent: returns the first delivery if the caller becomes the deliverer.
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

    /// The current value is set (``CurrentValueSubject/value``): until the subject finishes, a
    /// send that replaces the current value; after that, the value is replaced and nothing is
    /// delivered, as in Combine (where only `send` is ignored after the completion).
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

    /// The subject finishes: returns the first completion to hand out if the caller becomes
    /// the deliverer.
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

    /// `target` subscribes, greeted with the current value if `greetsWithCurrent`.
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

    /// The deliverer's call returned: its next action, or ``Action/none`` when nothing is left,
    /// which ends its role.
    @inlinable
    mutating func next() -> Action {
        // The common end of a send (the last subscriber reached, nothing waiting), decided as
        // the general path below would (see the Performance article's decision log).
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
            // O(subscribers) each, once per subscriber at the completion only.
            let target = subscribers.removeFirst()
            retired.append(target)
            return call(target, .completion)
        case .idle, .finished:
            preconditionFailure("SubjectState: next() called with no delivery under way")
        }
    }

    /// Forgets `target`, which cancelled: a delivery under way skips it from now on. Returns it,
    /// for release outside the lock, unless a delivery is under way: then it is retired until the
    /// deliverer gives up its role.
    @inlinable
    mutating func remove(_ target: Target) -> Target? {
        guard let index = subscribers.firstIndex(where: { $0 === target }) else { return nil }
        // The deliverer walks the subscribers by index: one removed before its position moves
        // the position back by one.
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

    /// Hands `event` to `target`.
    @inlinable
    func call(_ target: Target, _ event: Call) -> Action {
        .call(target, event)
    }

    /// The deliverer's role ends: what it must release, if anything.
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
            return call(subscribers[next], .value(value))
        case .greeting(let target, let greeting?)
        where subscribers.contains(where: { $0 === target }):
            stage = deliveringStage(.greeting(target, nil), finishing: finishing)
            return call(target, .value(greeting))
        case .value, .greeting:
            while let event = waiting.popFirst() {
                if let action = begin(event, finishing: finishing) { return action }
            }
            return nil
        }
    }

    /// Starts delivering `event`: its first action, or nil (the stage unchanged) if it goes to
    /// nobody.
    @inlinable
    mutating func begin(_ event: Event, finishing: Bool) -> Action? {
        switch event {
        case .value(let value):
            guard !subscribers.isEmpty else { return nil }
            stage = deliveringStage(.value(value, next: 1), finishing: finishing)
            return call(subscribers[0], .value(value))
        case .attach(let target, let greeting):
            // Added even if the subject has finished since: the completion, which waits behind
            // this event, then reaches it too.
            subscribers.append(target)
            stage = deliveringStage(.greeting(target, greeting), finishing: finishing)
            return call(target, .subscription)
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

/// The subscription a subject hands a subscriber: what it cancels. It holds the subject only,
/// never the subscriber, so a subscriber may keep it for as long as it likes.
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

/// One subscriber as a subject keeps it: what the subject calls, and the conduit the subscriber
/// holds (by which a cancel finds it).
///
/// Only the subject's state keeps a receiver: once the subscriber cancels or the subject
/// finishes, the state hands it back and it is released, and with it the subscriber, even while
/// the subscriber still holds its conduit. So neither keeps the other alive after the end.
///
/// The subject calls it only from its deliverer, one call at a time, through closures made in
/// ``SubjectCore/attach(_:greetsWithCurrent:)``, where the subscriber's type is known, so that
/// the call runs code specialized for it.
@usableFromInline
final class SubjectReceiver<Output: Sendable>: Sendable {
    @usableFromInline let conduit: SubjectConduit<Output>
    /// Hands the subscriber a value.
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
