import Synchronization

/// One value delivered once after a delay: the runtime's specialization of `delay` over a
/// single value (`Effect.just(x).delay(…)`, `Just(x).delay(…)`), cancellable by id or not.
///
/// A single object plays every part the general chain would spread over several: it is the
/// subscription its downstream may cancel, the work the scheduler runs (one closure capturing
/// only it, so that the closure's context is the object itself and costs no allocation), the
/// member of its id's group in the context, and, when a store started it, the running effect
/// the store counts. It delivers exactly what `Delay` over `Just` would — the value, then the
/// completion, both `interval` later — and the same cancellation rules hold.
///
/// `stage` decides the race between firing and the ways of being cancelled: whichever moves it
/// to an end first wins, the others do nothing (see ``DelayedDelivery``).
@usableFromInline
final class DelayedValue<Value, Downstream: Subscriber>: DelayedDelivery, Subscription,
    // Its mutable state is its base's, safe as explained there; the rest is immutable and
    // Sendable.
    CancellableByID, @unchecked Sendable   // see DelayedDelivery; the rest is immutable
where Downstream.Input == Value {
    @usableFromInline let downstream: Downstream
    // Typed by a parameter of its own rather than as `Downstream.Input`: the deinit, which runs
    // unspecialized, then finds the value's type in the class's metadata instead of looking an
    // associated type up on every release.
    @usableFromInline let value: Value

    /// Makes the delivery; `identified` is the node of the effect tree that carries its id (a
    /// `.cancellable` or `.debounce` node), nil for none.
    @inlinable
    init(
        _ value: Value, to downstream: Downstream, context: EffectContext?,
        identified: IdentifiedEffect?, isRoot: Bool
    ) {
        self.value = value
        self.downstream = downstream
        super.init(context: context, identified: identified, isRoot: isRoot)
    }

    /// The context's spare delivery (see `EffectTable.spare`), moved out of `spare` and made
    /// ready to start again, if it can serve as the delivery of `value` to `downstream`; nil,
    /// leaving `spare` as it is, if not. Called under the context's lock.
    ///
    /// It can serve when the slot holds the only reference to it, it fired, and a new delivery
    /// would be identical: same type, context and effect node, and bit for bit the same value and
    /// downstream (two values with the same bits are the same value: the same references, the
    /// same numbers). A mismatch only costs the allocation it would have saved.
    @inlinable
    static func takeSpare(
        _ spare: inout DelayedDelivery?, value: Value, to downstream: Downstream,
        context: EffectContext, identified: IdentifiedEffect?
    ) -> DelayedValue? {
        guard spare != nil, isKnownUniquelyReferenced(&spare) else { return nil }
        // Looked at through an unretained reference, then moved out of `spare`: bound, or
        // compared from out here, it and its fields would be retained and released.
        let fits = Unmanaged.passUnretained(spare.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            ObjectIdentifier(type(of: $0)) == ObjectIdentifier(DelayedValue.self)
                && unsafeDowncast($0, to: DelayedValue.self).canRestart(
                    as: value, to: downstream, context: context, identified: identified)
        }
        guard fits else { return nil }
        let delivery = unsafeDowncast(spare.take().unsafelyUnwrapped, to: DelayedValue.self)
        delivery.rearm()
        return delivery
    }

    /// Whether this delivery fired, as a root, and would be made again identical for `value`,
    /// `downstream`, `context` and `identified` (see ``takeSpare(_:value:to:context:identified:)``).
    @inlinable
    final func canRestart(
        as value: Value, to downstream: Downstream, context: EffectContext,
        identified: IdentifiedEffect?
    ) -> Bool {
        // The effect node fixes the value; without one, the value is compared.
        isRoot && isSpent && self.context === context && self.identified === identified
            && (identified != nil || areBitwiseIdentical(self.value, value))
            && areBitwiseIdentical(self.downstream, downstream)
    }

    /// Registers, hands the downstream its subscription, then schedules the delivery on a
    /// scheduler known only at run time, as in an effect's delayed node.
    ///
    /// The scheduler comes as an existential on purpose: generic over it, this method (and the
    /// closure it schedules, and everything that closure calls) could not be specialized when
    /// the scheduler is only known at run time.
    ///
    /// A root that replaces what runs under its id (`cancelInFlight`, a debounce) registers and
    /// cancels those in one step, before its downstream hears of it.
    @inlinable
    func start(
        after interval: Duration, onAny scheduler: any Scheduler, replacingInFlight: Bool = false
    ) {
        guard begin(replacingInFlight: replacingInFlight) else { return }
        scheduleFiring(after: interval, onAny: scheduler)
    }

    /// Schedules the delivery, once registered and announced (see ``begin(replacingInFlight:)``).
    @inlinable
    func scheduleFiring(after interval: Duration, onAny scheduler: any Scheduler) {
        schedule(after: interval, on: scheduler) { self.fire() }
    }

    /// As ``scheduleFiring(after:onAny:)``, with the timer queue found already (an effect's
    /// delayed node keeps it).
    @inlinable
    func scheduleFiring(after interval: Duration, on target: ScheduledTarget) {
        schedule(after: interval, on: target) { self.fire() }
    }

    /// Registers, hands the downstream its subscription, then schedules the delivery on a
    /// scheduler whose type the caller knows (`Delay` does): on a ``TestScheduler``, straight
    /// into its queue, with no existential to make and no queue to look up; on any other, as
    /// ``start(after:onAny:)``.
    @inlinable
    func start<Context: Scheduler>(after interval: Duration, on scheduler: Context) {
        guard Context.self == TestScheduler.self else {
            start(after: interval, onAny: scheduler)
            return
        }
        guard begin() else { return }
        // A no-op once specialized: `Context` is `TestScheduler`.
        schedule(after: interval, on: scheduler as! TestScheduler) { self.fire() }
    }

    /// Registers with the context, if any, and hands the downstream its subscription; false
    /// when there is nothing to schedule: the context is closed (a store released meanwhile), or
    /// the downstream cancelled from inside `receive(subscription:)`.
    @inlinable
    func begin(replacingInFlight: Bool = false) -> Bool {
        if context != nil {
            let admitted = withBooks { context, identified in
                if isRoot {
                    // Unwrapped rather than bound: see `withBooks`.
                    if replacingInFlight, identified != nil {
                        return context.begin(
                            self, replacingInFlightOf: identified.unsafelyUnwrapped)
                    }
                    return context.begin(self, identified: identified)
                }
                return identified.map { context.register(self, id: $0.id) } ?? true
            }
            guard admitted else { return false }
        }
        return announce()
    }

    /// Hands the downstream its subscription, once registered; false when the downstream
    /// cancelled from inside `receive(subscription:)`, and there is nothing to schedule.
    @inlinable
    func announce() -> Bool {
        downstream.receive(subscription: self)
        return stage.load(ordering: .acquiring) < DelayedStage.over
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

    /// Cancelled by id: the context has taken it out of the id's group already, and, for a
    /// root, stopped counting it as running.
    @inlinable
    func cancelByID() {
        guard endCancelling() else { return }
        downstream.receive(completion: .finished)
    }

    /// Leaves the context's books.
    @inlinable @inline(__always)
    func forget() {
        guard context != nil else { return }
        withBooks { context, identified in
            if isRoot {
                context.end(delivery: self, identified: identified)
            } else if let identified {
                context.unregister(self, id: identified.id)
            }
        }
    }
}

/// The part of a ``DelayedValue`` that does not depend on what it delivers: where it stands,
/// where its work waits, and whose books it is in.
///
/// A class of its own, not generic, because a context stops its running effects through the
/// `RunningEffect` protocol: a generic class's method called that way runs unspecialized, and
/// looks its generic metadata up on every call (releasing a store with 100,000 pending delayed
/// values cost a few thousand instructions each that way). Scheduling and cancelling live here
/// too, compiled once, with nothing generic about them.
///
/// Its state is an atomic stage, with no lock: each transition is one atomic operation.
///
/// - `scheduling` → `waiting`: the scheduler has taken the work, and `arrive` has stored where
///   it waits (`timer` and its handle).
/// - `scheduling` or `waiting` → `fired` or `over`: fired, or cancelled, whichever came first;
///   the loser finds an end and does nothing. A cancel that finds `waiting` takes the work out
///   of its timer queue; one that finds `scheduling` leaves that to `arrive`, which then fails
///   to move to `waiting` and takes it out itself.
/// - `fired` → `scheduling`: a context restarts a delivery that fired and that nothing else
///   holds any more (see `EffectTable.spare`). Only a delivery that fired qualifies: once it has
///   fired, nothing writes its fields again, so the thread that restarts it races with no one.
///
/// Where the work waits is kept as a reference and a plain handle, not as the `any Cancellable`
/// a scheduler's `schedule(after:_:)` returns: this package's schedulers hand their timer queue
/// and handle over directly (see `TimerQueue`), and a scheduler written elsewhere has its
/// cancellable wrapped in a small object. The fields are ordered so that the object stays small:
/// 112 bytes for a word-sized value delivered to a `sink` (it was 177 with a copy of the id and
/// the existential handle), which glibc's allocator serves from its fast bins.
@usableFromInline
class DelayedDelivery: RunningEffect, @unchecked Sendable {   // atomic `stage` orders the rest
    // `stage` is atomic; the timer fields are written once, before the release that moves `stage`
    // to `waiting`, and read only by the one caller that moves it from `waiting` on (acquiring), so
    // no two threads ever touch them at once; the rest is immutable and Sendable.
    @usableFromInline let stage = Atomic<UInt8>(DelayedStage.scheduling)
    /// Whether the context counts this as one of its running effects (a store started it), as
    /// opposed to a part of a larger effect.
    @usableFromInline let isRoot: Bool
    // Unchecked exclusivity: the stage protocol above is what makes access exclusive, and a
    // dynamic check would cost more than the access.
    @exclusivity(unchecked) nonisolated(unsafe) var timerSlot: UInt32 = 0
    @exclusivity(unchecked) nonisolated(unsafe) var timerID: UInt64 = 0
    @exclusivity(unchecked) nonisolated(unsafe) var timer: (any TimerCancelling)?
    @usableFromInline let context: EffectContext?
    /// The effect-tree node that carries the id, kept instead of a copy of the id (see
    /// `IdentifiedEffect`); nil without a context, where ids mean nothing.
    @usableFromInline let identified: IdentifiedEffect?

    @usableFromInline
    init(context: EffectContext?, identified: IdentifiedEffect?, isRoot: Bool) {
        self.context = context
        self.identified = context == nil ? nil : identified
        self.isRoot = isRoot && context != nil
        super.init()
    }

    /// Calls `body` with the context (which must not be nil) and the id's node, borrowed from
    /// this object rather than retained for the call: it holds both for as long as it lives, and
    /// `body` runs while its caller holds it (a retain and a release of each, per start and per
    /// end of every delayed effect, otherwise).
    @inlinable @inline(__always)
    final func withBooks<Result>(_ body: (EffectContext, IdentifiedEffect?) -> Result) -> Result {
        // Tested, then unwrapped, rather than bound with `let`: a binding retains what it binds.
        Unmanaged.passUnretained(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef { context in
            guard identified != nil else { return body(context, nil) }
            return Unmanaged.passUnretained(identified.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                body(context, $0)
            }
        }
    }

    /// Schedules `fire` after `interval`, straight into the scheduler's timer queue if it has
    /// one, and keeps where it waits for a later cancel.
    @usableFromInline
    final func schedule(
        after interval: Duration, on scheduler: any Scheduler,
        _ fire: consuming @escaping @Sendable () -> Void
    ) {
        if let queue = scheduler.timerQueue {
            let handle = queue.enqueue(TimedWork(fire), after: interval)
            arrive(consume queue, handle)
            return
        }
        let scheduled = scheduler.schedule(after: interval, fire)
        // Fired already (a scheduler that runs delayed work at once), or cancelled meanwhile:
        // there is nothing to keep, and cancelling spent work is harmless.
        if stage.load(ordering: .acquiring) >= DelayedStage.over {
            scheduled.cancel()
            return
        }
        arrive(ScheduledElsewhere(scheduled), TimerHandle(id: 0, slot: 0))
    }

    /// Schedules `fire` after `interval` into the target's timer queue if it has one, and keeps
    /// where it waits for a later cancel.
    @usableFromInline
    final func schedule(
        after interval: Duration, on target: ScheduledTarget,
        _ fire: consuming @escaping @Sendable () -> Void
    ) {
        // Tested, then unwrapped, rather than bound: a binding retains what it binds.
        guard target.queue != nil else {
            schedule(after: interval, on: target.scheduler, fire)
            return
        }
        let handle = target.queue!.enqueue(TimedWork(fire), after: interval)
        // A restarted delivery waits in the queue it waited in before (see `EffectTable.spare`):
        // kept as it is, rather than stored again for a retain and a release. Only this thread
        // touches `timer` until `arrive` publishes the stage.
        if timer == nil
            || ObjectIdentifier(timer.unsafelyUnwrapped)
                != ObjectIdentifier(target.queue.unsafelyUnwrapped)
        {
            timer = target.queue
        }
        arrive(handle)
    }

    /// Schedules `fire` after `interval` straight into a ``TestScheduler``'s queue, and keeps
    /// where it waits for a later cancel.
    @usableFromInline
    final func schedule(
        after interval: Duration, on scheduler: TestScheduler,
        _ fire: consuming @escaping @Sendable () -> Void
    ) {
        let handle = scheduler.enqueue(TimedWork(fire), after: interval)
        arrive(scheduler, handle)
    }

    /// Stores where the work waits for a later cancel, unless it is over already, in which
    /// case the work is taken out now (it was cancelled meanwhile; if it fired, cancelling spent
    /// work is harmless).
    @inline(__always)
    private func arrive(_ queue: consuming any TimerCancelling, _ handle: TimerHandle) {
        timer = queue
        arrive(handle)
    }

    /// As ``arrive(_:_:)``, with `timer` stored already.
    @inline(__always)
    private func arrive(_ handle: TimerHandle) {
        timerSlot = handle.slot
        timerID = handle.id
        let (moved, _) = stage.compareExchange(
            expected: DelayedStage.scheduling,
            desired: DelayedStage.waiting,
            ordering: .acquiringAndReleasing
        )
        if !moved { cancelTimer() }
    }

    /// Stopped by its context closing: the context has let it go already.
    @usableFromInline
    override final func stop() {
        _ = endCancelling()
    }

    /// A root with an id is kept in its id's group only (see `EffectTable`).
    @usableFromInline
    final var isIdentifiedRoot: Bool {
        isRoot && identified != nil
    }

    /// Moves to `fired` as the scheduled work runs; true when this call did it (false when it
    /// was cancelled first).
    ///
    /// A compare-and-swap rather than an exchange, so that a delivery cancelled first keeps
    /// `over`: `fired` promises that no cancel wrote its fields (see ``isSpent``).
    @inlinable
    final func endFiring() -> Bool {
        // Usually `waiting`; `scheduling` when the work ran before `arrive` stored where it
        // waited (a real-time scheduler on another thread).
        var expected = DelayedStage.waiting
        while true {
            let (moved, found) = stage.compareExchange(
                expected: expected, desired: DelayedStage.fired, ordering: .acquiringAndReleasing)
            if moved { return true }
            if found >= DelayedStage.over { return false }
            expected = found
        }
    }

    /// Whether the delivery fired, so that it may start again once nothing else holds it.
    @inlinable
    final var isSpent: Bool {
        stage.load(ordering: .acquiring) == DelayedStage.fired
    }

    /// Makes a delivery that fired ready to start again. Only its one holder calls this (see
    /// `takeSpare`): the stage is published with the next registration and scheduling,
    /// each behind a lock.
    @inlinable
    final func rearm() {
        stage.store(DelayedStage.scheduling, ordering: .relaxed)
    }

    /// Moves to `over` and takes the scheduled work out of its queue; true when this call did it.
    @inlinable
    final func endCancelling() -> Bool {
        // A plain load first: a cancel usually comes after the delivery (a cancellable
        // released once it has served), and an exchange is a locked instruction.
        if stage.load(ordering: .acquiring) >= DelayedStage.over { return false }
        let previous = stage.exchange(DelayedStage.over, ordering: .acquiringAndReleasing)
        if previous == DelayedStage.waiting { cancelTimer() }
        return previous < DelayedStage.over
    }

    /// Takes the work out of its timer queue (only the caller that moved `stage` from
    /// `waiting` to `over` calls this).
    @usableFromInline
    final func cancelTimer() {
        guard let queue = timer.take() else { return }
        queue.cancelTimer(TimerHandle(id: timerID, slot: timerSlot))
    }
}

/// Where a delivery's work waits on a scheduler written outside this package: the cancellable
/// its `schedule(after:_:)` returned, as a ``TimerCancelling`` (the handle means nothing here).
final class ScheduledElsewhere: TimerCancelling {
    let scheduled: any Cancellable

    init(_ scheduled: any Cancellable) {
        self.scheduled = scheduled
    }

    func cancelTimer(_ handle: TimerHandle) {
        scheduled.cancel()
    }
}

/// The stages of a ``DelayedDelivery``, as raw values for its atomic.
@usableFromInline
enum DelayedStage {
    /// Scheduled, or about to be; where the work waits has not arrived.
    @usableFromInline static let scheduling: UInt8 = 0
    /// Scheduled, with where the work waits stored.
    @usableFromInline static let waiting: UInt8 = 1
    /// Cancelled (or stopped): the end for every stage but a firing. Every stage from here on
    /// is an end.
    @usableFromInline static let over: UInt8 = 2
    /// Fired: the value went, or is going, downstream.
    @usableFromInline static let fired: UInt8 = 3
}

/// Whether `first` and `second` have the same bits: then they are the same value (the same
/// references, the same numbers). Values that differ only in padding compare as different,
/// which is safe for the one use (`DelayedValue.takeSpare`): it then makes a new delivery.
@inlinable @inline(__always)
func areBitwiseIdentical<Value>(_ first: Value, _ second: Value) -> Bool {
    withUnsafeBytes(of: first) { first in
        withUnsafeBytes(of: second) { second in
            var offset = 0
            while offset &+ 8 <= first.count {
                guard
                    first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset &+= 8
            }
            while offset < first.count {
                guard first[offset] == second[offset] else { return false }
                offset &+= 1
            }
            return true
        }
    }
}
