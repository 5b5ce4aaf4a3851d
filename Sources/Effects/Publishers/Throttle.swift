extension Publisher {
    /// Sends at most one value per `interval`: the first or the latest of those that arrived
    /// meanwhile.
    ///
    /// ```swift
    /// let cancellable = scrollOffsets
    ///     .throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
    ///     .sink { redraw(at: $0) }   // at most ten redraws a second
    /// ```
    ///
    /// As in Combine: a value that arrives when nothing was sent for `interval` goes out at
    /// once (on `scheduler`, at its next turn); one that arrives sooner is held until `interval`
    /// after the last value sent. While a value is held, newer ones replace it (`latest: true`)
    /// or are dropped (`latest: false`). Every value and the completion are delivered on
    /// `scheduler`; when the upstream finishes, a value still held goes out at its time, then
    /// the completion.
    ///
    /// - Parameters:
    ///   - interval: The least time between two values sent; a negative interval counts as
    ///     zero.
    ///   - scheduler: The scheduler that measures time and delivers.
    ///   - latest: Whether a held value is the latest to arrive (`true`) or the first (`false`).
    /// - Returns: A publisher of at most one value per `interval`.
    public func throttle<Context: Scheduler>(
        for interval: Duration,
        scheduler: Context,
        latest: Bool
    ) -> Publishers.Throttle<Self, Context> {
        Publishers.Throttle(
            upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Effect {
    /// Lets at most one value per `interval` through, across every effect a store runs with the
    /// same id: the first at once, then one at the end of each interval, the latest or the first
    /// of those that came meanwhile.
    ///
    /// ```swift
    /// // Save at most once a second, however often the state changes.
    /// case .documentEdited:
    ///     return Effect.just(.save)
    ///         .throttle(id: SaveID.document, for: .seconds(1), scheduler: scheduler, latest: true)
    /// ```
    ///
    /// As in The Composable Architecture: the store remembers, per id, when a value last went
    /// through. A value that comes when that was `interval` ago or more goes through at once
    /// and opens a new interval; one that comes sooner is held until the interval ends, then
    /// sent. A newer effect with the id cancels the one in flight (it is
    /// `.cancellable(id: id, cancelInFlight: true)`), so of the values held in one interval only
    /// one is sent: the newest (`latest: true`), or the first (`latest: false`, which the store
    /// keeps for the interval so that a newer effect sends it in its place). A value that goes
    /// through at once is delivered at once, on the thread that sent it (The Composable
    /// Architecture hops to `scheduler` first); a held value is delivered on `scheduler`.
    ///
    /// The store's memory of an id lasts only while its interval is open: an id whose interval
    /// has passed is forgotten (it would behave as new anyway), so ids that come and go leave
    /// nothing behind. Throttle one id on one scheduler: times under an id are read on the
    /// clock that recorded them.
    ///
    /// Subscribed to outside a store, the effect's own values are throttled the same way, with a
    /// memory of their own. Throttling ``none`` gives ``none``.
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; the effects throttled together share it.
    ///   - interval: The least time between two values sent under `id`; a negative interval
    ///     counts as zero.
    ///   - scheduler: The scheduler whose clock measures the interval and that sends held
    ///     values.
    ///   - latest: Whether a held value is the latest to come (`true`) or the first (`false`).
    /// - Returns: The throttled effect.
    public func throttle<ID: Hashable & Sendable, Context: Scheduler>(
        id: ID,
        for interval: Duration,
        scheduler: Context,
        latest: Bool
    ) -> Effect {
        if isNone { return .none }
        return ThrottledEffect(
            self, id: EffectID(id), interval: max(interval, .zero), scheduler: scheduler,
            latest: latest
        ).asEffect
    }
}

extension Publishers {
    /// A publisher that sends at most one of its upstream's values per interval.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose values are throttled.
        public let upstream: Upstream

        /// The least time between two values sent; a negative interval counts as zero.
        public let interval: Duration

        /// The scheduler that measures time and delivers.
        public let scheduler: Context

        /// Whether a held value is the latest to arrive (`true`) or the first (`false`).
        public let latest: Bool

        /// The id whose window this throttle shares, in its subscriber's effect context.
        let sharedID: EffectID?

        /// Makes the publisher; ``Publisher/throttle(for:scheduler:latest:)`` reads better at
        /// the call site.
        public init(upstream: Upstream, interval: Duration, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            sharedID = nil
        }

        /// A throttle sharing `id`'s window (one of its own outside a store).
        init(
            upstream: Upstream, interval: Duration, scheduler: Context, latest: Bool, id: EffectID
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            sharedID = id
        }

        /// Attaches `subscriber` through the throttle.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let window: ThrottleWindow
            if let sharedID {
                // In a scoped view, the memory remembers the pair (scope, id), as the table does.
                let context = subscriber.effectContext
                window = .shared(
                    context?.throttles ?? ThrottleMemory(),
                    id: context?.resolved(sharedID) ?? sharedID)
            } else {
                window = .own
            }
            upstream.subscribe(
                ThrottleSubscription(
                    downstream: subscriber,
                    interval: max(interval, .zero),
                    scheduler: scheduler,
                    latest: latest,
                    window: window
                ))
        }
    }
}

extension Publishers.Throttle: CustomStringConvertible {
    /// `Throttle(<interval>, latest|first, <upstream>)`; `Throttle(id: <id>, …)` under an id.
    public var description: String {
        let id = sharedID.map { "id: \($0), " } ?? ""
        return "Throttle(\(id)\(interval), \(latest ? "latest" : "first"), \(upstream))"
    }
}

/// ``Effect/throttle(id:for:scheduler:latest:)``: a shared-window ``Publishers/Throttle`` run as
/// `.cancellable(id: id, cancelInFlight: true)`; a node so that mapping it maps the inner effect.
final class ThrottledEffect<Output: Sendable, Context: Scheduler>: CancellableOperatorNode {
    let id: EffectID
    let throttle: Publishers.Throttle<Effect<Output>, Context>
    let cancellable: CancellableEffect<Output>

    init(
        _ effect: Effect<Output>, id: EffectID, interval: Duration, scheduler: Context,
        latest: Bool
    ) {
        self.id = id
        throttle = Publishers.Throttle(
            upstream: effect, interval: interval, scheduler: scheduler, latest: latest, id: id)
        cancellable = CancellableEffect(id: id, cancelInFlight: true, effect: Effect(throttle))
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        ThrottledEffect<T, Context>(
            throttle.upstream.map(transform), id: id, interval: throttle.interval,
            scheduler: throttle.scheduler, latest: throttle.latest
        ).asEffect
    }

    var description: String {
        throttle.description
    }
}

/// Where a throttle's window lives.
enum ThrottleWindow: Sendable {
    /// The subscription's: values and the completion go out on the scheduler (Combine's).
    case own
    /// The memory's, under `id`: what it lets through, and a completion with nothing held, go
    /// out at once on the sending thread (The Composable Architecture's).
    case shared(ThrottleMemory, id: EffectID)
}

/// The subscription of both throttles; deliveries go through an outbox, one call at a time.
private final class ThrottleSubscription<Downstream: Subscriber, Context: Scheduler>: Subscriber,
    Subscription
{
    private let interval: Duration
    private let scheduler: Context
    private let latest: Bool
    private let window: ThrottleWindow
    private let state: Lock<MachineWithDownstream<TimedHold<Downstream.Input>, Downstream>>

    init(
        downstream: Downstream, interval: Duration, scheduler: Context, latest: Bool,
        window: ThrottleWindow
    ) {
        state = Lock(MachineWithDownstream(TimedHold(), downstream: downstream))
        self.interval = interval
        self.scheduler = scheduler
        self.latest = latest
        self.window = window
    }

    var effectContext: EffectContext? {
        state.withLock { $0.link.downstream }?.effectContext
    }

    func receive(subscription: any Subscription) {
        guard
            let downstream = state.withLock({
                $0.machine.attach(subscription) ? $0.link.downstream : nil
            })
        else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Downstream.Input) {
        let now = scheduler.now
        switch window {
        case .own:
            guard
                let wait = state.withLock({
                    $0.machine.receive(input, at: now, interval: interval, latest: latest)
                })
            else { return }
            schedule(wait)
        case .shared(let memory, let id):
            if state.withLock({ $0.machine.absorb(input, latest: latest) }) { return }
            switch memory.decide(
                input, id: id, at: now, interval: interval, latest: latest, scheduler: scheduler)
            {
            case .sendNow:
                if state.withLock({ $0.machine.sendNow(input) }) { drain() }
            case .hold(let value, let until):
                guard let wait = state.withLock({ $0.machine.hold(value, for: until - now) })
                else { return }
                schedule(wait)
            }
        }
    }

    func receive(completion: Subscribers.Completion) {
        let atOnce = if case .shared = window { true } else { false }
        // The finished upstream's subscription is released outside the lock.
        let finish = state.withLock { $0.machine.finish(atOnce: atOnce) }
        switch finish.0 {
        case .nothing: break
        case .schedule(let wait): schedule(wait)
        case .deliver: drain()
        }
    }

    func cancel() {
        let (upstream, work, dropped, downstream) = state.withLock {
            let (upstream, work, dropped) = $0.machine.cancel()
            return (upstream, work, dropped, $0.link.detach())
        }
        upstream?.cancel()
        work?.cancel()
        // Released outside the lock.
        _ = (dropped, downstream)
    }

    private func schedule(_ wait: ScheduledWait) {
        let generation = wait.generation
        let work = scheduler.schedule(after: wait.delay) { self.fire(generation) }
        // Ran already (an immediate scheduler) or cancelled meanwhile: a live handle must not
        // outlive the subscription.
        if !state.withLock({ $0.machine.keep(work, for: generation) }) {
            work.cancel()
        }
    }

    /// At the window's end: a shared window opens anew before delivering (a delivery may start
    /// another effect under the id, which must find the new window).
    private func fire(_ generation: UInt64) {
        let now = scheduler.now
        guard let delivers = state.withLock({ $0.machine.fire(generation, at: now) }) else {
            return
        }
        if case .shared(let memory, let id) = window {
            memory.recordSent(id: id, at: now, interval: interval, scheduler: scheduler)
        }
        if delivers { drain() }
    }

    private func drain() {
        while let (event, downstream) = state.withLock({ $0.pop(from: \.outbox) }) {
            switch event {
            case .value(let value): downstream.receive(value)
            case .finished: downstream.receive(completion: .finished)
            }
        }
    }
}

/// The throttle's transitions. An own window decides in ``receive(_:at:interval:latest:)``; a
/// shared one asks ``absorb(_:latest:)``, then the memory, then carries out its answer with
/// ``sendNow(_:)`` or ``hold(_:for:)``.
extension TimedHold {
    /// A value arrived at `now` (own window): returns the work to schedule if none is yet.
    mutating func receive(_ value: Value, at now: Duration, interval: Duration, latest: Bool)
        -> ScheduledWait?
    {
        if absorb(value, latest: latest) { return nil }
        guard case .idle(_, let lastSent) = stage else { return nil }
        let sendAt = lastSent.map { max(now, $0 + interval) } ?? now
        return hold(value, for: sendAt - now)
    }

    /// True if the value is settled without asking when it may go: one is held already (the
    /// newcomer replaces it if `latest`), or the subscription is not running.
    mutating func absorb(_ value: Value, latest: Bool) -> Bool {
        switch take() {
        case .idle(let upstream, let lastSent):
            stage = .idle(upstream: upstream, lastSent: lastSent)
            return false
        case .waiting(let upstream, let held, let due, let work):
            stage = .waiting(upstream: upstream, value: latest ? value : held, due: due, work: work)
            return true
        case let other:
            stage = other
            return true
        }
    }

    /// The shared window let `value` through; returns whether the caller must deliver.
    mutating func sendNow(_ value: Value) -> Bool {
        guard case .idle = stage else { return false }
        return outbox.push(.value(value))
    }

    /// Holds `value` for `delay`: the work to schedule, nil if not running.
    mutating func hold(_ value: Value, for delay: Duration) -> ScheduledWait? {
        switch take() {
        case .idle(let upstream, _), .waiting(let upstream, _, _, _):
            let work = nextWork(due: .zero)
            stage = .waiting(upstream: upstream, value: value, due: .zero, work: work)
            return ScheduledWait(generation: work.generation, delay: delay)
        case let other:
            stage = other
            return nil
        }
    }

    /// The upstream finished. With nothing held, the completion goes to the outbox now
    /// (`atOnce`) or in work scheduled at once. Hands back the upstream, to release unlocked.
    mutating func finish(atOnce: Bool) -> (Next, finished: (any Subscription)?) {
        switch take() {
        case .idle(let upstream, _) where atOnce:
            stage = .ended
            return (outbox.push(.finished) ? .deliver : .nothing, upstream)
        case .idle(let upstream, _):
            let work = nextWork(due: .zero)
            stage = .finishing(value: nil, due: .zero, work: work)
            return (.schedule(ScheduledWait(generation: work.generation, delay: .zero)), upstream)
        case .waiting(let upstream, let value, let due, let work):
            stage = .finishing(value: value, due: due, work: work)
            return (.nothing, upstream)
        case let other:
            stage = other
            return (.nothing, nil)
        }
    }

    /// The throttle's work under `generation` runs at `now`: returns whether the caller must
    /// deliver, nil if the work is stale.
    mutating func fire(_ generation: UInt64, at now: Duration) -> Bool? {
        switch take() {
        case .waiting(let upstream, let value, _, let work) where work.generation == generation:
            stage = .idle(upstream: upstream, lastSent: now)
            return outbox.push(.value(value))
        case .finishing(let value, _, let work) where work.generation == generation:
            stage = .ended
            let delivers = value.map { outbox.push(.value($0)) } ?? false
            return outbox.push(.finished) || delivers
        case let other:
            stage = other
            return nil
        }
    }
}
