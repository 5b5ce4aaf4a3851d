extension Publisher {
    /// Sends a value only once `dueTime` has passed without a newer one: the last value of
    /// each burst, when the burst is over.
    ///
    /// ```swift
    /// let cancellable = queries   // what the user types, keystroke by keystroke
    ///     .debounce(for: .milliseconds(300), scheduler: scheduler)
    ///     .removeDuplicates()
    ///     .sink { search($0) }      // once the typing pauses for 300 ms
    /// ```
    ///
    /// Every value restarts the wait; a value is sent `dueTime` after it arrived, on
    /// `scheduler`, if no other value arrived meanwhile. When the upstream finishes, a value
    /// still waiting is sent when its wait ends, then the completion (Combine drops that value);
    /// with nothing waiting, the completion is sent on `scheduler` at once.
    ///
    /// - Parameters:
    ///   - dueTime: The quiet time a value waits for; a negative time counts as zero.
    ///   - scheduler: The scheduler that measures the wait and delivers.
    /// - Returns: A publisher of the values that were not followed by another within `dueTime`.
    /// - Complexity: O(1) per value, and one piece of scheduled work per quiet period rather
    ///   than per value: a value arriving while work is scheduled only moves its due time.
    @inlinable
    public func debounce<Context: Scheduler>(
        for dueTime: Duration,
        scheduler: Context
    ) -> Publishers.Debounce<Self, Context> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler)
    }
}

extension Effect {
    /// Starts this effect only once no other effect with the same id has come for `dueTime`:
    /// of a burst of effects with one id, only the last runs, when the burst is over.
    ///
    /// ```swift
    /// // Search as the user types: one search, 300 ms after the last keystroke.
    /// case .queryChanged(let query):
    ///     return Effect.run { send in await send(.resultsLoaded(await search(query))) }
    ///         .debounce(id: SearchID.query, for: .milliseconds(300), scheduler: scheduler)
    /// ```
    ///
    /// As in The Composable Architecture: when a store runs the effect, it cancels whatever runs
    /// under `id` (an effect still waiting, or one already started), then waits `dueTime` on
    /// `scheduler` before it starts this one, which can itself be cancelled by `id` all along.
    /// It is `.cancellable(id: id, cancelInFlight: true)` around a wait that *starts* the effect,
    /// so work such as a request is not even begun for the values the burst drops. A debounced
    /// ``just(_:)`` costs a store one scheduled delivery, like a delayed one.
    ///
    /// Subscribed to outside a store, the effect just waits, then runs. Debouncing ``none``
    /// gives ``cancel(id:)``: nothing is to run, and what waited under the id is dropped (The
    /// Composable Architecture returns `.none` and lets it run).
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; the effects debounced together share it.
    ///   - dueTime: The quiet time to wait for; a negative time counts as zero.
    ///   - scheduler: The scheduler that waits.
    /// - Returns: The debounced effect.
    public func debounce<ID: Hashable & Sendable, Context: Scheduler>(
        id: ID,
        for dueTime: Duration,
        scheduler: Context
    ) -> Effect {
        let id = EffectID(id)
        if isNone { return .cancel(id: id) }
        return DebouncedEffect(
            self, id: id, interval: max(dueTime, .zero), scheduler: scheduler
        ).asEffect
    }
}

extension Publishers {
    /// A publisher that sends its upstream's values only after a quiet period without newer ones.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        /// The output is the upstream's.
        public typealias Output = Upstream.Output

        /// The publisher whose bursts are debounced.
        public let upstream: Upstream

        /// The quiet time a value waits for; a negative time counts as zero.
        public let dueTime: Duration

        /// The scheduler that measures the wait and delivers.
        public let scheduler: Context

        /// Makes the publisher; ``Publisher/debounce(for:scheduler:)`` reads better at the call
        /// site.
        @inlinable
        public init(upstream: Upstream, dueTime: Duration, scheduler: Context) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
        }

        /// Attaches `subscriber` through the debounce.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output {
            upstream.receive(
                subscriber: DebounceSubscription(
                    downstream: subscriber, dueTime: max(dueTime, .zero), scheduler: scheduler))
        }
    }
}

extension Publishers.Debounce: CustomStringConvertible {
    /// `Debounce(<due time>, <upstream>)`.
    public var description: String {
        "Debounce(\(dueTime), \(upstream))"
    }
}

/// ``Effect/debounce(id:for:scheduler:)``: a delayed signal flat-mapped to the effect, run as
/// `.cancellable(id: id, cancelInFlight: true)`.
final class DebouncedEffect<Output: Sendable, Context: Scheduler>: CancellableOperatorNode {
    let id: EffectID
    let interval: Duration
    let scheduler: Context
    let effect: Effect<Output>
    let cancellable: CancellableEffect<Output>

    init(_ effect: Effect<Output>, id: EffectID, interval: Duration, scheduler: Context) {
        self.id = id
        self.interval = interval
        self.scheduler = scheduler
        self.effect = effect
        let start = Just(()).delay(for: interval, scheduler: scheduler).flatMap { _ in effect }
        cancellable = CancellableEffect(id: id, cancelInFlight: true, effect: Effect(start))
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        DebouncedEffect<T, Context>(
            effect.map(transform), id: id, interval: interval, scheduler: scheduler
        ).asEffect
    }

    var description: String {
        "Debounce(id: \(id), \(interval), \(effect))"
    }
}

/// Keeps the latest value and the one piece of work that sends it: a value only moves the due
/// time, and the work, run early, schedules itself again. Deliveries go through an outbox.
@usableFromInline
final class DebounceSubscription<Downstream: Subscriber, Context: Scheduler>: Subscriber,
    Subscription
{
    @usableFromInline let dueTime: Duration
    @usableFromInline let scheduler: Context
    @usableFromInline let state:
        Lock<MachineWithDownstream<TimedHold<Downstream.Input>, Downstream>>

    @inlinable
    init(downstream: Downstream, dueTime: Duration, scheduler: Context) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        state = Lock(MachineWithDownstream(TimedHold(), downstream: downstream))
    }

    @inlinable
    var effectContext: EffectContext? {
        state.withLock { $0.link.downstream }?.effectContext
    }

    @inlinable
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

    @inlinable
    func receive(_ input: Downstream.Input) {
        let now = scheduler.now
        guard let wait = state.withLock({ $0.machine.receive(input, at: now, dueTime: dueTime) })
        else {
            return
        }
        schedule(wait)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        let now = scheduler.now
        let (wait, finished) = state.withLock { $0.machine.finish(at: now) }
        // The finished upstream's subscription is released outside the lock.
        _ = finished
        if let wait { schedule(wait) }
    }

    @inlinable
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

    @inlinable
    func schedule(_ wait: ScheduledWait) {
        let work = scheduler.schedule(after: wait.delay) { self.fire() }
        // Ran already (an immediate scheduler), replaced or cancelled meanwhile: a live handle
        // must not outlive the subscription.
        if !state.withLock({ $0.machine.keep(work, for: wait.generation) }) {
            work.cancel()
        }
    }

    /// At most one piece of work is ever pending, so no generation is checked here.
    @inlinable
    func fire() {
        let now = scheduler.now
        switch state.withLock({ $0.machine.fire(at: now) }) {
        case .nothing:
            return
        case .schedule(let wait):
            schedule(wait)
        case .deliver:
            drain()
        }
    }

    @inlinable
    func drain() {
        while let (event, downstream) = state.withLock({ $0.pop(from: \.outbox) }) {
            switch event {
            case .value(let value):
                downstream.receive(value)
            case .finished:
                downstream.receive(completion: .finished)
            }
        }
    }
}

/// The pure state machine of debounce and throttle: the value held, the one piece of scheduled
/// work that sends it, and the outbox. Transitions return what to do outside the lock.
@usableFromInline
struct TimedHold<Value> {
    @usableFromInline
    struct Work {
        @usableFromInline let generation: UInt64
        /// The time it was scheduled for (a throttle's work does not read it).
        @usableFromInline let due: Duration
        /// Nil until `schedule` has returned it.
        @usableFromInline var handle: (any Cancellable)?

        @inlinable
        init(generation: UInt64, due: Duration) {
            self.generation = generation
            self.due = due
        }
    }

    @usableFromInline
    enum Stage {
        case awaitingSubscription
        /// `lastSent`: when a throttle with a window of its own last sent (nil before that, and
        /// for the others).
        case idle(upstream: any Subscription, lastSent: Duration?)
        /// `value` waits until `due` (a debounce's moves with each newer value); `work` runs at
        /// or before it.
        case waiting(upstream: any Subscription, value: Value, due: Duration, work: Work)
        /// The upstream finished: `work` sends `value` (if any), then the completion.
        case finishing(value: Value?, due: Duration, work: Work)
        /// Cancelled, or the completion was handed to the outbox.
        case ended
    }

    @usableFromInline
    enum Next {
        case nothing
        case schedule(ScheduledWait)
        case deliver
    }

    @usableFromInline var stage = Stage.awaitingSubscription
    @usableFromInline private(set) var generation: UInt64 = 0
    @usableFromInline var outbox = SerialOutbox<Value>()

    @inlinable
    init() {}

    /// Keeps the upstream's subscription; false if one came already or the subscription ended.
    @inlinable
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = stage else { return false }
        stage = .idle(upstream: subscription, lastSent: nil)
        return true
    }

    /// A value arrived at `now` (debounce): returns the work to schedule if none is yet.
    @inlinable
    mutating func receive(_ value: Value, at now: Duration, dueTime: Duration) -> ScheduledWait? {
        switch take() {
        case .idle(let upstream, _):
            let work = nextWork(due: now + dueTime)
            stage = .waiting(upstream: upstream, value: value, due: work.due, work: work)
            return ScheduledWait(generation: work.generation, delay: dueTime)
        case .waiting(let upstream, _, _, let work):
            stage = .waiting(upstream: upstream, value: value, due: now + dueTime, work: work)
            return nil
        case let other:
            stage = other
            return nil
        }
    }

    /// The upstream finished at `now` (debounce); hands back its subscription, to release
    /// unlocked.
    @inlinable
    mutating func finish(at now: Duration) -> (ScheduledWait?, finished: (any Subscription)?) {
        switch take() {
        case .idle(let upstream, _):
            let work = nextWork(due: now)
            stage = .finishing(value: nil, due: now, work: work)
            return (ScheduledWait(generation: work.generation, delay: .zero), upstream)
        case .waiting(let upstream, let value, let due, let work):
            stage = .finishing(value: value, due: due, work: work)
            return (nil, upstream)
        case let other:
            stage = other
            return (nil, nil)
        }
    }

    /// False if the work under `generation` ran, was replaced or the subscription ended.
    @inlinable
    mutating func keep(_ handle: any Cancellable, for generation: UInt64) -> Bool {
        switch take() {
        case .waiting(let upstream, let value, let due, var work)
        where work.generation == generation && work.handle == nil:
            work.handle = handle
            stage = .waiting(upstream: upstream, value: value, due: due, work: work)
            return true
        case .finishing(let value, let due, var work)
        where work.generation == generation && work.handle == nil:
            work.handle = handle
            stage = .finishing(value: value, due: due, work: work)
            return true
        case let other:
            stage = other
            return false
        }
    }

    /// The debounce's work runs at `now`, for `work.due`: late on a real clock, early on a clock
    /// that stands still. If a newer value moved `due` beyond that, it waits again for the rest.
    @inlinable
    mutating func fire(at now: Duration) -> Next {
        switch take() {
        case .waiting(let upstream, let value, let due, let work):
            if due > max(now, work.due) {
                let next = nextWork(due: due)
                stage = .waiting(upstream: upstream, value: value, due: due, work: next)
                return .schedule(
                    ScheduledWait(generation: next.generation, delay: due - max(now, work.due)))
            }
            stage = .idle(upstream: upstream, lastSent: nil)
            return outbox.push(.value(value)) ? .deliver : .nothing
        case .finishing(let value?, let due, let work):
            if due > max(now, work.due) {
                let next = nextWork(due: due)
                stage = .finishing(value: value, due: due, work: next)
                return .schedule(
                    ScheduledWait(generation: next.generation, delay: due - max(now, work.due)))
            }
            stage = .ended
            let delivers = outbox.push(.value(value))
            return outbox.push(.finished) || delivers ? .deliver : .nothing
        case .finishing(nil, _, _):
            stage = .ended
            return outbox.push(.finished) ? .deliver : .nothing
        case .ended:
            return .nothing
        case .awaitingSubscription, .idle:
            preconditionFailure("TimedHold: scheduled work ran while none was scheduled")
        }
    }

    /// Hands back what must be cancelled and released outside the lock.
    @inlinable
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
        case .waiting(let upstream, let value, _, let work):
            return (upstream, work.handle, (value, outbox.close()))
        case .finishing(let value, _, let work):
            return (nil, work.handle, (value, outbox.close()))
        }
    }

    /// The previous work, if any, is the one running now: its handle is spent.
    @inlinable
    mutating func nextWork(due: Duration) -> Work {
        generation &+= 1
        return Work(generation: generation, due: due)
    }

    /// Moves the stage out (`.ended` until put back), so its payload is moved, not copied.
    @inlinable
    mutating func take() -> Stage {
        var taken = Stage.ended
        swap(&taken, &stage)
        return taken
    }
}

/// Work a timed operator's machine asks its owner to schedule, `delay` from now; replaced or
/// cancelled work finds another `generation` when it runs, and does nothing.
@usableFromInline
struct ScheduledWait: Sendable {
    @usableFromInline let generation: UInt64
    @usableFromInline let delay: Duration

    @inlinable
    init(generation: UInt64, delay: Duration) {
        self.generation = generation
        self.delay = delay
    }
}
