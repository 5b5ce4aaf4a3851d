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

    private struct Held {
        var value: Downstream.Input
        let generation: UInt64
        var work: (any Cancellable)?
    }

    private struct State {
        var stage = UpstreamStage.awaitingSubscription
        var held: Held?
        var generation: UInt64 = 0
        var outbox = SerialOutbox<Downstream.Input>()
    }

    private let downstream: Downstream
    private let node: ThrottledEffect<Downstream.Input>
    private let memory: ThrottleMemory
    private let state = Lock(State())

    init(downstream: Downstream, node: ThrottledEffect<Downstream.Input>, memory: ThrottleMemory) {
        self.downstream = downstream
        self.node = node
        self.memory = memory
    }

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        let accepted = state.withLock { $0.stage.attach(subscription) }
        guard accepted else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Downstream.Input) {
        let now = node.scheduler.now
        // A value already held for this effect takes the newcomer's place (latest) or keeps its
        // own (first): either way the window's end sends one value.
        let absorbed = state.withLock { state -> Bool in
            guard case .running = state.stage else { return true }
            guard state.held != nil else { return false }
            if node.latest { state.held?.value = input }
            return true
        }
        if absorbed { return }
        switch memory.decide(
            input, id: node.id, at: now, interval: node.interval, latest: node.latest,
            scheduler: node.scheduler)
        {
        case .sendNow:
            if state.withLock({ $0.outbox.push(.value(input)) }) { drain() }
        case .hold(let value, let until):
            let generation = state.withLock { state -> UInt64? in
                guard case .running = state.stage else { return nil }
                state.generation &+= 1
                state.held = Held(value: value, generation: state.generation)
                return state.generation
            }
            guard let generation else { return }
            let work = node.scheduler.schedule(after: until - now) { self.sendHeld(generation) }
            let kept = state.withLock { state -> Bool in
                guard state.held?.generation == generation, state.held?.work == nil else {
                    return false
                }
                state.held?.work = work
                return true
            }
            if !kept { work.cancel() }
        }
    }

    func receive(completion: Subscribers.Completion) {
        let (delivers, finished) = state.withLock { state -> (Bool, (any Subscription)?) in
            guard case .running(let upstream) = state.stage else { return (false, nil) }
            if state.held != nil {
                state.stage = .upstreamFinished
                return (false, upstream)
            }
            state.stage = .ended
            return (state.outbox.push(.finished), upstream)
        }
        _ = finished
        if delivers { drain() }
    }

    func cancel() {
        let taken = state.withLock {
            state -> (
                upstream: (any Subscription)?, held: Held?,
                dropped: FIFOQueue<SerialOutbox<Downstream.Input>.Event>
            )? in
            guard let upstream = state.stage.end() else { return nil }
            defer { state.held = nil }
            return (upstream, state.held, state.outbox.close())
        }
        taken?.upstream?.cancel()
        taken?.held?.work?.cancel()
    }

    /// Run by the scheduler at the window's end: sends the held value (and the completion, if
    /// the effect has finished), and opens a new window from now.
    private func sendHeld(_ generation: UInt64) {
        let now = node.scheduler.now
        let taken = state.withLock { state -> (value: Downstream.Input, finishes: Bool)? in
            guard let held = state.held, held.generation == generation else { return nil }
            let finishes: Bool
            switch state.stage {
            case .running: finishes = false
            case .upstreamFinished: finishes = true
            case .awaitingSubscription, .ended: return nil
            }
            state.held = nil
            return (held.value, finishes)
        }
        guard let taken else { return }
        memory.recordSent(id: node.id, at: now, interval: node.interval, scheduler: node.scheduler)
        let delivers = state.withLock { state -> Bool in
            let delivers = state.outbox.push(.value(taken.value))
            guard taken.finishes, case .upstreamFinished = state.stage else { return delivers }
            state.stage = .ended
            return state.outbox.push(.finished) || delivers
        }
        if delivers { drain() }
    }

    private func drain() {
        while let event = state.withLock({ $0.outbox.pop() }) {
            switch event {
            case .value(let value): downstream.receive(value)
            case .finished: downstream.receive(completion: .finished)
            }
        }
    }
}
