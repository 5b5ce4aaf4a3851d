import Dispatch
import Effects
import Redux

/// Dispatching onto a store's home from another thread: what the caller pays (queueing, and
/// scheduling a piece of work on the home for each batch), against reducing the action itself.
func homeBenchmarks() -> [Benchmark] {
    [
        .timed(
            name:
                "home: dispatch onto a DispatchQueueScheduler home from another thread (caller's time)",
            baseline: "store: counter, 0 .none middlewares",
            operations: 2_000_000
        ) { n in
            let queue = DispatchQueue(label: "benchmarks.home")
            let store = Store(
                initial: Counter(),
                mutatingReducer: counterReducer,
                on: .scheduler(DispatchQueueScheduler(queue: queue))
            )
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<n { store.dispatch(.increment) }
            let elapsed = clock.now - start
            // Not timed: let the home catch up, so that the next run starts from an idle store.
            while store.state.count != n {
                queue.sync {}
            }
            return elapsed
        }
    ]
}
