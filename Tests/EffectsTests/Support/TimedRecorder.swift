import Effects

/// A subscriber that notes the scheduler's time of every event, so that a test can pin when
/// each value and the completion arrived, even inside one long `advance`.
///
/// ```swift
/// let recorder = TimedRecorder<Int>(clock: scheduler)
/// subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
/// subject.send(1)
/// scheduler.advance(by: .seconds(5))
/// #expect(recorder.timeline == [.value(1, at: .seconds(1))])
/// ```
final class TimedRecorder<Input: Sendable>: Subscriber, Sendable {
    /// One value or completion, and when it arrived.
    enum Event: Sendable, CustomStringConvertible {
        case value(Input, at: Duration)
        case finished(at: Duration)

        var description: String {
            switch self {
            case .value(let value, let time): "value(\(value), at: \(time))"
            case .finished(let time): "finished(at: \(time))"
            }
        }
    }

    private struct State {
        var timeline: [Event] = []
        var subscription: (any Subscription)?
        var subscriptionCount = 0
    }

    private let clock: any Scheduler
    private let state = Lock(State())

    init(clock: some Scheduler) {
        self.clock = clock
    }

    /// Every value and completion so far, with its time, in the order received.
    var timeline: [Event] {
        state.withLock { $0.timeline }
    }

    /// How many subscriptions arrived (one, for a well-behaved publisher).
    var subscriptionCount: Int {
        state.withLock { $0.subscriptionCount }
    }

    func receive(subscription: any Subscription) {
        state.withLock { state in
            state.subscription = subscription
            state.subscriptionCount += 1
        }
    }

    func receive(_ input: Input) {
        let now = clock.now
        state.withLock { $0.timeline.append(.value(input, at: now)) }
    }

    func receive(completion: Subscribers.Completion) {
        let now = clock.now
        state.withLock { $0.timeline.append(.finished(at: now)) }
    }

    /// Cancels the subscription received, if any.
    func cancel() {
        let subscription = state.withLock { state in
            defer { state.subscription = nil }
            return state.subscription
        }
        subscription?.cancel()
    }
}

extension TimedRecorder.Event: Equatable where Input: Equatable {}
