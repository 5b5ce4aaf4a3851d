import Dispatch
import Effects
import Redux

/// The smallest useful state: a counter.
struct Counter: Equatable, Sendable {
    var count = 0
    var parity = 0
}

/// The counter's actions.
enum CounterAction: Equatable, Sendable {
    case increment
    case feedback
}

let counterReducer: MutatingReducer<Counter, CounterAction> = { state, action in
    switch action {
    case .increment:
        state.count &+= 1
        state.parity = state.count & 1
    case .feedback:
        state.count &-= 1
    }
}

func counterStore(middlewareCount: Int) -> Store<Counter, CounterAction> {
    let passThrough: Middleware<Counter, CounterAction> = { _, _ in .none }
    return Store(
        initial: Counter(),
        mutatingReducer: counterReducer,
        middlewares: Array(repeating: passThrough, count: middlewareCount)
    )
}

func baselineBenchmarks() -> [Benchmark] {
    [
        Benchmark(
            name: "baseline: counter reducer, raw loop", baseline: nil, operations: 10_000_000
        ) { n in
            // Called through the same closure the store holds, so it is not inlined away.
            let reduce = opaque(counterReducer)
            var state = Counter()
            for _ in 0..<n { reduce(&state, .increment) }
            blackHole(state)
        }
    ]
}

func storeBenchmarks() -> [Benchmark] {
    let baseline = "baseline: counter reducer, raw loop"
    var benchmarks: [Benchmark] = []
    for count in [0, 1, 3, 10] {
        benchmarks.append(
            Benchmark(
                name: "store: counter, \(count) .none middleware\(count == 1 ? "" : "s")",
                baseline: baseline,
                operations: 2_000_000
            ) { n in
                let store = counterStore(middlewareCount: count)
                for _ in 0..<n { store.dispatch(.increment) }
                blackHole(store.state)
            })
    }
    benchmarks.append(
        Benchmark(
            name: "store: feedback, .just for half the actions",
            baseline: baseline,
            operations: 2_000_000
        ) { n in
            let feedback: Middleware<Counter, CounterAction> = { state, action in
                action == .increment && state.parity == 0 ? .just(.feedback) : .none
            }
            let store = Store(
                initial: Counter(), mutatingReducer: counterReducer, middlewares: [feedback])
            // Each dispatch of .increment produces one more action half the time: count actions.
            var reduced = 0
            while reduced < n {
                store.dispatch(.increment)
                reduced += store.state.parity == 0 ? 2 : 1
            }
            blackHole(store.state)
        })
    for observers in [1, 100] {
        benchmarks.append(
            Benchmark(
                name:
                    "store: \(observers) selecting observer\(observers == 1 ? "" : "s") (deduped)",
                baseline: baseline,
                operations: observers == 1 ? 2_000_000 : 100_000
            ) { n in
                let store = counterStore(middlewareCount: 0)
                let tokens = (0..<observers).map { _ in
                    store.subscribe(to: { $0.parity }) { blackHole($0) }
                }
                for _ in 0..<n { store.dispatch(.increment) }
                blackHole(tokens)
            })
    }
    benchmarks.append(
        Benchmark(
            name: "store: 2 threads dispatching at once",
            baseline: baseline,
            operations: 2_000_000
        ) { n in
            let store = counterStore(middlewareCount: 3)
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<(n / 2) { store.dispatch(.increment) }
            }
            precondition(store.state.count == n / 2 * 2, "lost an action")
        })
    return benchmarks
}

/// Hides a value from the optimizer, so that a closure is called, not inlined.
@inline(never)
func opaque<T>(_ value: T) -> T {
    value
}
