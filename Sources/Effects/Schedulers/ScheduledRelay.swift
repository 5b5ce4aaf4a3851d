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
///
/// The downstream lives in the active phase only: the completion's delivery and a cancel both
/// end the phase and take it out, so the relay keeps nothing after the end even while the
/// downstream holds it.
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
        /// Relaying: the downstream, the upstream's subscription (once it has arrived) and
        /// whether a thread is delivering right now.
        case active(Downstream, upstream: (any Subscription)?, isDelivering: Bool)
        /// Cancelled, or the completion was delivered: nothing more goes downstream.
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

    /// - Parameter delay: The delay to wait before each delivery; zero to deliver as soon as
    ///   the scheduler can.
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
        // The downstream, the upstream and the waiting events are released here, outside the
        // lock.
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
        // The spent work's handle, released here, outside the lock.
        _ = spent
        guard becameDeliverer else { return }
        while let released = nextReleased() {
            switch released {
            case .value(let value, let downstream):
                downstream.receive(value)
            case .finished(let downstream, let upstream):
                downstream.receive(completion: .finished)
                // The relay's last references to both, released here, outside the lock.
                _ = upstream
                return
            }
        }
    }

    /// An event due for delivery, with the downstream to hand it to.
    private enum Released {
        case value(Input, Downstream)
        /// The completion, which ends the relay: it hands out the downstream and the upstream's
        /// subscription for release once the completion is delivered.
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
