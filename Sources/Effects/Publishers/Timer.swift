extension Publishers {
    /// A publisher that ticks every `interval` on a scheduler, sending the scheduler's time at
    /// each tick, until cancelled.
    ///
    /// ```swift
    /// // A game clock: one action a second while the game runs.
    /// let ticks = Publishers.Timer(every: .seconds(1), scheduler: scheduler)
    ///     .map { _ in Action.clockTicked }
    /// let clock = Effect(ticks).cancellable(id: GameTimer.clock)
    /// ```
    ///
    /// Each subscriber gets its own series of ticks, starting when it subscribes: the first
    /// tick is `interval` later, then one every `interval` on the same grid, so the ticks never
    /// drift (``Scheduler/schedule(after:interval:_:)``). On an ``ImmediateScheduler`` it ticks
    /// once, at once. The timer never finishes: cancel it, or limit it with
    /// ``Publisher/prefix(_:)``.
    ///
    /// Unlike Combine's `Timer.publish(every:on:in:).autoconnect()`, two subscribers get two
    /// series; for one series shared by every subscriber, add ``Publisher/share()``:
    ///
    /// ```swift
    /// let ticks = Publishers.Timer(every: .seconds(1), scheduler: scheduler).share()
    /// ```
    public struct Timer<Context: Scheduler>: Publisher {
        /// The scheduler's time at each tick.
        public typealias Output = Duration

        /// The time between two ticks, above zero.
        public let interval: Duration

        /// The scheduler that ticks.
        public let scheduler: Context

        /// Makes a timer that ticks every `interval` on `scheduler`.
        ///
        /// - Parameters:
        ///   - interval: The time between two ticks; must be above zero.
        ///   - scheduler: The scheduler that ticks.
        public init(every interval: Duration, scheduler: Context) {
            precondition(
                interval > .zero,
                "Publishers.Timer(every:scheduler:) needs an interval above zero (got \(interval))")
            self.interval = interval
            self.scheduler = scheduler
        }

        /// Starts a series of ticks for `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Duration {
            TimerSubscription(downstream: subscriber, scheduler: scheduler).start(every: interval)
        }
    }
}

extension Publishers.Timer: CustomStringConvertible {
    /// `Timer(every <interval>)`.
    public var description: String {
        "Timer(every \(interval))"
    }
}

/// One subscriber's ticks; a scheduler runs one run of a series at a time, so ticks reach the
/// downstream one call at a time.
private final class TimerSubscription<Downstream: Subscriber, Context: Scheduler>: Subscription
where Downstream.Input == Duration {
    /// Once cancelled, the subscription holds nothing, even while the downstream holds it.
    private enum Stage {
        case starting(Downstream)
        case ticking(Downstream, any Cancellable)
        case cancelled

        var downstream: Downstream? {
            switch self {
            case .starting(let downstream), .ticking(let downstream, _): downstream
            case .cancelled: nil
            }
        }
    }

    private let scheduler: Context
    private let stage: Lock<Stage>

    init(downstream: Downstream, scheduler: Context) {
        self.scheduler = scheduler
        stage = Lock(.starting(downstream))
    }

    func start(every interval: Duration) {
        guard let downstream = stage.withLock({ $0.downstream }) else { return }
        downstream.receive(subscription: self)
        if case .cancelled = stage.withLock({ $0 }) { return }
        let ticks = scheduler.schedule(after: interval, interval: interval) { self.tick() }
        let cancelledMeanwhile = stage.withLock { stage -> Bool in
            guard case .starting(let downstream) = stage else { return true }
            stage = .ticking(downstream, ticks)
            return false
        }
        if cancelledMeanwhile { ticks.cancel() }
    }

    func cancel() {
        let previous = stage.withLock { stage in
            defer { stage = .cancelled }
            return stage
        }
        if case .ticking(_, let ticks) = previous {
            ticks.cancel()
        }
        // The downstream is released here, outside the lock.
    }

    private func tick() {
        guard let downstream = stage.withLock({ $0.downstream }) else { return }
        downstream.receive(scheduler.now)
    }
}
