extension Publisher {
    /// Finishes if the upstream goes `interval` without sending a value.
    ///
    /// ```swift
    /// Effect.run { send in await send(.scoresLoaded(await server.scores())) }
    ///     .timeout(.seconds(5), scheduler: scheduler)   // no answer in 5 s: give up
    /// ```
    ///
    /// The wait starts at subscription and starts again with every value. When it runs out, the
    /// upstream is cancelled and the publisher finishes. As in Combine, every value and the
    /// completion are delivered on `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: How long the upstream may stay silent; a negative interval counts as zero.
    ///   - scheduler: The scheduler that measures the wait and delivers.
    /// - Returns: A publisher of the upstream's values that finishes when they stop coming.
    public func timeout<Context: Scheduler>(
        _ interval: Duration,
        scheduler: Context
    ) -> Publishers.Timeout<Self, Context> {
        Publishers.Timeout(
            upstream: self, interval: interval, scheduler: scheduler, timeoutOutput: nil)
    }

    /// Sends `output`, then finishes, if the upstream goes `interval` without sending a value.
    ///
    /// ```swift
    /// loadScores
    ///     .timeout(.seconds(5), scheduler: scheduler, sending: .scoresTimedOut)
    /// ```
    ///
    /// Combine fails with a custom error here; publishers in this package cannot fail, so the
    /// timeout is a value of the output, usually an action saying what happened.
    ///
    /// - Parameters:
    ///   - interval: How long the upstream may stay silent; a negative interval counts as zero.
    ///   - scheduler: The scheduler that measures the wait and delivers.
    ///   - output: The value sent when the wait runs out, before the completion.
    /// - Returns: A publisher of the upstream's values, or of them and `output`.
    public func timeout<Context: Scheduler>(
        _ interval: Duration,
        scheduler: Context,
        sending output: Output
    ) -> Publishers.Timeout<Self, Context> {
        Publishers.Timeout(
            upstream: self, interval: interval, scheduler: scheduler, timeoutOutput: output)
    }
}

extension Publishers {
    /// A publisher that finishes, or sends a given value and finishes, when its upstream stays
    /// silent too long.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher that must keep sending.
        public let upstream: Upstream

        /// How long the upstream may stay silent; a negative interval counts as zero.
        public let interval: Duration

        /// The scheduler that measures the wait and delivers.
        public let scheduler: Context

        /// The value sent when the wait runs out, or nil to just finish.
        public let timeoutOutput: Output?

        /// Makes the publisher; ``Publisher/timeout(_:scheduler:)`` and
        /// ``Publisher/timeout(_:scheduler:sending:)`` read better at the call site.
        public init(
            upstream: Upstream, interval: Duration, scheduler: Context, timeoutOutput: Output?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.timeoutOutput = timeoutOutput
        }

        /// Attaches `subscriber`: its wait starts now, and its events come through `scheduler`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.subscribe(
                TimeoutSubscription(
                    downstream: DelayFeed(
                        downstream: subscriber, interval: .zero, scheduler: scheduler),
                    interval: max(interval, .zero),
                    scheduler: scheduler,
                    timeoutOutput: timeoutOutput
                ))
        }
    }
}

extension Publishers.Timeout: CustomStringConvertible {
    /// `Timeout(<interval>, <upstream>)`, or `Timeout(<interval>, sending: <value>, <upstream>)`.
    public var description: String {
        if let timeoutOutput {
            return "Timeout(\(interval), sending: \(timeoutOutput), \(upstream))"
        }
        return "Timeout(\(interval), \(upstream))"
    }
}

/// Watches the upstream's silence with one piece of scheduled work, which a value only moves
/// (run early, it schedules itself again); events go to the relay that delivers on the scheduler.
private final class TimeoutSubscription<Relay: Subscriber, Context: Scheduler>: Subscriber,
    Subscription
{
    private let downstream: Relay
    private let interval: Duration
    private let scheduler: Context
    private let timeoutOutput: Relay.Input?
    private let state = Lock(TimeoutState())

    init(downstream: Relay, interval: Duration, scheduler: Context, timeoutOutput: Relay.Input?) {
        self.downstream = downstream
        self.interval = interval
        self.scheduler = scheduler
        self.timeoutOutput = timeoutOutput
    }

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        let now = scheduler.now
        guard let wait = state.withLock({ $0.attach(subscription, at: now, interval: interval) })
        else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
        schedule(wait)
    }

    func receive(_ input: Relay.Input) {
        let now = scheduler.now
        guard state.withLock({ $0.receive(at: now, interval: interval) }) else { return }
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion) {
        let (finished, work) = state.withLock { $0.cancel() }
        guard finished != nil else { return }
        work?.cancel()
        downstream.receive(completion: .finished)
    }

    func cancel() {
        let (upstream, work) = state.withLock { $0.cancel() }
        upstream?.cancel()
        work?.cancel()
    }

    private func schedule(_ wait: ScheduledWait) {
        let work = scheduler.schedule(after: wait.delay) { self.fire(wait.generation) }
        if !state.withLock({ $0.keep(work, for: wait.generation) }) {
            work.cancel()
        }
    }

    private func fire(_ generation: UInt64) {
        let now = scheduler.now
        switch state.withLock({ $0.fire(generation, at: now) }) {
        case .nothing:
            return
        case .waitAgain(let wait):
            schedule(wait)
        case .timedOut(let upstream):
            upstream.cancel()
            if let timeoutOutput {
                downstream.receive(timeoutOutput)
            }
            downstream.receive(completion: .finished)
        }
    }
}

/// The timeout's state machine; its transitions return what to do outside the lock.
private struct TimeoutState {
    enum Stage {
        case awaitingSubscription
        case running(any Subscription)
        case ended
    }

    enum Firing {
        case nothing
        case waitAgain(ScheduledWait)
        /// The wait ran out: cancel the upstream, then send the timeout's events.
        case timedOut(any Subscription)
    }

    var stage = Stage.awaitingSubscription
    /// When the upstream's silence becomes too long.
    var deadline = Duration.zero
    var work: (generation: UInt64, due: Duration, handle: (any Cancellable)?)?
    var generation: UInt64 = 0

    mutating func attach(_ subscription: any Subscription, at now: Duration, interval: Duration)
        -> ScheduledWait?
    {
        guard case .awaitingSubscription = stage else { return nil }
        stage = .running(subscription)
        deadline = now + interval
        return arm(due: deadline, delay: interval)
    }

    /// A value arrived at `now`; true if it goes on.
    mutating func receive(at now: Duration, interval: Duration) -> Bool {
        guard case .running = stage else { return false }
        deadline = now + interval
        return true
    }

    mutating func keep(_ handle: any Cancellable, for generation: UInt64) -> Bool {
        guard let work, work.generation == generation, work.handle == nil else { return false }
        self.work = (generation, work.due, handle)
        return true
    }

    mutating func fire(_ generation: UInt64, at now: Duration) -> Firing {
        guard let work, work.generation == generation, case .running(let upstream) = stage else {
            return .nothing
        }
        // The work is for `work.due`; only a value can have moved the deadline beyond it.
        let reached = max(now, work.due)
        if deadline > reached {
            return .waitAgain(arm(due: deadline, delay: deadline - reached))
        }
        self.work = nil
        stage = .ended
        return .timedOut(upstream)
    }

    /// Ends the watch: the upstream (nil if not running: a completion then came too late) and the
    /// work, to release and cancel unlocked.
    mutating func cancel() -> (upstream: (any Subscription)?, work: (any Cancellable)?) {
        let upstream: (any Subscription)?
        switch stage {
        case .ended: return (nil, nil)
        case .running(let subscription): upstream = subscription
        case .awaitingSubscription: upstream = nil
        }
        stage = .ended
        defer { work = nil }
        return (upstream, work?.handle)
    }

    private mutating func arm(due: Duration, delay: Duration) -> ScheduledWait {
        generation &+= 1
        work = (generation, due, nil)
        return ScheduledWait(generation: generation, delay: delay)
    }
}
