import Synchronization

/// Re-delivers everything an upstream sends on a scheduler, after a delay (zero for `receive(on:)`).
///
/// Every event (each value and the completion) is put in a FIFO and one piece of work is
/// scheduled for it. Whichever piece of work runs takes the *oldest* waiting event, so order
/// is kept even if a scheduler ran two due items out of order. The handles of work not yet run
/// are kept, so that `cancel()` can cancel them and release what they capture.
///
/// Used by ``Publishers/Delay`` and ``Publishers/ReceiveOn`` (with a zero delay).
final class ScheduledRelay<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription {
    typealias Input = Downstream.Input

    private enum Event {
        case value(Input)
        case finished
    }

    private struct State {
        var downstream: Downstream?
        var upstream: (any Subscription)?
        var events: [Event] = []
        var firstEvent = 0
        var nextTicket: UInt64 = 0
        /// Work scheduled and not yet run; the handle is nil until `schedule` has returned it.
        var scheduled: [(ticket: UInt64, handle: (any Cancellable)?)] = []
    }

    private let state: Mutex<State>
    private let scheduler: Context
    private let delay: Duration

    /// - Parameter delay: The delay to wait before each delivery; zero to deliver as soon as
    ///   the scheduler can.
    init(downstream: Downstream, scheduler: Context, delay: Duration) {
        state = Mutex(State(downstream: downstream))
        self.scheduler = scheduler
        self.delay = delay
    }

    func receive(subscription: any Subscription) {
        let downstream = state.withLock { state -> Downstream? in
            guard state.downstream != nil, state.upstream == nil else { return nil }
            state.upstream = subscription
            return state.downstream
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
        let (upstream, scheduled) = state.withLock { state in
            let taken = (state.upstream, state.scheduled)
            state = State()
            return taken
        }
        upstream?.cancel()
        for work in scheduled {
            work.handle?.cancel()
        }
    }

    private func enqueue(_ event: Event) {
        let ticket = state.withLock { state -> UInt64? in
            guard state.downstream != nil else { return nil }
            state.events.append(event)
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.scheduled.append((ticket, nil))
            return ticket
        }
        guard let ticket else { return }

        // Scheduled with a handle even for a zero delay, so that cancelling releases the work
        // at once instead of leaving it queued until the scheduler gets to it.
        let handle = scheduler.schedule(after: delay) { self.deliverOldest(ticket: ticket) }
        let stillWaiting = state.withLock { state -> Bool in
            guard let index = state.scheduled.firstIndex(where: { $0.ticket == ticket }) else { return false }
            state.scheduled[index].handle = handle
            return true
        }
        // Ran already (an immediate scheduler) or was cancelled meanwhile: nothing to keep.
        if !stillWaiting { handle.cancel() }
    }

    private func deliverOldest(ticket: UInt64) {
        let next = state.withLock { state -> (Event, Downstream)? in
            if let index = state.scheduled.firstIndex(where: { $0.ticket == ticket }) {
                state.scheduled.remove(at: index)
            }
            guard let downstream = state.downstream, state.firstEvent < state.events.count else { return nil }
            let event = state.events[state.firstEvent]
            state.firstEvent += 1
            if state.firstEvent == state.events.count {
                state.events.removeAll(keepingCapacity: true)
                state.firstEvent = 0
            }
            if case .finished = event {
                state = State()
            }
            return (event, downstream)
        }
        guard let (event, downstream) = next else { return }
        switch event {
        case .value(let value):
            downstream.receive(value)
        case .finished:
            downstream.receive(completion: .finished)
        }
    }
}
