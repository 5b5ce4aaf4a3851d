/// A subscriber that is nothing but the two closures of a `sink`: for a subscription that is its
/// own cancellable, so that the subscriber need not keep it (a `sink` over `Just(x).delay(…)`,
/// see ``Publishers/Delay/sink(receiveCompletion:receiveValue:)``).
///
/// A struct: the delayed value that delivers to it holds it inline, and no object is made for
/// it.
@usableFromInline
struct ClosureSubscriber<Input: Sendable>: Subscriber {
    @usableFromInline let receiveValue: @Sendable (Input) -> Void
    @usableFromInline let receiveCompletion: @Sendable (Subscribers.Completion) -> Void

    @inlinable
    init(
        receiveCompletion: @escaping @Sendable (Subscribers.Completion) -> Void,
        receiveValue: @escaping @Sendable (Input) -> Void
    ) {
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
    }

    /// Ignored: the subscription is the cancellable the caller holds.
    @inlinable
    func receive(subscription: any Subscription) {}

    @inlinable
    func receive(_ input: Input) {
        receiveValue(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion) {
        receiveCompletion(completion)
    }
}
