extension Publisher {
    /// Delivers every value, and the completion, `interval` after the upstream produced it.
    ///
    /// ```swift
    /// Just(Action.unFlipSelectedCards)
    ///     .delay(for: .seconds(1), scheduler: scheduler)
    /// ```
    ///
    /// The order of values is kept, and so is their spacing. A negative interval counts as zero.
    /// Cancelling drops every delivery still waiting and cancels its scheduled work.
    ///
    /// - Parameters:
    ///   - interval: How long each event waits.
    ///   - scheduler: The scheduler that waits and then delivers.
    /// - Returns: A publisher of the same values, later.
    @inlinable
    public func delay<Context: Scheduler>(
        for interval: Duration,
        scheduler: Context
    ) -> Publishers.Delay<Self, Context> {
        Publishers.Delay(upstream: self, interval: interval, scheduler: scheduler)
    }
}

extension Publishers {
    /// A publisher that delivers its upstream's values and completion after a fixed interval.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose events are delayed.
        public let upstream: Upstream

        /// How long each event waits; a negative interval counts as zero.
        public let interval: Duration

        /// The scheduler that waits and delivers.
        public let scheduler: Context

        /// Makes the publisher; ``Publisher/delay(for:scheduler:)`` reads better at the call site.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose events are delayed.
        ///   - interval: How long each event waits.
        ///   - scheduler: The scheduler that waits and delivers.
        @inlinable
        public init(upstream: Upstream, interval: Duration, scheduler: Context) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
        }

        /// Subscribes `subscriber` through the delay.
        ///
        /// A single value (`Just(x).delay(…)`) is one `DelayedValue`: one piece of scheduled
        /// work delivers the value and the completion. Any other upstream goes through a relay
        /// that schedules each of its events and delivers them in order, one at a time.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let delay = max(interval, .zero)
            if let just = upstream as? Just<Output> {
                DelayedValue(just.output, to: subscriber).start(after: delay, on: scheduler)
            } else {
                subscribeThroughRelay(subscriber, delay: delay)
            }
        }

        @usableFromInline
        func subscribeThroughRelay<S: Subscriber>(_ subscriber: S, delay: Duration)
        where S.Input == Output {
            upstream.subscribe(
                ScheduledRelay(downstream: subscriber, scheduler: scheduler, delay: delay))
        }
    }
}

extension Publishers.Delay {
    /// Calls `receiveValue` with every value once the delay has passed: the same as
    /// ``Publisher/sink(receiveValue:)``.
    ///
    /// - Parameter receiveValue: Called with each value, on the scheduler.
    /// - Returns: A cancellable that drops what is still waiting when cancelled or released.
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Calls `receiveValue` with every value, then `receiveCompletion`, each once the delay has
    /// passed: the same as ``Publisher/sink(receiveCompletion:receiveValue:)``.
    ///
    /// Over a single value (`Just(x).delay(…)`), the delayed value is itself what the returned
    /// cancellable cancels, and it delivers straight to the closures: no `Sink` object between
    /// (see the Performance article's decision log).
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once after the last value.
    ///   - receiveValue: Called with each value, on the scheduler.
    /// - Returns: A cancellable that drops what is still waiting when cancelled or released.
    @inlinable
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        guard let just = upstream as? Just<Output> else {
            return attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
        let delivery = DelayedValue(
            just.output,
            to: ClosureSubscriber(receiveCompletion: receiveCompletion, receiveValue: receiveValue))
        delivery.start(after: max(interval, .zero), on: scheduler)
        // Handed over, not shared: no retain for the cancellable and release of the local.
        return AnyCancellable(consume delivery)
    }
}

extension Publishers.Delay: CustomStringConvertible {
    /// `Delay(<interval>, <upstream>)`, for example `Delay(1.0 seconds, Just(unFlip))`.
    public var description: String {
        "Delay(\(interval), \(upstream))"
    }
}

/// One value delivered once after a delay, then the completion: the subscription of a delay over
/// a single value, `Just(x).delay(…)` or `Effect.just(x).delay(…)`, in a store or not.
///
/// Its state is one ``DelayedValueState`` behind one lock: the race between the scheduled work
/// firing and a cancel is decided there, and the loser does nothing. The state holds the way to
/// the downstream until the value is delivered or the delay cancelled: then nothing is kept,
/// even while the downstream holds this subscription.
///
/// It is not generic: the downstream and the value are captured once, when it is made, in the
/// one function that talks to the downstream (``Delivery``). So its lock, its transitions, its
/// cancel and its release are the same compiled code for every downstream, wherever they are
/// called from. That matters because most calls come from where the downstream's type is not
/// known: a store starts a delayed value through an `EffectNode` (an existential), and cancels
/// and stops it as an `any RunningEffect`; an `AnyCancellable` cancels an `any Cancellable`.
/// Generic code called from there looks up the metadata of every generic type it touches, on
/// every call (the generic version of this class cost about 1,000 instructions per cancel for
/// that alone; see the decision log of the Performance article).
///
/// Started by a context (a store's `Effect.just(x).delay(…)`, cancellable or not), it is also
/// the root the context counts as running, registered under its id if it has one: it leaves the
/// context's books once it has delivered its value, or when it is cancelled, by its downstream
/// or by its id. Anywhere else, the subscriber above it keeps such books.
///
/// The scheduler is not kept: it is needed once, to schedule the delivery, and the work's
/// handle is what takes the delivery back.
@usableFromInline
final class DelayedValue: Subscription, RunningEffect {
    /// What a delayed value tells its downstream, in order: the subscription, the value, the
    /// completion.
    @usableFromInline
    enum Event: Sendable {
        case subscription(DelayedValue)
        case value
        case finished
    }

    /// The one way to the downstream: sends it an event (the value is captured with it).
    @usableFromInline
    typealias Delivery = @Sendable (Event) -> Void

    /// The context that counts it as a root; nil when it is not one.
    @usableFromInline let context: EffectContext?
    /// The id it is registered under in `context`, if any, as the context's books name it:
    /// resolved once, when it is made (in a scoped view, the pair (scope, id) is one object made
    /// here, not one for its beginning and another for its end).
    @usableFromInline let id: EffectID?
    /// The scope inside `context`'s it runs in (as the context's books name it), for a delayed
    /// value of a scoped effect; nil for the context's own. It is then a root of `context` as
    /// it would be of a view of `context` in that scope, without making the view.
    @usableFromInline let scope: EffectID?
    /// The stage, with the delivery until it is used or dropped.
    ///
    /// The delivery is taken out of the lock by assigning it to a variable of the caller, not
    /// returned from `withLock`: a function returned through the generic `withLock` is wrapped
    /// in a thunk, one allocation per call.
    @usableFromInline let state: Lock<DelayedValueState>

    /// A delayed value sending `value` to `downstream`, a root of `context` (in `scope`, and
    /// registered under `id`) if a context is given.
    ///
    /// The downstream is taken, not copied: a copy of a store's sink would retain the store's
    /// core once more, to release it again at once.
    @inlinable
    convenience init<Downstream: Subscriber>(
        _ value: Downstream.Input, to downstream: consuming Downstream,
        rootOf context: EffectContext? = nil, in scope: EffectID? = nil, id: EffectID? = nil
    ) {
        let downstream = downstream
        self.init(rootOf: context, in: scope, id: id) { event in
            switch event {
            case .subscription(let subscription): downstream.receive(subscription: subscription)
            case .value: downstream.receive(value)
            case .finished: downstream.receive(completion: .finished)
            }
        }
    }

    /// A delayed value delivering through `delivery`, a root of `context` (in `scope`, and
    /// registered under `id`) if a context is given.
    ///
    /// The delivery is taken, not copied: a copy would retain its context for the state, to
    /// release the argument at once.
    @usableFromInline
    init(
        rootOf context: EffectContext?, in scope: EffectID?, id: EffectID?,
        delivery: consuming @escaping Delivery
    ) {
        state = Lock(.scheduling(consume delivery))
        self.scope = context == nil ? nil : scope
        // The id as the context's books name it: in a scope, the pair (scope, id); otherwise
        // the id itself, moved rather than copied (`resolved` would return a copy of it).
        if let context, scope != nil || context.scope != nil, let id {
            self.id = context.resolved(id, in: scope)
        } else {
            self.id = context == nil ? nil : id
        }
        self.context = context
    }

    /// Hands the downstream its subscription, then schedules the delivery `interval` from now on
    /// `scheduler`. A root first joins its context's books (replacing what ran under its id, with
    /// `replacingInFlight`), and starts nothing if the context is closed.
    ///
    /// Generic over the scheduler, so that the caller's scheduler is borrowed: as an
    /// `any Scheduler` argument it was copied into an existential (a retain, and a release
    /// through the runtime's value witnesses), whether the caller knew its type or held it as
    /// an existential already (which is opened, in place).
    @usableFromInline
    func start<Context: Scheduler>(
        after interval: Duration, on scheduler: Context, replacingInFlight: Bool = false
    ) {
        // Called through the optional, not bound to a local: a binding retained the context
        // around the call.
        guard context?.begin(self, id: id, in: scope, replacingInFlight: replacingInFlight) ?? true
        else { return }
        // Cancelled by id already (from another thread): nothing to hand the subscription to.
        var delivery: Delivery? = nil
        state.withLock { delivery = $0.subscribing() }
        guard let delivery else { return }
        delivery(.subscription(self))
        // Moved into the state, not copied (a copy costs a retain and a release).
        var work = Optional(scheduler.schedule(after: interval, firing))
        switch state.withLock({ $0.arrive(work.take()!) }) {
        case .kept:
            break
        case .spent(let spent):
            // Fired meanwhile (a scheduler that runs work at once, or on another thread):
            // released here, outside the lock.
            _ = consume spent
        case .cancelled(let scheduled):
            // Cancelled meanwhile (from inside `receive(subscription:)`, or from another
            // thread): the work is taken back.
            scheduled.cancel()
        }
    }

    /// The scheduled work: fires this delayed value. Made outside the generic `start`, so that
    /// it captures this object alone, which is then its context: no allocation.
    private var firing: @Sendable () -> Void {
        { self.fire() }
    }

    /// Run by the scheduler: delivers the value and the completion, unless cancelled first.
    @usableFromInline
    func fire() {
        switch state.withLock({ $0.fire() }) {
        case .none:
            return
        case .delivery(let delivery):
            deliver(delivery)
        case .deliveryAndWork(let delivery, let spent):
            // The spent work's handle, released here, outside the lock.
            _ = consume spent
            deliver(delivery)
        }
    }

    /// Delivers the value and the completion through `delivery`, taken from the state by the
    /// firing. Taken as an argument it is used as it is, where a local assigned in each case
    /// above was retained once more around the calls.
    private func deliver(_ delivery: Delivery) {
        delivery(.value)
        // A root leaves its context's books once the value is delivered, as a subscribed effect
        // does once it finishes: whoever waits for the store to be idle finds the action handled.
        leaveBooks()
        delivery(.finished)
    }

    /// Drops the delivery and takes the scheduled work back, unless it fired first.
    @usableFromInline
    func cancel() {
        guard end() != nil else { return }
        leaveBooks()
    }

    /// Cancelled by id: the context has taken it out of the id's group; it finishes its
    /// downstream, which may be waiting for it.
    @usableFromInline
    func cancelByID() {
        guard let delivery = end() else { return }
        leaveBooks()
        delivery(.finished)
    }

    /// Stopped by its context closing: the context has let it go already. The scheduled work is
    /// taken back and the downstream let go (a store's sink holds the store's core: a scheduler
    /// that keeps cancelled work until its time must not keep the core with it).
    @usableFromInline
    func stop() {
        _ = end()
    }

    /// Cancels the delay and takes its scheduled work back: the delivery it held (released by
    /// the caller, outside the lock), or nil when it had fired or been cancelled already.
    @usableFromInline
    func end() -> Delivery? {
        switch state.withLock({ $0.cancel() }) {
        case .none:
            return nil
        case .delivery(let delivery):
            return delivery
        case .deliveryAndWork(let delivery, let work):
            work.cancel()
            return delivery
        }
    }

    @usableFromInline
    func leaveBooks() {
        context?.end(self, id: id, in: scope)
    }
}

/// Where a `DelayedValue` stands: a pure state machine, each transition returning what its
/// owner must do once the lock is let go.
///
/// Each transition switches over the state consumed, so that what a case holds is moved out of
/// it, not copied and then destroyed with the old state. What leaves the lock leaves in an enum
/// with two or more payload cases (``Step``, ``Arrival``), returned from `withLock`: dropping
/// one is a switch on its tag, where an optional existential (`(any Cancellable)?`) is dropped
/// through the runtime's generic value witnesses, whether it holds something or not (seven of
/// those per delayed value cost about 600 instructions of its 3,500).
@usableFromInline
enum DelayedValueState: Sendable {
    /// What the firing or a cancel hands its caller, to carry out outside the lock.
    @usableFromInline
    enum Step: Sendable {
        /// Nothing: it fired or was cancelled already.
        case none
        /// The way to the downstream; the scheduler had not handed the work's handle back yet.
        case delivery(DelayedValue.Delivery)
        /// The way to the downstream, and the work's handle: spent (the firing releases it) or
        /// to take back (a cancel cancels it).
        case deliveryAndWork(DelayedValue.Delivery, any Cancellable)
    }

    /// What happens to the work's handle when the scheduler hands it back.
    @usableFromInline
    enum Arrival: Sendable {
        /// Kept, to take the work back if a cancel comes.
        case kept
        /// It fired meanwhile: the handle is spent, to release outside the lock.
        case spent(any Cancellable)
        /// It was cancelled meanwhile: the handle takes the work back.
        case cancelled(any Cancellable)
    }

    /// Subscribed; the scheduler has not handed the work's handle back yet.
    case scheduling(DelayedValue.Delivery)
    /// Scheduled: the handle that takes the work back, and the way to the downstream.
    case waiting(any Cancellable, DelayedValue.Delivery)
    /// The work ran: the value went, or is going, downstream.
    case fired
    /// Cancelled before the work ran.
    case cancelled

    /// The way to the downstream while the value is pending; nil once it fired or was cancelled.
    @usableFromInline
    var delivery: DelayedValue.Delivery? {
        switch self {
        case .scheduling(let delivery), .waiting(_, let delivery): delivery
        case .fired, .cancelled: nil
        }
    }

    /// The downstream is about to be handed its subscription: the way to it, or nil when the
    /// delay was cancelled first. Only the delivery is copied out of the state, not the state
    /// (a copy of the whole enum, to read one case, goes through its outlined copy).
    @usableFromInline
    mutating func subscribing() -> DelayedValue.Delivery? {
        switch consume self {
        case .scheduling(let delivery):
            self = .scheduling(delivery)
            return delivery
        case .cancelled:
            self = .cancelled
            return nil
        case .waiting, .fired:
            preconditionFailure("a delayed value was subscribed to after it was scheduled")
        }
    }

    /// The scheduler handed the work's handle back: kept while the value waits, handed back
    /// otherwise (spent if it fired, to cancel if it was cancelled).
    @usableFromInline
    mutating func arrive(_ work: consuming any Cancellable) -> Arrival {
        switch consume self {
        case .scheduling(let delivery):
            self = .waiting(work, delivery)
            return .kept
        case .fired:
            self = .fired
            return .spent(work)
        case .cancelled:
            self = .cancelled
            return .cancelled(work)
        case .waiting:
            preconditionFailure("a delayed value was scheduled twice")
        }
    }

    /// The work runs. Returns the delivery when the value is to be delivered (``Step/none``
    /// when it was cancelled first), with the spent handle if the scheduler had handed it back,
    /// to release outside the lock.
    @usableFromInline
    mutating func fire() -> Step {
        switch consume self {
        case .scheduling(let delivery):
            // Fired before the handle came back (a scheduler on another thread, or one that
            // runs work at once).
            self = .fired
            return .delivery(delivery)
        case .waiting(let work, let delivery):
            self = .fired
            return .deliveryAndWork(delivery, work)
        case .cancelled:
            self = .cancelled
            return .none
        case .fired:
            preconditionFailure("a delayed value fired twice")
        }
    }

    /// Cancelled. Returns the delivery when this call cancelled it (``Step/none`` once it
    /// fired or was cancelled already), to finish or release outside the lock, with the work to
    /// take back if it was scheduled.
    @usableFromInline
    mutating func cancel() -> Step {
        switch consume self {
        case .scheduling(let delivery):
            self = .cancelled
            return .delivery(delivery)
        case .waiting(let scheduled, let delivery):
            self = .cancelled
            return .deliveryAndWork(delivery, scheduled)
        case .fired:
            self = .fired
            return .none
        case .cancelled:
            self = .cancelled
            return .none
        }
    }
}
