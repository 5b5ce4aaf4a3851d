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
/// to `over` first wins, the others do nothing (see ``DelayedDelivery``).
@usableFromInline
final class DelayedValue<Value, Downstream: Subscriber>: DelayedDelivery, Subscription, CancellableByID, @unchecked Sendable  // its mutable state is its base's, safe as explained there; the rest is immutable and Sendable
where Downstream.Input == Value {
    @usableFromInline let downstream: Downstream
    // Typed by a parameter of its own rather than as `Downstream.Input`: the deinit, which runs
    // unspecialized, then finds the value's type in the class's metadata instead of looking an
    // associated type up on every release.
    @usableFromInline let value: Value
    @usableFromInline let context: EffectContext?
    @usableFromInline let id: EffectID?
    /// Whether the context counts this as one of its running effects (a store started it), as
    /// opposed to a part of a larger effect.
    @usableFromInline let isRoot: Bool

    @inlinable
    init(_ value: Value, to downstream: Downstream, context: EffectContext?, id: EffectID?, isRoot: Bool) {
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
        if stage.load(ordering: .acquiring) == DelayedStage.over { return }
        arrive(scheduler.schedule(after: interval) { self.fire() })
    }

    /// Run by the scheduler: delivers the value and the completion, unless cancelled first.
    @inlinable
    func fire() {
        guard endFiring() else { return }
        downstream.receive(value)
        // Forgotten after the value is delivered, as a subscribed effect is after it finishes:
        // whoever waits for a store to have no running effect finds the action handled.
        forget()
        downstream.receive(completion: .finished)
    }

    /// Cancelled by its downstream.
    @inlinable
    func cancel() {
        guard endCancelling() else { return }
        forget()
    }

    /// Cancelled by id: the context has taken it out of the id's group already.
    @inlinable
    func cancelByID() {
        guard endCancelling() else { return }
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
///
/// Its state is an atomic stage, with no lock: each transition is one atomic operation.
///
/// - `scheduling` → `waiting`: the scheduler has returned its handle, which `arrive` has stored.
/// - `scheduling` or `waiting` → `over`: fired or cancelled, whichever came first; the loser
///   finds `over` and does nothing. A cancel that finds `waiting` cancels the scheduled work
///   through the handle; one that finds `scheduling` leaves that to `arrive`, which then fails
///   to move to `waiting` and cancels the work itself.
@usableFromInline
class DelayedDelivery: RunningEffect, @unchecked Sendable {  // `stage` is atomic; `handle` is written once, before the release that moves `stage` to `waiting`, and read only by the one caller that moves it from `waiting` on (acquiring), so no two threads ever touch it at once
    @usableFromInline let stage = Atomic<UInt8>(DelayedStage.scheduling)
    // Unchecked exclusivity: the stage protocol above is what makes access exclusive, and a
    // dynamic check would cost more than the access.
    @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var handle: (any Cancellable)?

    @inlinable
    override init() {
        super.init()
    }

    /// Stores the scheduler's handle for a later cancel, unless it is over already, in which
    /// case the scheduled work is cancelled now (it was cancelled meanwhile; if it fired,
    /// cancelling spent work is harmless).
    @inlinable
    final func arrive(_ scheduled: any Cancellable) {
        handle = scheduled
        let (moved, _) = stage.compareExchange(
            expected: DelayedStage.scheduling,
            desired: DelayedStage.waiting,
            ordering: .acquiringAndReleasing
        )
        if !moved { scheduled.cancel() }
    }

    /// Stopped by its context closing: the context has let it go already.
    @usableFromInline
    override final func stop() {
        _ = endCancelling()
    }

    /// Moves to `over` as the scheduled work runs; true when this call did it.
    @inlinable
    final func endFiring() -> Bool {
        stage.exchange(DelayedStage.over, ordering: .acquiringAndReleasing) != DelayedStage.over
    }

    /// Moves to `over` and cancels the scheduled work; true when this call did it.
    @inlinable
    final func endCancelling() -> Bool {
        let previous = stage.exchange(DelayedStage.over, ordering: .acquiringAndReleasing)
        // Moved out, not copied: no trip through the existential's value witnesses.
        if previous == DelayedStage.waiting, let scheduled = handle.take() { scheduled.cancel() }
        return previous != DelayedStage.over
    }
}

/// The stages of a ``DelayedDelivery``, as raw values for its atomic.
@usableFromInline
enum DelayedStage {
    /// Scheduled, or about to be; the scheduler's handle has not arrived.
    @usableFromInline static let scheduling: UInt8 = 0
    /// Scheduled, with the handle stored.
    @usableFromInline static let waiting: UInt8 = 1
    /// Fired or cancelled.
    @usableFromInline static let over: UInt8 = 2
}
