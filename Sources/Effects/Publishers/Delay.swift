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
            let delay = max(interval, .zero)
            if let value = singleValue {
                DelayedValue(value, to: subscriber).start(after: delay, on: scheduler)
            } else {
                subscribeThroughRelay(subscriber, delay: delay)
            }
        }

        /// The upstream's one value, when it is a single value that finishes at once: a
        /// `DelayedValue` then delivers it with the completion in one piece of scheduled work.
        @inlinable
        var singleValue: Output? {
            if let just = upstream as? Just<Output> { return just.output }
            if let effect = upstream as? Effect<Output>, case .just(let value) = effect.operation {
                return value
            }
            return nil
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
    @inlinable
    public func sink(receiveValue: @escaping @Sendable (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Calls `receiveValue` with every value, then `receiveCompletion`, each once the delay has
    /// passed: the same as ``Publisher/sink(receiveCompletion:receiveValue:)``.
    ///
    /// Over a single value, the delayed value is itself the cancellable and calls the closures,
    /// with no `Sink` between (see the Performance article's decision log).
    @inlinable
    public func sink(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Output) -> Void
    ) -> AnyCancellable {
        guard let value = singleValue else {
            return attachSink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
        let delivery = DelayedValue(
            value,
            to: ClosureSubscriber(receiveCompletion: receiveCompletion, receiveValue: receiveValue))
        delivery.start(after: max(interval, .zero), on: scheduler)
        return AnyCancellable(consume delivery)
    }
}

extension Publishers.Delay: CustomStringConvertible {
    /// `Delay(<interval>, <upstream>)`, for example `Delay(1.0 seconds, Just(unFlip))`.
    public var description: String {
        "Delay(\(interval), \(upstream))"
    }
}

/// ``Effect/delay(for:scheduler:)``: a node, so that an effect's type names no scheduler and
/// mapping it maps the effect inside. A delayed single value starts as its own `DelayedValue`.
final class DelayedEffect<Output: Sendable>: EffectNode {
    let effect: Effect<Output>
    let interval: Duration
    let scheduler: any Scheduler
    let delayedValue: DelayedValueStart<Output>?

    init(effect: Effect<Output>, interval: Duration, scheduler: any Scheduler) {
        self.effect = effect
        self.interval = interval
        self.scheduler = scheduler
        if case .just(let value) = effect.operation {
            delayedValue = DelayedValueStart(value: value, interval: interval, scheduler: scheduler)
        } else {
            delayedValue = nil
        }
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

    /// A single value starts as its `DelayedValue`, itself the root the context counts.
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: Downstream, id: EffectID?,
        replacingInFlight: Bool
    ) where Downstream.Input == Output {
        guard let delayed = delayedValue else {
            context.startRoot(sendingTo: downstream, id: id, replacingInFlight: replacingInFlight) {
                subscribe($0, context: context)
            }
            return
        }
        // Its own start is unmarked and unscoped: marking it gives a start.
        let start = id.flatMap { delayed.marked(with: $0, replacingInFlight: replacingInFlight) }
        (start ?? delayed).start(in: context, sendingTo: downstream)
    }

    func map<T: Sendable>(_ transform: @escaping @Sendable (Output) -> T) -> Effect<T> {
        DelayedEffect<T>(effect: effect.map(transform), interval: interval, scheduler: scheduler)
            .asEffect
    }

    var description: String {
        "Delay(\(interval), \(effect))"
    }
}

/// What a context needs to start a delayed single value as a root, where the downstream's type
/// is known (``EffectContext/start(_:sendingTo:)``); marked by a `.cancellable`, mapped by a scope.
@usableFromInline
package final class DelayedValueStart<Output: Sendable>: Sendable {
    @usableFromInline let value: Output
    @usableFromInline let interval: Duration
    @usableFromInline let scheduler: any Scheduler
    @usableFromInline let id: EffectID?
    @usableFromInline let replacingInFlight: Bool
    /// The scope it runs in, if a scoped effect holds it: its id then means the pair (scope, id).
    @usableFromInline let scope: EffectID?

    @usableFromInline
    init(
        value: Output, interval: Duration, scheduler: any Scheduler, id: EffectID? = nil,
        replacingInFlight: Bool = false, scope: EffectID? = nil
    ) {
        self.value = value
        self.interval = interval
        self.scheduler = scheduler
        self.id = id
        self.replacingInFlight = replacingInFlight
        self.scope = scope
    }

    /// The same start, marked with `id`: nil when it runs in a scope, where an id marking the
    /// scoped effect from outside means what it says outside, not inside.
    func marked(with id: EffectID, replacingInFlight: Bool) -> DelayedValueStart? {
        guard self.id == nil, scope == nil else { return nil }
        return DelayedValueStart(
            value: value, interval: interval, scheduler: scheduler, id: id,
            replacingInFlight: replacingInFlight)
    }

    /// The same start, with its value transformed and run in `scope`: nil when it runs in a
    /// scope already (a scope inside a scope starts through the scoped effects' own code).
    @inlinable
    func scoped<Parent: Sendable>(
        to scope: EffectID, map transform: (Output) -> Parent
    ) -> DelayedValueStart<Parent>? {
        guard self.scope == nil else { return nil }
        return DelayedValueStart<Parent>(
            value: transform(value), interval: interval, scheduler: scheduler, id: id,
            replacingInFlight: replacingInFlight, scope: scope)
    }

    @inlinable
    func start<Downstream: Subscriber>(
        in context: EffectContext, sendingTo downstream: consuming Downstream
    ) where Downstream.Input == Output {
        DelayedValue(
            value, to: downstream, rootOf: context, in: scope.map(context.resolved), id: id
        )
        .start(after: interval, on: scheduler, replacingInFlight: replacingInFlight)
    }
}

/// One value delivered once after a delay, then the completion: the subscription of a delay over
/// a single value, in a store or not (then itself the root the context counts).
///
/// ``DelayedValueState`` decides the race between firing and a cancel; once either has won,
/// nothing is kept. Not generic: the downstream and the value are captured in one function
/// (``Delivery``), so calls through `any Cancellable` or `any RunningEffect` look up no generic
/// metadata (see the Performance article's decision log).
@usableFromInline
final class DelayedValue: Subscription, RunningEffect {
    @usableFromInline
    enum Event: Sendable {
        case subscription(DelayedValue)
        case value
        case finished
    }

    @usableFromInline
    typealias Delivery = @Sendable (Event) -> Void

    @usableFromInline let context: EffectContext?
    /// As the context's books name it: resolved once, so its beginning and end use one object.
    @usableFromInline let id: EffectID?
    /// The scope inside `context`'s it runs in, for a scoped effect's delayed value.
    @usableFromInline let scope: EffectID?
    @usableFromInline let state: Lock<DelayedValueState>

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

    @usableFromInline
    init(
        rootOf context: EffectContext?, in scope: EffectID?, id: EffectID?,
        delivery: consuming @escaping Delivery
    ) {
        state = Lock(.scheduling(consume delivery))
        self.scope = context == nil ? nil : scope
        if let context, scope != nil || context.scope != nil, let id {
            self.id = context.resolved(id, in: scope)
        } else {
            self.id = context == nil ? nil : id
        }
        self.context = context
    }

    /// Hands the downstream its subscription, then schedules the delivery. A root first joins
    /// its context's books, and starts nothing if the context is closed.
    @usableFromInline
    func start<Context: Scheduler>(
        after interval: Duration, on scheduler: Context, replacingInFlight: Bool = false
    ) {
        guard context?.begin(self, id: id, in: scope, replacingInFlight: replacingInFlight) ?? true
        else { return }
        // Nil when cancelled by id already, from another thread.
        var delivery: Delivery? = nil
        state.withLock { delivery = $0.subscribing() }
        guard let delivery else { return }
        delivery(.subscription(self))
        var work = Optional(scheduler.schedule(after: interval, firing))
        switch state.withLock({ $0.arrive(work.take()!) }) {
        case .kept:
            break
        case .spent(let spent):
            // Fired meanwhile (an immediate scheduler, or another thread): released unlocked.
            _ = consume spent
        case .cancelled(let scheduled):
            scheduled.cancel()
        }
    }

    /// Made outside the generic `start`, so that it captures this object alone.
    private var firing: @Sendable () -> Void {
        { self.fire() }
    }

    @usableFromInline
    func fire() {
        switch state.withLock({ $0.fire() }) {
        case .none:
            return
        case .delivery(let delivery):
            deliver(delivery)
        case .deliveryAndWork(let delivery, let spent):
            _ = consume spent
            deliver(delivery)
        }
    }

    private func deliver(_ delivery: Delivery) {
        delivery(.value)
        // Out of the books before the completion: whoever waits for the store to be idle finds
        // the action handled.
        leaveBooks()
        delivery(.finished)
    }

    @usableFromInline
    func cancel() {
        guard end() != nil else { return }
        leaveBooks()
    }

    /// Finishes its downstream, which may be waiting for it.
    @usableFromInline
    func cancelByID() {
        guard let delivery = end() else { return }
        leaveBooks()
        delivery(.finished)
    }

    /// The downstream is let go too: a store's sink holds the store's core, which a scheduler
    /// keeping cancelled work until its time must not keep.
    @usableFromInline
    func stop() {
        _ = end()
    }

    /// The delivery it held, for the caller to release unlocked; nil once fired or cancelled.
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
@usableFromInline
enum DelayedValueState: Sendable {
    @usableFromInline
    enum Step: Sendable {
        case none
        /// The scheduler had not handed the work's handle back yet.
        case delivery(DelayedValue.Delivery)
        case deliveryAndWork(DelayedValue.Delivery, any Cancellable)
    }

    @usableFromInline
    enum Arrival: Sendable {
        case kept
        case spent(any Cancellable)
        case cancelled(any Cancellable)
    }

    case scheduling(DelayedValue.Delivery)
    case waiting(any Cancellable, DelayedValue.Delivery)
    case fired
    case cancelled

    @usableFromInline
    var delivery: DelayedValue.Delivery? {
        switch self {
        case .scheduling(let delivery), .waiting(_, let delivery): delivery
        case .fired, .cancelled: nil
        }
    }

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

    @usableFromInline
    mutating func fire() -> Step {
        switch consume self {
        case .scheduling(let delivery):
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

/// Re-delivers everything an upstream sends on a scheduler, after a delay (zero for
/// `receive(on:)` and a timeout), one call at a time.
///
/// Each event waits in `State.events` with the handle of its own scheduled work; the work
/// captures only the relay and releases the oldest event (all wait the same delay, so the
/// oldest is due). Whichever thread released first delivers them all.
///
/// Size and cost: `events` holds the events not yet delivered; appending, popping the oldest and
/// finding an event's slot by its ticket are O(1). Cancelling is O(waiting events).
final class ScheduledRelay<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription {
    typealias Input = Downstream.Input

    private enum Event {
        case value(Input)
        case finished
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
            case .finished(let downstream, let upstream):
                downstream.receive(completion: .finished)
                // The relay's last references to both, released outside the lock.
                _ = upstream
                return
            }
        }
    }

    private enum Released {
        case value(Input, Downstream)
        /// The completion, which ends the relay.
        case finished(Downstream, upstream: (any Subscription)?)
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
                return .finished(downstream, upstream: upstream)
            }
        }
    }
}
