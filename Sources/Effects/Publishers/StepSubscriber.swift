/// What an operator built on ``StepSubscriber`` does with one upstream value. The finishing
/// steps cancel the upstream first.
enum Step<Output> {
    case skip
    case send(Output)
    case sendAndFinish(Output)
    case finish
}

enum StepStage<Memory> {
    case awaitingSubscription(Memory)
    case running(Memory, upstream: any Subscription)
    case done
}

/// The one subscriber behind the operators that decide value by value what to send and when to
/// stop, remembering something between values (`first`, `prefix`, `dropFirst`, `output(in:)`,
/// `count`, `reduce`, `collect`, `contains`, …).
///
/// Each operator gives a `step` (what to do with a value, updating the memory) and an `end` (the
/// value, if any, to send when the upstream finishes). An operator that finishes early cancels
/// the upstream before anything goes downstream, so nothing it sends meanwhile is passed on. The
/// stage lives in a ``SerialBox``: only the upstream's serial calls touch it.
struct StepSubscriber<Downstream: Subscriber, Input: Sendable, Memory>: Subscriber {
    let downstream: Downstream
    let step: @Sendable (inout Memory, Input) -> Step<Downstream.Input>
    let end: @Sendable (Memory) -> Downstream.Input?
    let stage: SerialBox<StepStage<Memory>>

    /// `finishesAtOnce`: finish when subscribed, before any value (`prefix(0)`).
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

    var effectContext: EffectContext? { downstream.effectContext }

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
        // Moved out while `step` changes it, so an array kept there is not copied.
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
