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

extension Effect {
    /// Delivers every value, and the completion, `interval` later on `scheduler`.
    ///
    /// The same as ``Publisher/delay(for:scheduler:)``, returning an effect. Mark the delayed
    /// effect (not what it wraps) with ``cancellable(id:cancelInFlight:)``.
    ///
    /// - Parameters:
    ///   - interval: How long each event waits; a negative interval counts as zero.
    ///   - scheduler: The scheduler that waits and delivers.
    /// - Returns: The delayed effect; delaying ``none`` gives ``none``.
    public func delay<Context: Scheduler>(for interval: Duration, scheduler: Context) -> Effect {
        if isNone { return .none }
        // Unwrapped from an `AnyScheduler`, so that each delivery goes through one existential.
        return DelayedEffect(
            effect: self, interval: max(interval, .zero), scheduler: AnyScheduler(scheduler).base
        )
        .asEffect
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
        @inlinable
        public init(upstream: Upstream, interval: Duration, scheduler: Context) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
        }

        /// Subscribes `subscriber` through the delay.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let relay = ScheduledRelay(scheduler: scheduler, delay: max(interval, .zero))
            guard let value = singleValue else {
                upstream.subscribe(RelayInput(relay: relay, downstream: subscriber))
                return
            }
            subscriber.receive(subscription: relay)
            relay.enqueue(isLast: true) {
                subscriber.receive(value)
                subscriber.receive(completion: .finished)
            }
        }

        /// The upstream's one value, when it is a single value that finishes at once: the relay
        /// then waits for that one event, with no upstream subscription.
        @inlinable
        var singleValue: Output? {
            if let just = upstream as? Just<Output> { return just.output }
            if let effect = upstream as? Effect<Output>, case .just(let value) = effect.operation {
                return value
            }
            return nil
        }
    }
}

extension Publishers.Delay {
    /// Calls `receiveValue` with every value once the delay has passed: the same as
    /// ``Publisher/sink(receiveValue:)``.
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Calls `receiveValue` with every value, then `receiveCompletion`, each once the delay has
    /// passed: the same as ``Publisher/sink(receiveCompletion:receiveValue:)``.
    ///
    /// Over a single value, the relay is itself the cancellable and calls the closures: no
    /// `Sink` object between (see the Performance article's decision log).
    @inlinable
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        guard let value = singleValue else {
            return attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
        let relay = ScheduledRelay(scheduler: scheduler, delay: max(interval, .zero))
        relay.enqueue(isLast: true) {
            receiveValue(value)
            receiveCompletion(.finished)
        }
        return AnyCancellable(relay)
    }
}

extension Publishers.Delay: CustomStringConvertible {
    /// `Delay(<interval>, <upstream>)`, for example `Delay(1.0 seconds, Just(unFlip))`.
    public var description: String {
        "Delay(\(interval), \(upstream))"
    }
}

/// ``Effect/delay(for:scheduler:)``: a ``Publishers/Delay`` over the effect, as a node, so that
/// an effect's type names no scheduler and mapping it maps the effect inside the delay.
final class DelayedEffect<Output: Sendable>: EffectNode {
    let effect: Effect<Output>
    let interval: Duration
    let scheduler: any Scheduler

    init(effect: Effect<Output>, interval: Duration, scheduler: any Scheduler) {
        self.effect = effect
        self.interval = interval
        self.scheduler = scheduler
    }

    func subscribe<S: Subscriber>(_ subscriber: S, context: EffectContext?)
    where S.Input == Output {
        subscribe(subscriber, on: scheduler)
    }

    /// Opens the existential scheduler. The relay answers its downstream's context, so ids
    /// inside the effect keep working.
    private func subscribe<S: Subscriber, Context: Scheduler>(
        _ subscriber: S, on scheduler: Context
    ) where S.Input == Output {
        Publishers.Delay(upstream: effect, interval: interval, scheduler: scheduler)
            .subscribe(subscriber)
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        DelayedEffect<T>(effect: effect.map(transform), interval: interval, scheduler: scheduler)
            .asEffect
    }

    var description: String {
        "Delay(\(interval), \(effect))"
    }
}

/// Re-delivers everything an upstream sends on a scheduler, after a delay (zero for
/// `receive(on:)`), one call at a time: the subscription of ``Publishers/Delay``,
/// ``Publishers/ReceiveOn`` and a timeout's scheduler. Its upstream talks to a ``RelayInput``.
///
/// Every event waits in `State.events`, oldest first, as the function that delivers it, with
/// the handle of the one piece of work scheduled for it. The work captures only the relay: when
/// a piece runs it releases the oldest waiting event (all events wait the same delay and a
/// scheduler runs due work in order, so the oldest is due). Released events are delivered by
/// one thread at a time, whichever released first draining them all, so the downstream is never
/// called concurrently.
///
/// It is not generic: the downstream is captured in each event's delivery, so calls from where
/// its type is unknown (a cancel through `any Subscription`) run as compiled, with no generic
/// metadata to look up (see the Performance article's decision log). A delayed single value is
/// a relay with one waiting event, queued at once, and no upstream.
///
/// Size and cost: `events` holds the events not yet delivered, the oldest inline and the others
/// in a ring made only when two wait at once; appending, popping the oldest and finding an
/// event's slot by its ticket are O(1). Cancelling is O(waiting events). Nothing is kept after
/// the last event or a cancel, even while the downstream holds the relay.
@usableFromInline
final class ScheduledRelay: Subscription {
    @usableFromInline
    typealias Delivery = @Sendable () -> Void

    @usableFromInline
    struct Waiting: Sendable {
        let delivery: Delivery
        /// The completion (after a last value, for a single value): it ends the relay.
        let isLast: Bool
        /// Nil until `schedule` has returned it.
        var handle: (any Cancellable)?
    }

    @usableFromInline
    struct WaitingEvents: Sendable {
        var oldest: Waiting?
        var later = FIFOQueue<Waiting>()

        var count: Int {
            if case .none = oldest { 0 } else { 1 + later.count }
        }

        mutating func append(_ waiting: consuming Waiting) {
            if case .none = oldest { oldest = waiting } else { later.append(waiting) }
        }

        mutating func popFirst() -> Waiting? {
            defer { oldest = later.popFirst() }
            return oldest.take()
        }

        /// Sets, or takes back with nil, the handle of the event `offset` places from the oldest.
        mutating func swapHandle(_ handle: (any Cancellable)?, at offset: Int) -> (any Cancellable)? {
            var handle = handle
            if offset == 0 {
                swap(&handle, &oldest!.handle)
            } else {
                var waiting = later[offset - 1]
                swap(&handle, &waiting.handle)
                later[offset - 1] = waiting
            }
            return handle
        }

        func forEach(_ body: (Waiting) -> Void) {
            guard let oldest else { return }
            body(oldest)
            later.forEach(body)
        }
    }

    @usableFromInline
    enum Phase: Sendable {
        case active(upstream: (any Subscription)?, isDelivering: Bool)
        /// Cancelled, or the last event was delivered.
        case ended
    }

    @usableFromInline
    struct State: Sendable {
        var phase = Phase.active(upstream: nil, isDelivering: false)
        var events = WaitingEvents()
        /// The ticket of `events`' oldest entry; tickets number events in arrival order.
        var firstTicket: UInt64 = 0
        /// How many of the oldest events are due and wait only for the deliverer.
        var released = 0

        /// The new event's ticket; nil once ended.
        mutating func append(_ waiting: consuming Waiting) -> UInt64? {
            guard case .active = phase else { return nil }
            events.append(waiting)
            return firstTicket + UInt64(events.count - 1)
        }
    }

    let state = Lock(State())
    let scheduler: any Scheduler
    let delay: Duration

    @usableFromInline
    init(scheduler: any Scheduler, delay: Duration) {
        self.scheduler = scheduler
        self.delay = delay
    }

    /// Whether events still go downstream.
    @usableFromInline
    var isActive: Bool {
        state.withLock { if case .active = $0.phase { true } else { false } }
    }

    /// Keeps the upstream's subscription; false when the relay ended or has one already.
    @usableFromInline
    func attach(_ upstream: any Subscription) -> Bool {
        state.withLock { state in
            guard case .active(nil, let isDelivering) = state.phase else { return false }
            state.phase = .active(upstream: upstream, isDelivering: isDelivering)
            return true
        }
    }

    @usableFromInline
    func cancel() {
        var ended = State(phase: .ended)
        state.withLock { swap(&ended, &$0) }
        // The upstream and the waiting events (with the downstream) are released outside the
        // lock.
        if case .active(let upstream, _) = ended.phase { upstream?.cancel() }
        ended.events.forEach { $0.handle?.cancel() }
    }

    /// Queues `delivery` and schedules the work that releases it `delay` from now.
    @usableFromInline
    func enqueue(isLast: Bool, _ delivery: @escaping Delivery) {
        guard
            let ticket = state.withLock({
                $0.append(Waiting(delivery: delivery, isLast: isLast))
            })
        else { return }

        // A handle even for a zero delay, so that a cancel releases the work at once.
        let handle = scheduler.schedule(after: delay) { self.releaseOldest() }
        let kept = state.withLock { state -> Bool in
            guard ticket >= state.firstTicket else { return false }
            let offset = Int(ticket - state.firstTicket)
            guard offset >= state.released, offset < state.events.count else { return false }
            _ = state.events.swapHandle(handle, at: offset)
            return true
        }
        // Ran already (an immediate scheduler) or was cancelled meanwhile: nothing to keep.
        if !kept { handle.cancel() }
    }

    /// Run by the scheduler: the oldest waiting event is due. Delivers it, and any released
    /// meanwhile, unless another thread is delivering (it will deliver this one too).
    private func releaseOldest() {
        let (becameDeliverer, spent) = state.withLock {
            state -> (Bool, (any Cancellable)?) in
            guard case .active(let upstream, let isDelivering) = state.phase,
                state.released < state.events.count
            else { return (false, nil) }
            let spent = state.events.swapHandle(nil, at: state.released)
            state.released += 1
            if isDelivering { return (false, spent) }
            state.phase = .active(upstream: upstream, isDelivering: true)
            return (true, spent)
        }
        // The spent work's handle is released outside the lock.
        _ = spent
        guard becameDeliverer else { return }
        while let (waiting, upstream) = nextReleased() {
            waiting.delivery()
            if waiting.isLast {
                // The relay's last reference to the upstream, released outside the lock.
                _ = upstream
                return
            }
        }
    }

    /// Takes the oldest released event (with the upstream, when it is the last), or gives up
    /// the deliverer's role when there is none.
    private func nextReleased() -> (Waiting, (any Subscription)?)? {
        state.withLock { state -> (Waiting, (any Subscription)?)? in
            guard case .active(let upstream, _) = state.phase else { return nil }
            guard state.released > 0, let waiting = state.events.popFirst() else {
                state.phase = .active(upstream: upstream, isDelivering: false)
                return nil
            }
            state.released -= 1
            state.firstTicket += 1
            guard waiting.isLast else { return (waiting, nil) }
            state.phase = .ended
            return (waiting, upstream)
        }
    }
}

/// What a ``ScheduledRelay``'s upstream talks to: queues each event, with the downstream that
/// receives it, on the relay.
@usableFromInline
struct RelayInput<Downstream: Subscriber>: Subscriber {
    @usableFromInline let relay: ScheduledRelay
    @usableFromInline let downstream: Downstream

    @inlinable
    init(relay: ScheduledRelay, downstream: Downstream) {
        self.relay = relay
        self.downstream = downstream
    }

    @inlinable
    var effectContext: EffectContext? {
        relay.isActive ? downstream.effectContext : nil
    }

    @inlinable
    func receive(subscription: any Subscription) {
        guard relay.attach(subscription) else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: relay)
    }

    @inlinable
    func receive(_ input: Downstream.Input) {
        let downstream = downstream
        relay.enqueue(isLast: false) { downstream.receive(input) }
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        let downstream = downstream
        relay.enqueue(isLast: true) { downstream.receive(completion: .finished) }
    }
}
