import Effects
import Redux

/// Async work and awaitable stores: what following an action with a `StoreTask` costs over a
/// plain dispatch, and what async work on virtual time costs per step (where tasks can prefer a
/// `TestScheduler` as their executor: macOS 15, iOS 18 and their siblings, and Linux).
func asyncBenchmarks() -> [Benchmark] {
    let dispatchCase = "store: counter, 0 .none middlewares"
    var cases = [
        Benchmark(
            name: "store: send (a StoreTask per action), counter",
            baseline: dispatchCase,
            operations: 1_000_000
        ) { n in
            let store = counterStore(middlewareCount: 0)
            for _ in 0..<n { blackHole(store.send(.increment)) }
            blackHole(store.state)
        },
        Benchmark(
            name: "store: send (a StoreTask per action), feedback .just for half of them",
            baseline: "store: feedback, .just for half the actions",
            operations: 1_000_000
        ) { n in
            let feedback: Middleware<Counter, CounterAction> = { state, action in
                action == .increment && state.parity == 0 ? .just(.feedback) : .none
            }
            let store = Store(
                initial: Counter(), mutatingReducer: counterReducer, middlewares: [feedback])
            for _ in 0..<n { blackHole(store.send(.increment)) }
            blackHole(store.state)
        },
    ]
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        cases += virtualTimeAsyncBenchmarks()
    }
    return cases
}

/// Async work on virtual time: tasks that prefer a `TestScheduler` as their executor.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private func virtualTimeAsyncBenchmarks() -> [Benchmark] {
    let baseline = "baseline: counter reducer, raw loop"
    return [
        .timed(
            name: "async: a task sleeping on a TestScheduler's clock, woken by advance (per sleep)",
            baseline: baseline,
            operations: 200_000
        ) { n in
            let scheduler = TestScheduler()
            let clock = scheduler.clock
            Task(executorPreference: scheduler) {
                for _ in 0..<n {
                    try await clock.sleep(for: .microseconds(1))
                }
            }
            scheduler.runReadyTasks()
            return ContinuousClock().measure {
                for _ in 0..<n {
                    scheduler.advance(by: .microseconds(1))
                }
            }
        },
        Benchmark(
            name:
                "async: Effect.run in a store on a TestScheduler, dispatch to its action reduced (per effect)",
            baseline: baseline,
            operations: 100_000
        ) { n in
            let scheduler = TestScheduler()
            let runFeedback: Middleware<Counter, CounterAction> = { _, action in
                action == .increment ? .run { send in await send(.feedback) } : .none
            }
            let store = Store(
                initial: Counter(),
                mutatingReducer: counterReducer,
                middlewares: [runFeedback],
                taskExecutor: .preferring(scheduler)
            )
            for _ in 0..<n {
                store.dispatch(.increment)
                scheduler.runReadyTasks()
            }
            blackHole(store.state)
        },
    ]
}
