/// The value `Effect.run`'s `send` is delivering, inside a store: where the store's subscriber
/// leaves, for the sending task to await, the work it cannot do without blocking the task's
/// thread.
///
/// `send` delivers its value synchronously, through whatever operators follow the `run`, to the
/// store's subscriber. Dispatching there, the task's thread could have to wait for the store (as
/// the next drainer, or for room in its queue), which would block a thread of the cooperative
/// pool, which has as many threads as cores. So, while `send` delivers, the delivery is
/// ``current`` (a task-local value). The store's subscriber dispatches as a task would: at once
/// when nothing needs to wait (the common case), and when the store says to wait, it hands the
/// rest of its work (waiting, then draining or arriving again) to the delivery (``take(_:)``),
/// and so does every later value of the same delivery (``isHoldingWork``), behind it. Once the
/// operators have returned, `send` awaits that work, in order: the task's values reach the store
/// in the order it sent them, and the task suspends where a thread would block. Effects knows
/// nothing of stores: the work is any async closure.
///
/// A task made while the value is delivered inherits ``current``; once the delivery is over it
/// takes no more work (``take(_:)`` returns false).
///
/// Size: one entry per value of the delivery that had to wait or came after one that did (one,
/// unless an operator fans the value out), kept until `send` awaits them.
@usableFromInline
package final class SendDelivery: Sendable {
    /// The delivery under way in this task, if any.
    @TaskLocal @usableFromInline package static var current: SendDelivery?

    /// The work handed over, in order (no allocation while there is none); nil once the delivery
    /// is over.
    private let work = Lock<[@Sendable () async -> Void]?>([])

    /// Makes a delivery that takes work.
    init() {}

    /// Whether work was handed over already: a later value must then be handed over too, behind
    /// it, to keep the order.
    @usableFromInline
    package var isHoldingWork: Bool {
        work.withLock { $0?.isEmpty == false }
    }

    /// Hands `work` to the sending task, to await once its value has gone through the operators.
    ///
    /// - Returns: false if the delivery is over (`work` was not taken).
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
