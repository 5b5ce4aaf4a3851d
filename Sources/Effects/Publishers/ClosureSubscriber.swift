/// The two closures of a `sink`, for a subscription that is its own cancellable (a `sink` over
/// `Just(x).delay(…)`, see ``Publishers/Delay/sink(receiveCompletion:receiveValue:)``).
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
