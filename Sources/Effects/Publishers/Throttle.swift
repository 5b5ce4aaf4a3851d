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

        /// Makes the publisher; ``Publisher/throttle(for:scheduler:latest:)`` reads better at
        /// the call site.
        ///
        /// - Parameters:
        ///   - upstream: The publisher whose values are throttled.
        ///   - interval: The least time between two values sent.
        ///   - scheduler: The scheduler that measures time and delivers.
        ///   - latest: Whether a held value is the latest to arrive or the first.
        public init(upstream: Upstream, interval: Duration, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        /// Attaches `subscriber` through the throttle; each subscription keeps its own time.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                ThrottleSubscription(
                    downstream: subscriber,
                    interval: max(interval, .zero),
                    scheduler: scheduler,
                    latest: latest
                ))
        }
    }
}

extension Publishers.Throttle: CustomStringConvertible {
    /// `Throttle(<interval>, latest|first, <upstream>)`.
    public var description: String {
        "Throttle(\(interval), \(latest ? "latest" : "first"), \(upstream))"
    }
}

/// Holds the value to send next and the one piece of work scheduled to send it; deliveries go
/// through an outbox so that the downstream is called one call at a time.
private final class ThrottleSubscription<Downstream: Subscriber, Context: Scheduler>: Subscriber,
    Subscription
{
    private let interval: Duration
    private let scheduler: Context
    private let latest: Bool
    private let state: Lock<MachineWithDownstream<ThrottleState<Downstream.Input>, Downstream>>

    init(downstream: Downstream, interval: Duration, scheduler: Context, latest: Bool) {
        state = Lock(MachineWithDownstream(ThrottleState(), downstream: downstream))
        self.interval = interval
        self.scheduler = scheduler
        self.latest = latest
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
        guard
            let wait = state.withLock({
                $0.machine.receive(input, at: now, interval: interval, latest: latest)
            })
        else { return }
        schedule(wait)
    }

    func receive(completion: Subscribers.Completion) {
        let (wait, finished) = state.withLock { $0.machine.finish() }
        // The finished upstream's subscription is released here, outside the lock.
        _ = finished
        if let wait { schedule(wait) }
    }

    func cancel() {
        let (upstream, work, dropped, downstream) = state.withLock {
            let (upstream, work, dropped) = $0.machine.cancel()
            return (upstream, work, dropped, $0.link.detach())
        }
        upstream?.cancel()
        work?.cancel()
        // What was dropped, and the downstream, are released here, outside the lock.
        _ = (dropped, downstream)
    }

    /// Schedules the work that will send what is held, and keeps its handle so that cancelling
    /// releases it. At most one piece of work is pending at a time, so the work that runs needs
    /// no generation of its own: it is the one scheduled (or finds the subscription ended).
    private func schedule(_ wait: ScheduledWait) {
        let work = scheduler.schedule(after: wait.delay) { self.fire() }
        // Ran already (an immediate scheduler), or cancelled meanwhile: cancelling a spent
        // handle is harmless, and a live one must not outlive the subscription.
        if !state.withLock({ $0.machine.keep(work, for: wait.generation) }) {
            work.cancel()
        }
    }

    private func fire() {
        let now = scheduler.now
        guard state.withLock({ $0.machine.fire(at: now) }) else { return }
        while let (event, downstream) = state.withLock({ $0.pop(from: \.outbox) }) {
            switch event {
            case .value(let value): downstream.receive(value)
            case .finished: downstream.receive(completion: .finished)
            }
        }
    }
}

/// The throttle's state machine: where the subscription stands, when a value was last sent, the
/// value held and the one piece of scheduled work that sends it. Pure: its transitions return
/// what the subscription must do outside its lock.
struct ThrottleState<Value> {
    /// The piece of work scheduled to send what is held.
    struct Work {
        let generation: UInt64
        /// The scheduler's handle, once `schedule` has returned it.
        var handle: (any Cancellable)?
    }

    enum Stage {
        case awaitingSubscription
        /// Running, nothing held; `lastSent` is when the last value was sent, on the
        /// scheduler's clock (nil before the first).
        case idle(upstream: any Subscription, lastSent: Duration?)
        /// `value` is held until `work` runs.
        case holding(upstream: any Subscription, value: Value, work: Work)
        /// The upstream finished: `work` sends `value` (if any), then the completion.
        case finishing(value: Value?, work: Work)
        /// Cancelled, or the completion was handed to the outbox.
        case ended
    }

    private(set) var stage = Stage.awaitingSubscription
    /// The generation of the last work scheduled.
    private(set) var generation: UInt64 = 0
    var outbox = SerialOutbox<Value>()

    /// Keeps the upstream's subscription; false if one came already or the subscription ended.
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = stage else { return false }
        stage = .idle(upstream: subscription, lastSent: nil)
        return true
    }

    /// A value arrived at `now`: held, to go out at once if nothing was sent for `interval`,
    /// otherwise `interval` after the last one sent. While one is held, a newer one replaces
    /// it (`latest`) or is dropped. Returns the work to schedule if none is scheduled yet.
    mutating func receive(_ value: Value, at now: Duration, interval: Duration, latest: Bool)
        -> ScheduledWait?
    {
        switch take() {
        case .idle(let upstream, let lastSent):
            let sendAt = lastSent.map { max(now, $0 + interval) } ?? now
            let work = nextWork()
            stage = .holding(upstream: upstream, value: value, work: work)
            return ScheduledWait(generation: work.generation, delay: sendAt - now)
        case .holding(let upstream, let held, let work):
            stage = .holding(upstream: upstream, value: latest ? value : held, work: work)
            return nil
        case let other:
            stage = other
            return nil
        }
    }

    /// The upstream finished: the work sends the held value, if any, then the completion; with
    /// nothing held, work is scheduled to send the completion at once. Hands back the finished
    /// upstream's subscription, for the caller to release outside the lock.
    mutating func finish() -> (ScheduledWait?, finished: (any Subscription)?) {
        switch take() {
        case .idle(let upstream, _):
            let work = nextWork()
            stage = .finishing(value: nil, work: work)
            return (ScheduledWait(generation: work.generation, delay: .zero), upstream)
        case .holding(let upstream, let value, let work):
            stage = .finishing(value: value, work: work)
            return (nil, upstream)
        case let other:
            stage = other
            return (nil, nil)
        }
    }

    /// Keeps the handle of the work scheduled under `generation`; false if that work ran, was
    /// replaced, or the subscription ended meanwhile.
    mutating func keep(_ handle: any Cancellable, for generation: UInt64) -> Bool {
        switch take() {
        case .holding(let upstream, let value, var work)
        where work.generation == generation && work.handle == nil:
            work.handle = handle
            stage = .holding(upstream: upstream, value: value, work: work)
            return true
        case .finishing(let value, var work)
        where work.generation == generation && work.handle == nil:
            work.handle = handle
            stage = .finishing(value: value, work: work)
            return true
        case let other:
            stage = other
            return false
        }
    }

    /// The scheduled work runs at `now`: true if the caller must deliver from the outbox.
    mutating func fire(at now: Duration) -> Bool {
        switch take() {
        case .holding(let upstream, let value, _):
            stage = .idle(upstream: upstream, lastSent: now)
            return outbox.push(.value(value))
        case .finishing(let value, _):
            stage = .ended
            let delivers = value.map { outbox.push(.value($0)) } ?? false
            return outbox.push(.finished) || delivers
        case .ended:
            return false
        case .awaitingSubscription, .idle:
            preconditionFailure("ThrottleState: scheduled work ran while none was scheduled")
        }
    }

    /// Cancelled: ends everything and hands back what must be cancelled and released outside
    /// the lock.
    mutating func cancel() -> (
        upstream: (any Subscription)?, work: (any Cancellable)?,
        dropped: (Value?, FIFOQueue<SerialOutbox<Value>.Event>)
    ) {
        let taken = take()
        stage = .ended
        switch taken {
        case .ended:
            return (nil, nil, (nil, FIFOQueue()))
        case .awaitingSubscription:
            return (nil, nil, (nil, outbox.close()))
        case .idle(let upstream, _):
            return (upstream, nil, (nil, outbox.close()))
        case .holding(let upstream, let value, let work):
            return (upstream, work.handle, (value, outbox.close()))
        case .finishing(let value, let work):
            return (nil, work.handle, (value, outbox.close()))
        }
    }

    private mutating func nextWork() -> Work {
        generation &+= 1
        return Work(generation: generation)
    }

    /// Moves the stage out (leaving `.ended` until the caller puts one back), so that what its
    /// case holds is moved rather than copied.
    private mutating func take() -> Stage {
        var taken = Stage.ended
        swap(&taken, &stage)
        return taken
    }
}
