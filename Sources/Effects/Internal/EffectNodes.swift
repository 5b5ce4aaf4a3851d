/// The parts of a delayed effect: what to delay, by how much, on which scheduler.
///
/// A class of its own (not an `indirect` enum case) so that making one is a plain allocation;
/// see ``Effect/Operation``.
@usableFromInline
package final class DelayedEffect<Output: Sendable>: Sendable {
    @usableFromInline package let effect: Effect<Output>
    @usableFromInline package let interval: Duration
    @usableFromInline package let scheduler: any Scheduler
    /// The scheduler with its timer queue, found once here rather than on every start.
    @usableFromInline let target: ScheduledTarget
    /// The value, when the effect delayed is a single one (`.just`): the shape a store meets
    /// most, found once here rather than by matching (and copying) the effect on every start.
    @usableFromInline package let value: Output?

    @inlinable
    package init(effect: Effect<Output>, interval: Duration, scheduler: any Scheduler) {
        self.effect = effect
        self.interval = interval
        self.scheduler = scheduler
        target = ScheduledTarget(scheduler)
        if case .just(let value) = effect.operation {
            self.value = value
        } else {
            self.value = nil
        }
    }
}

/// The part every node that carries a cancellation id shares: the id.
///
/// A class of its own, not generic, so that a delayed value started from such a node keeps the
/// node, and finds both the id and the node's shape through that one reference.
@usableFromInline
package class IdentifiedEffect: @unchecked Sendable {   // immutable, Sendable properties only
    // Its one stored property is immutable and Sendable, and so is every property its
    // subclasses add.
    @usableFromInline package let id: EffectID

    @inlinable
    package init(id: EffectID) {
        self.id = id
    }
}

/// The parts of an effect marked cancellable: its id, whether it cancels its predecessors, and
/// the effect itself.
@usableFromInline
package final class CancellableEffect<Output: Sendable>: IdentifiedEffect,
    @unchecked Sendable   // every stored property is immutable and Sendable (Output is)
{
    @usableFromInline package let cancelInFlight: Bool
    @usableFromInline package let effect: Effect<Output>
    /// The delayed effect, when the effect marked is one (`.delayed`): found once here rather
    /// than by matching (and copying) the effect on every start.
    @usableFromInline package let delayed: DelayedEffect<Output>?

    @inlinable
    package init(id: EffectID, cancelInFlight: Bool, effect: Effect<Output>) {
        self.cancelInFlight = cancelInFlight
        self.effect = effect
        if case .delayed(let delayed) = effect.operation {
            self.delayed = delayed
        } else {
            self.delayed = nil
        }
        super.init(id: id)
    }
}

/// The parts of a debounced effect (``Effect/debounce(id:for:scheduler:)``): its id, the quiet
/// time it waits for, on which scheduler, and the effect that runs once it has.
@usableFromInline
package final class DebouncedEffect<Output: Sendable>: IdentifiedEffect,
    @unchecked Sendable   // every stored property is immutable and Sendable (Output is)
{
    @usableFromInline package let interval: Duration
    @usableFromInline package let scheduler: any Scheduler
    @usableFromInline package let effect: Effect<Output>

    @inlinable
    package init(id: EffectID, interval: Duration, scheduler: any Scheduler, effect: Effect<Output>)
    {
        self.interval = interval
        self.scheduler = scheduler
        self.effect = effect
        super.init(id: id)
    }
}

/// The parts of a throttled effect (``Effect/throttle(id:for:scheduler:latest:)``): its id, the
/// least time between two values under that id, on which scheduler, which value a window keeps,
/// and the effect whose values are throttled.
@usableFromInline
package final class ThrottledEffect<Output: Sendable>: IdentifiedEffect,
    @unchecked Sendable   // every stored property is immutable and Sendable (Output is)
{
    @usableFromInline package let interval: Duration
    @usableFromInline package let scheduler: any Scheduler
    @usableFromInline package let latest: Bool
    @usableFromInline package let effect: Effect<Output>

    @inlinable
    package init(
        id: EffectID, interval: Duration, scheduler: any Scheduler, latest: Bool,
        effect: Effect<Output>
    ) {
        self.interval = interval
        self.scheduler = scheduler
        self.latest = latest
        self.effect = effect
        super.init(id: id)
    }
}

/// A scheduler and the timer queue behind it, if it has one (see `Scheduler.timerQueue`): what
/// a delayed value needs to schedule its work, looked up once, when its effect is made, instead
/// of on every start (through `AnyScheduler`, the lookup copies the wrapper: a retain and two
/// releases).
@usableFromInline
struct ScheduledTarget: Sendable {
    @usableFromInline let scheduler: any Scheduler
    let queue: (any TimerQueue)?

    @usableFromInline
    init(_ scheduler: any Scheduler) {
        self.scheduler = scheduler
        queue = scheduler.timerQueue
    }
}

extension Effect {
    /// The node of a `.cancellable` effect, unretained (the caller holds the effect, which holds
    /// the node); nil for any other shape. Bound with `let` where it is used, the node would be
    /// retained and released around the use.
    @inlinable @inline(__always)
    var cancellableNode: Unmanaged<CancellableEffect<Output>>? {
        guard case .cancellable(let node) = operation else { return nil }
        return Unmanaged.passUnretained(node)
    }
}
