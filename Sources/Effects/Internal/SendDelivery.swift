/// What a value sent by `Effect.run`'s `send`, inside a store, becomes once it has gone through
/// the effect's operators: the async work of handing each resulting value to the store, which
/// the sending task awaits.
///
/// `send` delivers its value synchronously, through whatever operators follow the `run`, to the
/// store's subscriber. Were the store's subscriber to dispatch there, the task's thread could
/// have to wait for the store (as the next drainer, or for room in its queue), blocking a thread
/// of the cooperative pool, which has as many threads as cores. So, while `send` delivers, the
/// delivery is ``current`` (a task-local value), and the store's subscriber hands it its work
/// (``take(_:)``), the store's suspending dispatch, instead of doing it. Once the operators have
/// returned, `send` awaits that work, in the order it was handed over: so the task's values
/// reach the store in the order it sent them, and the task suspends wherever a thread would
/// block. Effects knows nothing of stores: the work is any async closure.
///
/// A task made while the value is delivered inherits ``current``; once the delivery is over it
/// takes no more work (``take(_:)`` returns false), and the subscriber does its work at once.
///
/// Size: one entry per value the delivery produced (one, unless an operator fans it out), kept
/// until `send` awaits them.
@usableFromInline
package final class SendDelivery: Sendable {
    /// The delivery under way in this task, if any.
    @TaskLocal @usableFromInline package static var current: SendDelivery?

    /// The work handed over, in order; nil once the delivery is over.
    private let work = Lock<[@Sendable () async -> Void]?>([])

    /// Makes a delivery that takes work.
    init() {}

    /// Hands `work` to the sending task, to await once its value has gone through the operators.
    ///
    /// - Returns: false if the delivery is over (`work` was not taken): do it now.
    @usableFromInline
    package func take(_ work: @escaping @Sendable () async -> Void) -> Bool {
        self.work.withLock { pending in
            guard pending != nil else { return false }
            pending?.append(work)
            return true
        }
    }

    /// Delivers a value: runs `deliver` with this delivery current, then awaits, in order, the
    /// work handed over meanwhile.
    func run(_ deliver: () -> Void) async {
        collect(deliver)
        let taken = work.withLock { pending in
            defer { pending = nil }
            return pending ?? []
        }
        for work in taken {
            await work()
        }
    }

    /// Runs `deliver` with this delivery current. Synchronous, so that the task-local value is
    /// bound for the synchronous call only.
    private func collect(_ deliver: () -> Void) {
        SendDelivery.$current.withValue(self) {
            deliver()
        }
    }
}
