/// What an operator built on ``StepSubscriber`` does with one upstream value.
enum Step<Output> {
    /// Nothing goes downstream; the operator keeps going.
    case skip
    /// The value goes downstream; the operator keeps going.
    case send(Output)
    /// The value goes downstream, then the completion; the upstream is cancelled first.
    case sendAndFinish(Output)
    /// The completion goes downstream without a value; the upstream is cancelled first.
    case finish
}

/// Where a ``StepSubscriber`` stands: waiting for its subscription, running with what it
/// remembers and the upstream it may cancel, or done.
enum StepStage<Memory> {
    case awaitingSubscription(Memory)
    case running(Memory, upstream: any Subscription)
    case done
}

/// The one subscriber behind the operators that decide value by value what to send and when to
/// stop, remembering something between values: `dropFirst`, `drop(while:)`, `prefix(while:)`,
/// `output(in:)`, and those that reduce the stream to one value (`count`, `reduce`, `last`,
/// `contains`, `allSatisfy`, `ignoreOutput`).
///
/// Each operator gives a `step` (what to do with a value, updating the memory) and an `end` (the
/// value, if any, to send when the upstream finishes). Once an operator finishes early, the
/// upstream is cancelled before anything goes downstream, so that nothing it sends meanwhile is
/// passed on, and later calls are ignored. The stage lives in a ``SerialBox``: only the
/// upstream's serial calls touch it (see there).
struct StepSubscriber<Downstream: Subscriber, Input: Sendable, Memory>: Subscriber {
    let downstream: Downstream
    let step: @Sendable (inout Memory, Input) -> Step<Downstream.Input>
    let end: @Sendable (Memory) -> Downstream.Input?
    let stage: SerialBox<StepStage<Memory>>

    /// - Parameters:
    ///   - finishesAtOnce: Finish when subscribed, before any value (`output(in:)` of an empty
    ///     range).
    init(
        downstream: Downstream,
        memory: Memory,
        finishesAtOnce: Bool = false,
        step: @escaping @Sendable (inout Memory, Input) -> Step<Downstream.Input>,
        end: @escaping @Sendable (Memory) -> Downstream.Input? = { _ in nil }
    ) {
        self.downstream = downstream
        self.step = step
        self.end = end
        stage = SerialBox(finishesAtOnce ? .done : .awaitingSubscription(memory))
    }

    var effectContext: EffectContext? {
        downstream.effectContext
    }

    func receive(subscription: any Subscription) {
        switch stage.value {
        case .awaitingSubscription(let memory):
            stage.value = .running(memory, upstream: subscription)
            downstream.receive(subscription: subscription)
        case .done:
            subscription.cancel()
            downstream.receive(subscription: subscription)
            downstream.receive(completion: .finished)
        case .running:
            preconditionFailure("a publisher gave this subscriber a second subscription")
        }
    }

    func receive(_ input: Input) {
        guard case .running(var memory, let upstream) = stage.value else { return }
        // The stage holds no copy of the memory while `step` changes it, so that a value kept
        // there (a running total, an array) is changed in place rather than copied.
        stage.value = .done
        let next = step(&memory, input)
        switch next {
        case .skip:
            stage.value = .running(memory, upstream: upstream)
        case .send(let output):
            stage.value = .running(memory, upstream: upstream)
            downstream.receive(output)
        case .sendAndFinish(let output):
            upstream.cancel()
            downstream.receive(output)
            downstream.receive(completion: .finished)
        case .finish:
            upstream.cancel()
            downstream.receive(completion: .finished)
        }
    }

    func receive(completion: Subscribers.Completion) {
        guard case .running(let memory, _) = stage.value else { return }
        stage.value = .done
        if let last = end(memory) {
            downstream.receive(last)
        }
        downstream.receive(completion: completion)
    }
}
