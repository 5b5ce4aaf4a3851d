import Dispatch
import Effects
import Redux

/// A state holding a large array, for the cost of lending it to a reducer.
struct LargeState: Sendable {
    var items = Array(repeating: 0, count: 100_000)
}

/// The cases of the effect runtime and the store's collections, at the sizes where a linear
/// step would show.
func runtimeBenchmarks() -> [Benchmark] {
    let baseline = "baseline: counter reducer, raw loop"
    let inPlace = "store: in-place reducer, 100,000-element state"
    let fewObservers = "store: subscribe + release observers, 10 at a time (per observer)"
    return [
        Benchmark(
            name: "effects: Delay on DispatchQueueScheduler, caller's cost per value",
            baseline: baseline, operations: 100_000
        ) { n in
            // Delayed by a minute, so that nothing fires while the calling thread is measured;
            // releasing the cancellables cancels them (and is part of the cost).
            let scheduler = DispatchQueueScheduler()
            var cancellables: [AnyCancellable] = []
            cancellables.reserveCapacity(1_000)
            var scheduled = 0
            while scheduled < n {
                for index in 0..<1_000 {
                    cancellables.append(
                        Just(index).delay(for: .seconds(60), scheduler: scheduler).sink {
                            blackHole($0)
                        })
                }
                cancellables.removeAll(keepingCapacity: true)
                scheduled += 1_000
            }
        },
        Benchmark(name: inPlace, baseline: baseline, operations: 1_000_000) { n in
            let store = Store(
                initial: LargeState(),
                mutatingReducer: { (state: inout LargeState, index: Int) in
                    state.items[index] &+= 1
                })
            for index in 0..<n { store.dispatch(index % 100_000) }
            blackHole(store.state.items[0])
        },
        Benchmark(
            name: "store: pure reducer, 100,000-element state", baseline: inPlace,
            operations: 1_000_000
        ) { n in
            let store = Store<LargeState, Int>(
                initial: LargeState(),
                reducer: { state, index in
                    var state = state
                    state.items[index] &+= 1
                    return state
                })
            for index in 0..<n { store.dispatch(index % 100_000) }
            blackHole(store.state.items[0])
        },
        .timed(
            name: "store: release holding 100,000 pending delayed effects (per release)",
            baseline: nil, operations: 3
        ) { n in
            let clock = ContinuousClock()
            var total = Duration.zero
            for _ in 0..<n {
                let scheduler = TestScheduler()
                var store: Store<Counter, CounterAction>? = Store(
                    initial: Counter(),
                    mutatingReducer: counterReducer,
                    middlewares: [
                        { _, _ in
                            Effect.just(.feedback).delay(for: .seconds(1), scheduler: scheduler)
                        }
                    ]
                )
                for _ in 0..<100_000 { store?.dispatch(.increment) }
                total += clock.measure { store = nil }
                precondition(scheduler.pendingWorkCount == 0, "the release left work behind")
            }
            return total
        },
        Benchmark(name: fewObservers, baseline: baseline, operations: 100_000) { n in
            let store = counterStore(middlewareCount: 0)
            var tokens: [AnyCancellable] = []
            tokens.reserveCapacity(10)
            for _ in 0..<(n / 10) {
                for _ in 0..<10 { tokens.append(store.subscribe { blackHole($0) }) }
                tokens.removeAll(keepingCapacity: true)
            }
        },
        Benchmark(
            name: "store: subscribe + release observers, 10,000 at a time (per observer)",
            baseline: fewObservers, operations: 100_000
        ) { n in
            let store = counterStore(middlewareCount: 0)
            var tokens: [AnyCancellable] = []
            tokens.reserveCapacity(10_000)
            for _ in 0..<max(1, n / 10_000) {
                for _ in 0..<10_000 { tokens.append(store.subscribe { blackHole($0) }) }
                // Released in subscription order: each one leaves from the front of the list.
                tokens.removeAll(keepingCapacity: true)
            }
        },
    ]
}
