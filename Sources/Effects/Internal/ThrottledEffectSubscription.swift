/// Runs the effect of a ``ThrottledEffect`` and throttles what it sends, across every effect
/// with the same id, through a ``ThrottleMemory`` (its context's, or one of its own outside a
/// store).
///
/// A value whose id's window is closed goes on at once; one that comes while the window is open
/// is held until the window ends (the latest such value, or the window's first), in one piece
/// of scheduled work. When the effect finishes, a held value still goes out at its time, then
/// the completion. Deliveries go through an outbox, so the downstream is called one call at a
/// time.
final class ThrottledEffectSubscription<Downstream: Subscriber>: Subscriber, Subscription {
    private let node: ThrottledEffect<Downstream.Input>
    private let memory: ThrottleMemory
    /// The machine, and the downstream until the completion is delivered or a cancel comes.
    private let state:
        Lock<MachineWithDownstream<ThrottledEffectState<Downstream.Input>, Downstream>>

    init(downstream: Downstream, node: ThrottledEffect<Downstream.Input>, memory: ThrottleMemory) {
        state = Lock(MachineWithDownstream(ThrottledEffectState(), downstream: downstream))
        self.node = node
        self.memory = memory
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
        let now = node.scheduler.now
        if state.withLock({ $0.machine.absorb(input, latest: node.latest) }) { return }
        switch memory.decide(
            input, id: node.id, at: now, interval: node.interval, latest: node.latest,
            scheduler: node.scheduler)
        {
        case .sendNow:
            if state.withLock({ $0.machine.outbox.push(.value(input)) }) { drain() }
        case .hold(let value, let until):
            guard let generation = state.withLock({ $0.machine.hold(value) }) else { return }
            let work = node.scheduler.schedule(after: until - now) { self.sendHeld(generation) }
            // Ran already (an immediate scheduler), or cancelled meanwhile: cancelling a spent
            // handle is harmless, and a live one must not outlive the subscription.
            if !state.withLock({ $0.machine.keep(work, for: generation) }) { work.cancel() }
        }
    }

    func receive(completion: Subscribers.Completion) {
        let (delivers, finished) = state.withLock { $0.machine.finish() }
        // The finished upstream's subscription is released here, outside the lock.
        _ = finished
        if delivers { drain() }
    }

    func cancel() {
        let (upstream, work, dropped, downstream) = state.withLock {
            let (upstream, work, dropped) = $0.machine.cancel()
            return (upstream, work, dropped, $0.link.detach())
        }
        upstream?.cancel()
        work?.cancel()
        // The held value, the events waiting and the downstream are released here, outside
        // the lock.
        _ = (dropped, downstream)
    }

    /// Run by the scheduler at the window's end: sends the held value (and the completion, if
    /// the effect has finished), and opens a new window from now, before anything is delivered
    /// (a delivery may start another effect under the id, which must find the new window).
    private func sendHeld(_ generation: UInt64) {
        let now = node.scheduler.now
        guard let delivers = state.withLock({ $0.machine.sendHeld(generation) }) else { return }
        memory.recordSent(id: node.id, at: now, interval: node.interval, scheduler: node.scheduler)
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

/// The state machine of one throttled effect: where it stands, the value it holds for the end of
/// its id's window and the work scheduled to send it. Pure; ``ThrottleMemory`` decides, across
/// effects, whether a value goes now or is held.
struct ThrottledEffectState<Value> {
    /// A value held until its id's window ends, and the work scheduled to send it.
    struct Held {
        var value: Value
        let generation: UInt64
        /// The scheduler's handle, once `schedule` has returned it.
        var work: (any Cancellable)?
    }

    enum Stage {
        case awaitingSubscription
        /// Running, nothing held.
        case running(upstream: any Subscription)
        /// Running, a value held.
        case holding(upstream: any Subscription, Held)
        /// The effect finished with a value held: it goes out at its time, then the completion.
        case finishing(Held)
        /// Cancelled, or the completion was handed to the outbox.
        case ended
    }

    private(set) var stage = Stage.awaitingSubscription
    /// The generation of the last value held.
    private(set) var generation: UInt64 = 0
    var outbox = SerialOutbox<Value>()

    /// Keeps the upstream's subscription; false if one came already or the subscription ended.
    mutating func attach(_ subscription: any Subscription) -> Bool {
        guard case .awaitingSubscription = stage else { return false }
        stage = .running(upstream: subscription)
        return true
    }

    /// A value arrived: true if it is settled here, without asking the throttle memory. A value
    /// already held for this effect takes the newcomer's place (`latest`) or keeps its own:
    /// either way the window's end sends one value. A subscription not running drops it.
    mutating func absorb(_ value: Value, latest: Bool) -> Bool {
        switch take() {
        case .running(let upstream):
            stage = .running(upstream: upstream)
            return false
        case .holding(let upstream, var held):
            if latest { held.value = value }
            stage = .holding(upstream: upstream, held)
            return true
        case let other:
            stage = other
            return true
        }
    }

    /// The memory said to hold `value`: returns the generation of the work to schedule, or nil
    /// if the subscription no longer runs.
    mutating func hold(_ value: Value) -> UInt64? {
        switch take() {
        case .running(let upstream), .holding(let upstream, _):
            generation &+= 1
            stage = .holding(upstream: upstream, Held(value: value, generation: generation))
            return generation
        case let other:
            stage = other
            return nil
        }
    }

    /// Keeps the handle of the work scheduled under `generation`; false if that work ran, was
    /// replaced, or the subscription ended meanwhile.
    mutating func keep(_ work: any Cancellable, for generation: UInt64) -> Bool {
        switch take() {
        case .holding(let upstream, var held)
        where held.generation == generation && held.work == nil:
            held.work = work
            stage = .holding(upstream: upstream, held)
            return true
        case .finishing(var held) where held.generation == generation && held.work == nil:
            held.work = work
            stage = .finishing(held)
            return true
        case let other:
            stage = other
            return false
        }
    }

    /// The effect finished: with a value held, the completion follows it; otherwise it goes out
    /// now. Returns whether the caller must deliver, and the finished upstream's subscription,
    /// for release outside the lock.
    mutating func finish() -> (delivers: Bool, finished: (any Subscription)?) {
        switch take() {
        case .running(let upstream):
            stage = .ended
            return (outbox.push(.finished), upstream)
        case .holding(let upstream, let held):
            stage = .finishing(held)
            return (false, upstream)
        case let other:
            stage = other
            return (false, nil)
        }
    }

    /// The work scheduled under `generation` runs: the held value (then the completion, if the
    /// effect finished) goes to the outbox. Returns whether the caller must deliver, or nil if
    /// that work is stale (replaced, or the subscription ended).
    mutating func sendHeld(_ generation: UInt64) -> Bool? {
        switch take() {
        case .holding(let upstream, let held) where held.generation == generation:
            stage = .running(upstream: upstream)
            return outbox.push(.value(held.value))
        case .finishing(let held) where held.generation == generation:
            stage = .ended
            let delivers = outbox.push(.value(held.value))
            return outbox.push(.finished) || delivers
        case let other:
            stage = other
            return nil
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
        case .running(let upstream):
            return (upstream, nil, (nil, outbox.close()))
        case .holding(let upstream, let held):
            return (upstream, held.work, (held.value, outbox.close()))
        case .finishing(let held):
            return (nil, held.work, (held.value, outbox.close()))
        }
    }

    /// Moves the stage out (leaving `.ended` until the caller puts one back), so that what its
    /// case holds is moved rather than copied.
    private mutating func take() -> Stage {
        var taken = Stage.ended
        swap(&taken, &stage)
        return taken
    }
}
