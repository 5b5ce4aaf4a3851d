import Effects
import Redux

/// A tiny feature to record: a running total, and the amounts in the order they came.
struct Counter: Equatable, Sendable {
    var total = 0
    var history: [Int] = []
}

enum CounterAction: Equatable, Codable, Sendable {
    case add(Int)
    case addLater(Int)
    case reset
    case measure(Double)
}

let counterReducer: MutatingReducer<Counter, CounterAction> = { state, action in
    switch action {
    case .add(let amount):
        state.total += amount
        state.history.append(amount)
    case .reset:
        state = Counter()
    case .addLater, .measure:
        break
    }
}

/// Answers `addLater(n)` with `add(n)` a second later: an effect whose action the recording must
/// hold for the reducer alone to replay the session.
func addLater(scheduler: some Scheduler) -> Middleware<Counter, CounterAction> {
    { _, action in
        guard case .addLater(let amount) = action else { return .none }
        return Effect.just(.add(amount)).delay(for: .seconds(1), scheduler: scheduler)
    }
}
