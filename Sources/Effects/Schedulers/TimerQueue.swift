/// Names a piece of work in a scheduler's timer queue for as long as it is pending.
typealias TimerHandle = TimerHeap<TimedWork>.Handle

/// Something that takes pending work out of a timer queue, given its handle.
///
/// The runtime's delayed values keep one of these and a ``TimerHandle`` instead of the
/// `any Cancellable` that ``Scheduler/schedule(after:_:)`` returns: a reference and two integers,
/// which a cancel reaches without going through an existential's value witnesses.
protocol TimerCancelling: AnyObject, Sendable {
    /// Removes the work, and releases it, if it is still pending; a stale handle does nothing.
    func cancelTimer(_ handle: TimerHandle)
}

/// The timer queue of one of this package's schedulers: work goes in, a plain handle comes out.
///
/// ``TestScheduler`` is its own timer queue; a ``DispatchQueueScheduler`` (and an
/// ``AnyScheduler`` wrapping either) leads to the queue its copies share. Scheduling through it
/// is what `schedule(after:_:)` does, less the `any Cancellable` that call wraps the handle in.
protocol TimerQueue: TimerCancelling {
    /// Adds `work`, due `delay` from now (a negative delay counting as zero).
    ///
    /// - Returns: The handle that ``TimerCancelling/cancelTimer(_:)`` takes.
    /// - Complexity: O(log n), n the work pending in the queue.
    func enqueue(_ work: consuming TimedWork, after delay: Duration) -> TimerHandle
}

extension Scheduler {
    /// The timer queue behind this scheduler, if it is one of this package's: nil for
    /// ``ImmediateScheduler`` (it keeps no queue) and for schedulers written elsewhere.
    ///
    /// Not a requirement (an internal type cannot appear in a public protocol's requirements):
    /// it compares `Self` with the schedulers that have a queue. Specialized, the comparison
    /// disappears; called on an `any Scheduler`, it is a few pointer comparisons, where a
    /// dynamic cast (`as? TestScheduler`) costs a couple of hundred instructions.
    var timerQueue: (any TimerQueue)? {
        if Self.self == TestScheduler.self {
            return reinterpret(self, as: TestScheduler.self)
        }
        if Self.self == DispatchQueueScheduler.self {
            return reinterpret(self, as: DispatchQueueScheduler.self).timers
        }
        if Self.self == AnyScheduler.self {
            return reinterpret(self, as: AnyScheduler.self).baseTimerQueue
        }
        return nil
    }
}

/// `value` seen as `type`, which the caller has checked is its type.
@inline(__always)
private func reinterpret<Value, Known>(_ value: Value, as type: Known.Type) -> Known {
    unsafeBitCast(value, to: Known.self)
}
