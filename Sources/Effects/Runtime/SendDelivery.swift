/// The value `Effect.run`'s `send` is delivering, inside a store: where the store's subscriber
/// leaves, for the sending task to await, the work it cannot do without blocking the task's
/// thread.
///
/// Waiting for the store would block a thread of the cooperative pool, so the subscriber hands
/// the ``current`` delivery the rest of its work (``take(_:)``), and `send` awaits it in order.
///
/// Size: one entry per value that had to wait or came after one that did, kept until `send`
/// awaits them.
@usableFromInline
package final class SendDelivery: Sendable {
    /// The delivery under way in this task, if any.
    @TaskLocal @usableFromInline package static var current: SendDelivery?

    /// Nil once the delivery is over.
    private let work = Lock<[@Sendable () async -> Void]?>([])

    init() {}

    /// Whether work was handed over already: a later value must then be handed over too, behind
    /// it, to keep the order.
    @usableFromInline
    package var isHoldingWork: Bool {
        work.withLock { $0?.isEmpty == false }
    }

    /// Hands `work` to the sending task; false if the delivery is over (`work` was not taken).
    @usableFromInline
    package func take(_ work: @escaping @Sendable () async -> Void) -> Bool {
        self.work.withLock { pending in
            guard pending != nil else { return false }
            pending?.append(work)
            return true
        }
    }

    /// Runs `deliver` with this delivery current, then awaits the work handed over meanwhile.
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

    /// Synchronous, so that the sync `withValue` binds the task-local value.
    private func collect(_ deliver: () -> Void) {
        SendDelivery.$current.withValue(self) {
            deliver()
        }
    }
}
