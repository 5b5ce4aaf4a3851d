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
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let relay = ScheduledRelay(
                downstream: subscriber, scheduler: scheduler, delay: max(interval, .zero))
            if let value = singleValue {
                relay.start(delivering: value, to: subscriber)
            } else {
                upstream.subscribe(relay)
            }
        }

        /// The upstream's one value, when it is a single value that finishes at once: the relay
        /// then waits for that one event, with no upstream subscription.
        var singleValue: Output? {
            if let just = upstream as? Just<Output> { return just.output }
            if let effect = upstream as? Effect<Output>, case .just(let value) = effect.operation {
                return value
            }
            return nil
        }
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
/// ``Publishers/ReceiveOn`` and a timeout's scheduler.
///
/// Every event waits in `State.events`, oldest first, with the handle of the one piece of work
/// scheduled for it. The work captures only the relay: when a piece runs it releases the oldest
/// waiting event (all events wait the same delay and a scheduler runs due work in order, so the
/// oldest is due). Released events are delivered by one thread at a time, whichever released
/// first draining them all, so the downstream is never called concurrently.
///
/// Size and cost: `events` holds the events not yet delivered; appending, popping the oldest
/// and finding an event's slot by its ticket are O(1). Cancelling is O(waiting events).
///
/// The downstream lives in the active phase only, so nothing is kept after the completion or a
/// cancel even while the downstream holds the relay.
final class ScheduledRelay<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription {
    typealias Input = Downstream.Input

    private enum Event {
        case value(Input)
        case finished
        /// A single value and the completion right after it: a delayed `Just`.
        case last(Input)
    }

    private struct Waiting {
        let event: Event
        /// Nil until `schedule` has returned it.
        var handle: (any Cancellable)?
    }

    private enum Phase {
        case active(Downstream, upstream: (any Subscription)?, isDelivering: Bool)
        /// Cancelled, or the completion was delivered.
        case ended
    }

    private struct State {
        var phase: Phase
        var events = FIFOQueue<Waiting>()
        /// The ticket of `events`' oldest entry; tickets number events in arrival order.
        var firstTicket: UInt64 = 0
        /// How many of the oldest events are due and wait only for the deliverer.
        var released = 0
    }

    private let state: Lock<State>
    private let scheduler: Context
    private let delay: Duration

    init(downstream: Downstream, scheduler: Context, delay: Duration) {
        state = Lock(State(phase: .active(downstream, upstream: nil, isDelivering: false)))
        self.scheduler = scheduler
        self.delay = delay
    }

    /// Starts a relay with no upstream over one value that finishes at once.
    func start(delivering value: Input, to downstream: Downstream) {
        downstream.receive(subscription: self)
        enqueue(.last(value))
    }

    var effectContext: EffectContext? {
        let downstream = state.withLock { state -> Downstream? in
            guard case .active(let downstream, _, _) = state.phase else { return nil }
            return downstream
        }
        return downstream?.effectContext
    }

    func receive(subscription: any Subscription) {
        let downstream = state.withLock { state -> Downstream? in
            guard case .active(let downstream, nil, let isDelivering) = state.phase else {
                return nil
            }
            state.phase = .active(downstream, upstream: subscription, isDelivering: isDelivering)
            return downstream
        }
        guard let downstream else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) {
        enqueue(.value(input))
    }

    func receive(completion: Subscribers.Completion) {
        enqueue(.finished)
    }

    func cancel() {
        let (ended, events) = state.withLock { state -> (Phase, FIFOQueue<Waiting>) in
            guard case .active = state.phase else { return (.ended, FIFOQueue()) }
            defer {
                state.phase = .ended
                state.events = FIFOQueue()
            }
            return (state.phase, state.events)
        }
        // The downstream, the upstream and the waiting events are released outside the lock.
        if case .active(_, let upstream, _) = ended { upstream?.cancel() }
        for waiting in events {
            waiting.handle?.cancel()
        }
    }

    private func enqueue(_ event: Event) {
        let ticket = state.withLock { state -> UInt64? in
            guard case .active = state.phase else { return nil }
            state.events.append(Waiting(event: event))
            return state.firstTicket + UInt64(state.events.count - 1)
        }
        guard let ticket else { return }

        // A handle even for a zero delay, so that a cancel releases the work at once.
        let handle = scheduler.schedule(after: delay) { self.releaseOldest() }
        let kept = state.withLock { state -> Bool in
            guard ticket >= state.firstTicket else { return false }
            let offset = Int(ticket - state.firstTicket)
            guard offset >= state.released, offset < state.events.count else { return false }
            state.events[offset].handle = handle
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
            guard case .active(let downstream, let upstream, let isDelivering) = state.phase,
                state.released < state.events.count
            else { return (false, nil) }
            let spent = state.events[state.released].handle.take()
            state.released += 1
            if isDelivering { return (false, spent) }
            state.phase = .active(downstream, upstream: upstream, isDelivering: true)
            return (true, spent)
        }
        // The spent work's handle is released outside the lock.
        _ = spent
        guard becameDeliverer else { return }
        while let released = nextReleased() {
            switch released {
            case .value(let value, let downstream):
                downstream.receive(value)
            case .finished(let value, let downstream, let upstream):
                if let value { downstream.receive(value) }
                downstream.receive(completion: .finished)
                // The relay's last references to both, released outside the lock.
                _ = upstream
                return
            }
        }
    }

    private enum Released {
        case value(Input, Downstream)
        /// The completion (after a last value, if any), which ends the relay.
        case finished(Input?, Downstream, upstream: (any Subscription)?)
    }

    /// Takes the oldest released event, or gives up the deliverer's role when there is none.
    private func nextReleased() -> Released? {
        state.withLock { state -> Released? in
            guard case .active(let downstream, let upstream, _) = state.phase else { return nil }
            guard state.released > 0, let waiting = state.events.popFirst() else {
                state.phase = .active(downstream, upstream: upstream, isDelivering: false)
                return nil
            }
            state.released -= 1
            state.firstTicket += 1
            switch waiting.event {
            case .value(let value):
                return .value(value, downstream)
            case .finished:
                state.phase = .ended
                return .finished(nil, downstream, upstream: upstream)
            case .last(let value):
                state.phase = .ended
                return .finished(value, downstream, upstream: upstream)
            }
        }
    }
}
