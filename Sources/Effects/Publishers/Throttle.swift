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
    private let downstream: Downstream
    private let interval: Duration
    private let scheduler: Context
    private let latest: Bool
    private let state = Lock(ThrottleState<Downstream.Input>())

    init(downstream: Downstream, interval: Duration, scheduler: Context, latest: Bool) {
        self.downstream = downstream
        self.interval = interval
        self.scheduler = scheduler
        self.latest = latest
    }

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        guard state.withLock({ $0.attach(subscription) }) else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Downstream.Input) {
        let now = scheduler.now
        guard
            let wait = state.withLock({
                $0.receive(input, at: now, interval: interval, latest: latest)
            })
        else { return }
        schedule(wait)
    }

    func receive(completion: Subscribers.Completion) {
        let (wait, finished) = state.withLock { $0.finish() }
        // The finished upstream's subscription is released here, outside the lock.
        _ = finished
        if let wait { schedule(wait) }
    }

    func cancel() {
        let (upstream, work, dropped) = state.withLock { $0.cancel() }
        upstream?.cancel()
        work?.cancel()
        _ = dropped
    }

    private func schedule(_ wait: ScheduledWait) {
        let work = scheduler.schedule(after: wait.delay) { self.fire(wait.generation) }
        if !state.withLock({ $0.keep(work, for: wait.generation) }) {
            work.cancel()
        }
    }

    private func fire(_ generation: UInt64) {
        let now = scheduler.now
        guard state.withLock({ $0.fire(generation, at: now) }) else { return }
        while let event = state.withLock({ $0.outbox.pop() }) {
            switch event {
            case .value(let value): downstream.receive(value)
            case .finished: downstream.receive(completion: .finished)
            }
        }
    }
}

/// The throttle's state machine; its transitions return what to do outside the lock.
private struct ThrottleState<Value> {
    enum Stage {
        case awaitingSubscription
        case running(any Subscription)
        /// The upstream finished: the completion goes out after the held value, if any.
        case finishing
        case ended
    }

    var stage = Stage.awaitingSubscription
    /// When the last value was sent, on the scheduler's clock; nil before the first.
    var lastSent: Duration?
    /// The value the scheduled work will send.
    var held: Value?
    /// The scheduled work, under its generation; nil when none is scheduled.
    var work: (generation: UInt64, handle: (any Cancellable)?)?
    var generation: UInt64 = 0
    var outbox = SerialOutbox<Value>()

    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = stage else { return false }
        stage = .running(subscription)
        return true
    }

    mutating func receive(_ value: Value, at now: Duration, interval: Duration, latest: Bool)
        -> ScheduledWait?
    {
        guard case .running = stage else { return nil }
        if work != nil {
            if latest { held = value }
            return nil
        }
        held = value
        let sendAt = lastSent.map { max(now, $0 + interval) } ?? now
        return arm(delay: sendAt - now)
    }

    mutating func finish() -> (ScheduledWait?, finished: (any Subscription)?) {
        guard case .running(let upstream) = stage else { return (nil, nil) }
        stage = .finishing
        return (work == nil ? arm(delay: .zero) : nil, upstream)
    }

    mutating func keep(_ handle: any Cancellable, for generation: UInt64) -> Bool {
        guard let work, work.generation == generation, work.handle == nil else { return false }
        self.work = (generation, handle)
        return true
    }

    /// The work scheduled under `generation` runs at `now`; true if the caller must deliver.
    mutating func fire(_ generation: UInt64, at now: Duration) -> Bool {
        guard let work, work.generation == generation else { return false }
        self.work = nil
        var delivers = false
        switch stage {
        case .running:
            break
        case .finishing:
            stage = .ended
        case .awaitingSubscription, .ended:
            return false
        }
        if let value = held.take() {
            lastSent = now
            delivers = outbox.push(.value(value))
        }
        if case .ended = stage {
            delivers = outbox.push(.finished) || delivers
        }
        return delivers
    }

    mutating func cancel() -> (
        upstream: (any Subscription)?, work: (any Cancellable)?,
        dropped: (Value?, FIFOQueue<SerialOutbox<Value>.Event>)
    ) {
        var upstream: (any Subscription)?
        switch stage {
        case .ended: return (nil, nil, (nil, FIFOQueue()))
        case .running(let subscription): upstream = subscription
        case .awaitingSubscription, .finishing: upstream = nil
        }
        stage = .ended
        defer { work = nil }
        return (upstream, work?.handle, (held.take(), outbox.close()))
    }

    private mutating func arm(delay: Duration) -> ScheduledWait {
        generation &+= 1
        work = (generation, nil)
        return ScheduledWait(generation: generation, delay: delay)
    }
}
