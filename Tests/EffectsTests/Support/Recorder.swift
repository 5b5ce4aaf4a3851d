import Effects

/// A subscriber that keeps every event it receives, so that a test can compare the whole
/// history at once (OpenCombine's `TrackingSubscriber`).
///
/// ```swift
/// let recorder = Recorder<Int>()
/// Just(1).subscribe(recorder)
/// #expect(recorder.history == [.subscription, .value(1), .finished])
/// ```
///
/// It keeps its subscription so that ``cancel()`` can reach it, and it can run a hook after
/// each event (to cancel from inside a value handler, or to note the thread). Async tests wait
/// for events with ``waitForCompletion()`` or ``wait(forValueCount:)``, never by sleeping.
final class Recorder<Input: Sendable>: Subscriber, Sendable {
    /// One call the recorder received.
    enum Event: Sendable, CustomStringConvertible {
        case subscription
        case value(Input)
        case finished

        var description: String {
            switch self {
            case .subscription: "subscription"
            case .value(let value): "value(\(value))"
            case .finished: "finished"
            }
        }
    }

    private struct Waiter {
        let isSatisfied: @Sendable ([Event]) -> Bool
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var history: [Event] = []
        var subscription: (any Subscription)?
        var waiters: [Waiter] = []
    }

    private let state = Lock(State())
    private let onEvent: @Sendable (Recorder<Input>, Event) -> Void

    /// Makes a recorder.
    ///
    /// - Parameter onEvent: Called after each event has been recorded, outside the recorder's
    ///   lock, on the thread that delivered it.
    init(onEvent: @escaping @Sendable (Recorder<Input>, Event) -> Void = { _, _ in }) {
        self.onEvent = onEvent
    }

    /// Every event so far, in the order received.
    var history: [Event] {
        state.withLock { $0.history }
    }

    /// The values so far, in the order received.
    var values: [Input] {
        history.compactMap { event in
            if case .value(let value) = event { return value }
            return nil
        }
    }

    func receive(subscription: any Subscription) {
        record(.subscription, subscription: subscription)
    }

    func receive(_ input: Input) {
        record(.value(input))
    }

    func receive(completion: Subscribers.Completion) {
        record(.finished)
    }

    /// Cancels the subscription received, if any; later calls do nothing.
    func cancel() {
        let subscription = state.withLock { state in
            defer { state.subscription = nil }
            return state.subscription
        }
        subscription?.cancel()
    }

    /// Returns once the recorder has received a completion.
    func waitForCompletion() async {
        await waitUntil { history in
            history.contains { if case .finished = $0 { true } else { false } }
        }
    }

    /// Returns once the recorder has received at least `count` values.
    func wait(forValueCount count: Int) async {
        await waitUntil { history in
            history.count(where: { if case .value = $0 { true } else { false } }) >= count
        }
    }

    /// Returns once `isSatisfied` holds for the history (checked now and after every event).
    func waitUntil(_ isSatisfied: @escaping @Sendable ([Event]) -> Bool) async {
        await withCheckedContinuation { continuation in
            let satisfiedNow = state.withLock { state -> Bool in
                if isSatisfied(state.history) { return true }
                state.waiters.append(Waiter(isSatisfied: isSatisfied, continuation: continuation))
                return false
            }
            if satisfiedNow { continuation.resume() }
        }
    }

    private func record(_ event: Event, subscription: (any Subscription)? = nil) {
        state.withLock { state in
            state.history.append(event)
            if let subscription { state.subscription = subscription }
        }
        onEvent(self, event)
        let satisfied = state.withLock { state -> [Waiter] in
            let history = state.history
            let satisfied = state.waiters.filter { $0.isSatisfied(history) }
            state.waiters.removeAll { $0.isSatisfied(history) }
            return satisfied
        }
        for waiter in satisfied {
            waiter.continuation.resume()
        }
    }
}

extension Recorder.Event: Equatable where Input: Equatable {}
