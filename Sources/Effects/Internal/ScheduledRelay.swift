/// Re-delivers everything an upstream sends on a scheduler, after a delay (zero for
/// `receive(on:)`), one call at a time.
///
/// Every event (each value and the completion) waits in `State.events`, oldest first, with the
/// handle of the one piece of work scheduled for it. The work captures only the relay: when a
/// piece runs it *releases* the oldest waiting event (all events wait the same delay, and a
/// scheduler runs due work in order, so the oldest is the one that is due). Released events
/// are delivered by one thread at a time — whichever released first drains them all — so the
/// downstream is never called concurrently, even on a concurrent scheduler.
///
/// Size and cost: `events` holds the events not yet delivered; every operation on it is O(1)
/// (appending, popping the oldest, finding an event's slot by its ticket). Cancelling is
/// O(waiting events): each scheduled piece of work is cancelled and released.
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
        /// Relaying: the upstream's subscription (once it has arrived) and whether a thread is
        /// delivering right now.
        case active(upstream: (any Subscription)?, isDelivering: Bool)
        /// Cancelled, or the completion was delivered: nothing more goes downstream.
        case ended
    }

    private struct State {
        var phase = Phase.active(upstream: nil, isDelivering: false)
        var events = FIFOQueue<Waiting>()
        /// The ticket of `events`' oldest entry; tickets number events in arrival order.
        var firstTicket: UInt64 = 0
        /// How many of the oldest events are due and wait only for the deliverer.
        var released = 0
    }

    private let state = Lock(State())
    private let downstream: Downstream
    private let scheduler: Context
    private let delay: Duration

    /// - Parameter delay: The delay to wait before each delivery; zero to deliver as soon as
    ///   the scheduler can.
    init(downstream: Downstream, scheduler: Context, delay: Duration) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.delay = delay
    }

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        let accepted = state.withLock { state -> Bool in
            guard case .active(nil, let isDelivering) = state.phase else { return false }
            state.phase = .active(upstream: subscription, isDelivering: isDelivering)
            return true
        }
        guard accepted else {
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
        let (upstream, events) = state.withLock {
            state -> ((any Subscription)?, FIFOQueue<Waiting>) in
            guard case .active(let upstream, _) = state.phase else { return (nil, FIFOQueue()) }
            state.phase = .ended
            defer { state.events = FIFOQueue() }
            return (upstream, state.events)
        }
        upstream?.cancel()
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

        // Scheduled with a handle even for a zero delay, so that cancelling releases the work
        // at once instead of leaving it queued until the scheduler gets to it.
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
        let becameDeliverer = state.withLock { state -> Bool in
            guard case .active(let upstream, let isDelivering) = state.phase,
                state.released < state.events.count
            else { return false }
            state.events[state.released].handle = nil
            state.released += 1
            if isDelivering { return false }
            state.phase = .active(upstream: upstream, isDelivering: true)
            return true
        }
        guard becameDeliverer else { return }
        while let event = nextReleased() {
            switch event {
            case .value(let value):
                downstream.receive(value)
            case .finished:
                downstream.receive(completion: .finished)
                return
            }
        }
    }

    /// Takes the oldest released event, or gives up the deliverer's role when there is none.
    private func nextReleased() -> Event? {
        state.withLock { state -> Event? in
            guard case .active(let upstream, _) = state.phase else { return nil }
            guard state.released > 0, let waiting = state.events.popFirst() else {
                state.phase = .active(upstream: upstream, isDelivering: false)
                return nil
            }
            state.released -= 1
            state.firstTicket += 1
            if case .finished = waiting.event {
                state.phase = .ended
            }
            return waiting.event
        }
    }
}
