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
            guard let value = singleValue else {
                return upstream.subscribe(
                    DelayFeed(downstream: subscriber, interval: delay, scheduler: scheduler))
            }
            DelayRelay(value, to: subscriber).start(after: delay, on: scheduler)
        }

        /// The upstream's one value, when it is a single value that finishes at once: a
        /// `DelayRelay` then delivers it with the completion in one piece of scheduled work.
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
        let delivery = DelayRelay(
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
/// mapping it maps the effect inside. A delayed single value starts as its own `DelayRelay`.
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

    /// A single value starts as its `DelayRelay`, itself the root the context counts.
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
        DelayRelay(
            value, to: downstream, rootOf: context, in: scope.map(context.resolved), id: id
        )
        .start(after: interval, on: scheduler, replacingInFlight: replacingInFlight)
    }
}

/// The one subscription of a delay, and the deliverer of `receive(on:)` and a timeout: hands
/// events on after an interval, in order, one call at a time. A single value needs no upstream,
/// goes with its completion in one piece of work, and in a store is the root its context counts;
/// a ``DelayFeed`` hands it any other upstream's events. ``DelayRelayState`` decides each race.
/// Not generic: the downstream is captured in closures, so calls through `any Cancellable` or
/// `any RunningEffect` look up no generic metadata (see the Performance article's decision log).
@usableFromInline
final class DelayRelay: Subscription, RunningEffect {
    @usableFromInline
    enum Event: Sendable {
        case subscription(DelayRelay)
        /// The single value; a relayed value comes with its own closure instead.
        case value
        case finished
    }

    @usableFromInline
    typealias Delivery = @Sendable (Event) -> Void

    let context: EffectContext?
    /// As the context's books name it: resolved once, so its beginning and end use one object.
    @usableFromInline let id: EffectID?
    /// The scope inside `context`'s it runs in, for a scoped effect's delayed value.
    @usableFromInline let scope: EffectID?
    let state: Lock<DelayRelayState>

    @inlinable
    convenience init<Downstream: Subscriber>(
        _ value: Downstream.Input, to downstream: consuming Downstream,
        rootOf context: EffectContext? = nil, in scope: EffectID? = nil, id: EffectID? = nil
    ) {
        let downstream = downstream
        let delivery: Delivery = { event in
            switch event {
            case .subscription(let subscription): downstream.receive(subscription: subscription)
            case .value: downstream.receive(value)
            case .finished: downstream.receive(completion: .finished)
            }
        }
        self.init(.scheduling(delivery), rootOf: context, in: scope, id: id)
    }

    /// Starts in `state`: `.scheduling` for a single value, `.relaying` for a ``DelayFeed``'s.
    @usableFromInline
    init(
        _ state: consuming DelayRelayState, rootOf context: EffectContext? = nil,
        in scope: EffectID? = nil, id: EffectID? = nil
    ) {
        self.state = Lock(consume state)
        self.scope = context == nil ? nil : scope
        if let context, scope != nil || context.scope != nil, let id {
            self.id = context.resolved(id, in: scope)
        } else {
            self.id = context == nil ? nil : id
        }
        self.context = context
    }

    /// Hands the downstream its subscription, then schedules the single value. A root first
    /// joins its context's books, and starts nothing if the context is closed.
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
        settle(state.withLock { $0.arrive(work.take()!) })
    }

    /// Hands the downstream its subscription, or cancels the upstream if cancelled first.
    func attach(_ upstream: any Subscription) {
        guard let delivery = state.withLock({ $0.attach(upstream) }) else {
            upstream.cancel()
            return
        }
        delivery(.subscription(self))
    }

    /// Schedules one relayed event: a value's delivery, or the completion (nil).
    func relay<Context: Scheduler>(
        _ value: (@Sendable () -> Void)?, after interval: Duration, on scheduler: Context
    ) {
        guard let ticket = state.withLock({ $0.enqueue(value) }) else { return }
        // A handle even for a zero delay, so that a cancel releases the work at once.
        let work = scheduler.schedule(after: interval, firing)
        settle(state.withLock { $0.arrive(work, for: ticket) })
    }

    /// Keeps a work's handle once `schedule` returned it, or releases it (fired meanwhile: an
    /// immediate scheduler, or another thread) or cancels it, outside the lock.
    private func settle(_ arrival: consuming DelayRelayState.Arrival) {
        switch consume arrival {
        case .kept:
            break
        case .spent(let spent):
            _ = consume spent
        case .cancelled(let scheduled):
            scheduled.cancel()
        }
    }

    /// Made outside the generic methods, so that it captures this object alone.
    private var firing: @Sendable () -> Void {
        { self.fire() }
    }

    func fire() {
        switch state.withLock({ $0.fire() }) {
        case .none:
            return
        case .delivery(let delivery):
            deliver(delivery)
        case .deliveryAndWork(let delivery, let spent):
            _ = consume spent
            deliver(delivery)
        case .released(let spent, let isDeliverer):
            _ = consume spent
            if isDeliverer { deliverReleased() }
        case .relayEnded:
            preconditionFailure("a firing ended a relay")
        }
    }

    private func deliver(_ delivery: Delivery) {
        delivery(.value)
        // Out of the books before the completion: whoever waits for the store to be idle finds
        // the action handled.
        leaveBooks()
        delivery(.finished)
    }

    /// Delivers the released events, those released meanwhile by other threads too, until none
    /// is left or the completion ends the relay.
    private func deliverReleased() {
        while true {
            switch state.withLock({ $0.nextReleased() }) {
            case nil:
                return
            case .value(let value):
                value()
            case .finished(let delivery, let upstream):
                delivery(.finished)
                // The relay's last references to both, released outside the lock.
                _ = consume upstream
                return
            }
        }
    }

    @usableFromInline func cancel() {
        guard end() != nil else { return }
        leaveBooks()
    }

    /// Finishes its downstream, which may be waiting for it.
    @usableFromInline func cancelByID() {
        guard let delivery = end() else { return }
        leaveBooks()
        delivery(.finished)
    }

    /// The downstream is let go too: a store's sink holds the store's core, which a scheduler
    /// keeping cancelled work until its time must not keep.
    @usableFromInline func stop() {
        _ = end()
    }

    /// The delivery it held, for the caller to release unlocked; nil once fired or cancelled.
    /// Cancels the scheduled work, and a relay's upstream.
    func end() -> Delivery? {
        switch state.withLock({ $0.cancel() }) {
        case .none, .released:
            return nil
        case .delivery(let delivery):
            return delivery
        case .deliveryAndWork(let delivery, let work):
            work.cancel()
            return delivery
        case .relayEnded(let delivery, let upstream, let waiting):
            upstream?.cancel()
            for event in waiting { event.work?.cancel() }
            return delivery
        }
    }

    func leaveBooks() {
        context?.end(self, id: id, in: scope)
    }
}

/// What a ``DelayRelay`` subscribes to an upstream with: hands it each event with the
/// downstream captured, and answers the downstream's context.
@usableFromInline
final class DelayFeed<Downstream: Subscriber, Context: Scheduler>: Subscriber {
    private let downstream: Downstream
    private let relay: DelayRelay
    private let interval: Duration
    private let scheduler: Context

    @usableFromInline
    init(downstream: Downstream, interval: Duration, scheduler: Context) {
        self.downstream = downstream
        let delivery: DelayRelay.Delivery = { event in
            switch event {
            case .subscription(let subscription): downstream.receive(subscription: subscription)
            case .finished: downstream.receive(completion: .finished)
            case .value: preconditionFailure("a relay has no single value")
            }
        }
        relay = DelayRelay(.relaying(.init(delivery: delivery)))
        self.interval = interval
        self.scheduler = scheduler
    }

    @usableFromInline var effectContext: EffectContext? {
        downstream.effectContext
    }

    @usableFromInline func receive(subscription: any Subscription) {
        relay.attach(subscription)
    }

    @usableFromInline func receive(_ input: Downstream.Input) {
        let downstream = downstream
        relay.relay({ downstream.receive(input) }, after: interval, on: scheduler)
    }

    @usableFromInline func receive(completion: Subscribers.Completion) {
        relay.relay(nil, after: interval, on: scheduler)
    }
}

/// Where a ``DelayRelay`` stands: a pure state machine, each transition returning what its
/// owner must do once the lock is let go.
///
/// A single value moves `scheduling` → `waiting` → `fired`; a relay stays `relaying` until its
/// completion is delivered (then `fired`). Either may be `cancelled` at any point.
@usableFromInline
enum DelayRelayState: Sendable {
    /// A relay's events not yet delivered, each with its work's handle. All wait the same
    /// interval, so any work that fires releases the oldest; the first thread to release delivers
    /// every released event, in order. Size: the events not yet delivered; appending, popping and
    /// finding an event by its ticket are O(1), a cancel O(events).
    @usableFromInline
    struct Relay: Sendable {
        let delivery: DelayRelay.Delivery
        var upstream: (any Subscription)? = nil
        var events = FIFOQueue<Waiting>()
        /// The ticket of `events`' oldest entry; tickets number events in arrival order.
        var firstTicket: UInt64 = 0
        /// How many of the oldest events are due and wait only for the deliverer.
        var released = 0
        var isDelivering = false
    }

    struct Waiting: Sendable {
        /// Delivers the value; nil for the completion.
        let value: (@Sendable () -> Void)?
        /// Nil until `schedule` has returned it, and once its work fired.
        var work: (any Cancellable)? = nil
    }

    enum Step: Sendable {
        case none
        /// The scheduler had not handed the work's handle back yet.
        case delivery(DelayRelay.Delivery)
        case deliveryAndWork(DelayRelay.Delivery, any Cancellable)
        /// A relayed event is due: the spent handle, and whether this thread now delivers.
        case released((any Cancellable)?, isDeliverer: Bool)
        /// A relay cancelled: its upstream and waiting events' work to cancel.
        case relayEnded(DelayRelay.Delivery, (any Subscription)?, FIFOQueue<Waiting>)
    }

    enum Arrival: Sendable {
        case kept
        case spent(any Cancellable)
        case cancelled(any Cancellable)
    }

    enum Release {
        case value(@Sendable () -> Void)
        /// The completion, which ends the relay.
        case finished(DelayRelay.Delivery, (any Subscription)?)
    }

    case scheduling(DelayRelay.Delivery)
    case waiting(any Cancellable, DelayRelay.Delivery)
    case relaying(Relay)
    case fired
    case cancelled

    mutating func subscribing() -> DelayRelay.Delivery? {
        switch consume self {
        case .scheduling(let delivery):
            self = .scheduling(delivery)
            return delivery
        case .cancelled:
            self = .cancelled
            return nil
        case .waiting, .relaying, .fired:
            preconditionFailure("a delayed value was subscribed to after it was scheduled")
        }
    }

    /// The upstream's subscription, kept to cancel; nil (cancel it) once cancelled.
    mutating func attach(_ upstream: any Subscription) -> DelayRelay.Delivery? {
        switch consume self {
        case .relaying(var relay) where relay.upstream == nil:
            relay.upstream = upstream
            self = .relaying(relay)
            return relay.delivery
        case let other:
            self = other
            return nil
        }
    }

    /// Queues a relayed event; its ticket, or nil when the relay ended.
    mutating func enqueue(_ value: (@Sendable () -> Void)?) -> UInt64? {
        switch consume self {
        // Nothing is queued after the completion.
        case .relaying(var relay) where relay.events.last.map({ $0.value != nil }) ?? true:
            relay.events.append(Waiting(value: value))
            let ticket = relay.firstTicket + UInt64(relay.events.count - 1)
            self = .relaying(relay)
            return ticket
        case let other:
            self = other
            return nil
        }
    }

    /// The scheduled work's handle came back (for a relayed event, the one of `ticket`).
    mutating func arrive(_ work: consuming any Cancellable, for ticket: UInt64 = 0) -> Arrival {
        switch consume self {
        case .scheduling(let delivery):
            self = .waiting(work, delivery)
            return .kept
        case .relaying(var relay):
            // Released already: some work fired for it, maybe this one.
            guard ticket >= relay.firstTicket + UInt64(relay.released) else {
                self = .relaying(relay)
                return .spent(work)
            }
            relay.events[Int(ticket - relay.firstTicket)].work = work
            self = .relaying(relay)
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

    mutating func fire() -> Step {
        switch consume self {
        case .scheduling(let delivery):
            self = .fired
            return .delivery(delivery)
        case .waiting(let work, let delivery):
            self = .fired
            return .deliveryAndWork(delivery, work)
        case .relaying(var relay):
            precondition(relay.released < relay.events.count, "a relay fired more than it waits")
            let spent = relay.events[relay.released].work.take()
            relay.released += 1
            let isDeliverer = !relay.isDelivering
            relay.isDelivering = true
            self = .relaying(relay)
            return .released(spent, isDeliverer: isDeliverer)
        case .cancelled:
            self = .cancelled
            return .none
        case .fired:
            preconditionFailure("a delayed value fired twice")
        }
    }

    /// The deliverer's next released event; nil gives up the role, when none is left.
    mutating func nextReleased() -> Release? {
        switch consume self {
        case .relaying(var relay):
            guard relay.released > 0, let waiting = relay.events.popFirst() else {
                relay.isDelivering = false
                self = .relaying(relay)
                return nil
            }
            relay.released -= 1
            relay.firstTicket += 1
            guard let value = waiting.value else {
                self = .fired
                return .finished(relay.delivery, relay.upstream)
            }
            self = .relaying(relay)
            return .value(value)
        case let other:
            self = other
            return nil
        }
    }

    mutating func cancel() -> Step {
        switch consume self {
        case .scheduling(let delivery):
            self = .cancelled
            return .delivery(delivery)
        case .waiting(let scheduled, let delivery):
            self = .cancelled
            return .deliveryAndWork(delivery, scheduled)
        case .relaying(let relay):
            self = .cancelled
            return .relayEnded(relay.delivery, relay.upstream, relay.events)
        case .fired:
            self = .fired
            return .none
        case .cancelled:
            self = .cancelled
            return .none
        }
    }
}
