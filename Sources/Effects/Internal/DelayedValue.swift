import Synchronization

/// One value delivered once after a delay: the runtime's specialization of `delay` over a
/// single value (`Effect.just(x).delay(…)`, `Just(x).delay(…)`), cancellable by id or not.
///
/// A single object plays every part the general chain would spread over several: it is the
/// subscription its downstream may cancel, the work the scheduler runs (one closure capturing
/// only it), the member of its id's group in the context, and, when a store started it, the
/// running effect the store counts. It delivers exactly what `Delay` over `Just` would — the
/// value, then the completion, both `interval` later — and the same cancellation rules hold.
///
/// `stage` decides the race between firing and the ways of being cancelled: whichever moves it
/// to `over` first wins, the others do nothing.
@usableFromInline
final class DelayedValue<Downstream: Subscriber>: DelayedDelivery, Subscription, CancellableByID, @unchecked Sendable {  // its own state is `stage`, behind a Mutex; the rest is immutable and Sendable
    @usableFromInline let downstream: Downstream
    @usableFromInline let value: Downstream.Input
    @usableFromInline let context: EffectContext?
    @usableFromInline let id: EffectID?
    /// Whether the context counts this as one of its running effects (a store started it), as
    /// opposed to a part of a larger effect.
    @usableFromInline let isRoot: Bool

    @inlinable
    init(_ value: Downstream.Input, to downstream: Downstream, context: EffectContext?, id: EffectID?, isRoot: Bool) {
        self.value = value
        self.downstream = downstream
        self.context = context
        self.id = context == nil ? nil : id
        self.isRoot = isRoot && context != nil
        super.init()
    }

    /// Registers, hands the downstream its subscription, then schedules the delivery.
    ///
    /// The scheduler comes as an existential on purpose: generic over it, this method (and the
    /// closure it schedules, and everything that closure calls) could not be specialized when
    /// the scheduler is only known at run time, as in an effect's delayed node.
    @inlinable
    func start(after interval: Duration, on scheduler: any Scheduler) {
        if let context {
            let admitted =
                isRoot
                ? context.begin(self, id: id)
                : id.map { context.register(self, id: $0) } ?? true
            // A closed context (a store released meanwhile) starts nothing.
            guard admitted else { return }
        }
        downstream.receive(subscription: self)
        // Cancelled from inside `receive(subscription:)`: nothing is scheduled.
        if case .over = stage.withLock({ $0 }) { return }
        let handle = scheduler.schedule(after: interval) { self.fire() }
        let alreadyOver = stage.withLock { stage -> Bool in
            guard case .waiting = stage else { return true }
            stage = .waiting(handle)
            return false
        }
        // Cancelled while it was being scheduled: release the work now. (Fired meanwhile:
        // cancelling spent work is harmless.)
        if alreadyOver { handle.cancel() }
    }

    /// Run by the scheduler: delivers the value and the completion, unless cancelled first.
    @inlinable
    func fire() {
        guard end() != nil else { return }
        downstream.receive(value)
        // Forgotten after the value is delivered, as a subscribed effect is after it finishes:
        // whoever waits for a store to have no running effect finds the action handled.
        forget()
        downstream.receive(completion: .finished)
    }

    /// Cancelled by its downstream.
    @inlinable
    func cancel() {
        guard let handle = end() else { return }
        forget()
        handle?.cancel()
    }

    /// Cancelled by id: the context has taken it out of the id's group already.
    @inlinable
    func cancelByID() {
        guard let handle = end() else { return }
        handle?.cancel()
        if isRoot, let context { context.end(self, id: nil) }
        downstream.receive(completion: .finished)
    }

    /// Leaves the context's books.
    @inlinable
    func forget() {
        guard let context else { return }
        if isRoot {
            context.end(self, id: id)
        } else if let id {
            context.unregister(self, id: id)
        }
    }
}

/// The part of a ``DelayedValue`` that does not depend on what it delivers: where it stands,
/// and stopping it.
///
/// A class of its own, not generic, because a context stops its running effects through the
/// `RunningEffect` protocol: a generic class's method called that way runs unspecialized, and
/// looks its generic metadata up on every call (releasing a store with 100,000 pending delayed
/// values cost a few thousand instructions each that way).
@usableFromInline
class DelayedDelivery: RunningEffect, @unchecked Sendable {  // its only state is `stage`, behind a Mutex
    @usableFromInline let stage = Mutex(DelayedValueStage.waiting(nil))

    @inlinable
    init() {}

    /// Stopped by its context closing: the context has let it go already.
    @usableFromInline
    final func stop() {
        guard let handle = end() else { return }
        handle?.cancel()
    }

    /// Moves to `over`; returns the scheduler's handle (if it had arrived) when this call did it,
    /// nil when it was over already.
    @inlinable
    final func end() -> (any Cancellable)?? {
        stage.withLock { stage in
            guard case .waiting(let handle) = stage else { return nil }
            stage = .over
            return .some(handle)
        }
    }
}

/// Where a ``DelayedValue`` stands; outside the generic class so that it is not generic.
@usableFromInline
enum DelayedValueStage {
    /// Scheduled; the scheduler's handle arrives once `schedule` has returned it.
    case waiting((any Cancellable)?)
    /// Fired or cancelled.
    case over
}
