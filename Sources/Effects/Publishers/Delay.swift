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
        /// A single value (`Just(x).delay(…)`) takes the runtime's one-object path; any other
        /// upstream goes through a relay that delivers its events in order, one at a time.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            let delay = max(interval, .zero)
            if Upstream.self == Just<Output>.self {
                let just = unsafeBitCast(upstream, to: Just<Output>.self)
                DelayedValue(
                    just.output, to: subscriber, context: nil, identified: nil, isRoot: false
                )
                .start(after: delay, on: scheduler)
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
    /// Calls `receiveValue` with every value once the delay has passed.
    ///
    /// The same as ``Publisher/sink(receiveValue:)``; over a single value (`Just(x).delay(…)`)
    /// the delivery and its cancellation are one object, and the cancellable another.
    ///
    /// - Parameter receiveValue: Called with each value, on the scheduler.
    /// - Returns: A cancellable that drops what is still waiting when cancelled or released.
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Calls `receiveValue` with every value, then `receiveCompletion`, each once the delay has
    /// passed.
    ///
    /// The same as ``Publisher/sink(receiveCompletion:receiveValue:)``; over a single value the
    /// subscriber keeps no subscription, because the delivery is itself the cancellable.
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
        guard Upstream.self == Just<Output>.self else {
            return attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
        let just = unsafeBitCast(upstream, to: Just<Output>.self)
        let delivery = DelayedValue(
            just.output,
            to: ClosureSubscriber(receiveCompletion: receiveCompletion, receiveValue: receiveValue),
            context: nil,
            identified: nil,
            isRoot: false
        )
        // Not clamped here: every scheduler counts a negative delay as zero.
        delivery.start(after: interval, on: scheduler)
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
