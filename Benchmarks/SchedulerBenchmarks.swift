import Effects

/// Timer queues under load: the cost of one piece of work among N pending ones, on the
/// TestScheduler and on the caller's side of the DispatchQueueScheduler.
func schedulerBenchmarks() -> [Benchmark] {
    let baseline = "baseline: counter reducer, raw loop"
    var benchmarks: [Benchmark] = []
    for pending in [10, 100_000] {
        let label = pending == 10 ? "10" : "100,000"
        // Built on first use, outside the timed runs, and kept across them: the N items are due
        // so late that no run reaches them.
        let loaded = Lazy { loadedTestScheduler(pending: pending) }
        benchmarks.append(
            Benchmark(
                name: "scheduler: TestScheduler schedule + advance, \(label) pending",
                baseline: baseline,
                operations: 500_000
            ) { n in
                let scheduler = loaded.value
                for _ in 0..<n {
                    scheduler.schedule(after: .microseconds(1)) { blackHole(1) }
                    scheduler.advance(by: .microseconds(1))
                }
                blackHole(scheduler.pendingWorkCount)
            })
        benchmarks.append(
            Benchmark(
                name: "scheduler: TestScheduler cancel, \(label) pending",
                baseline: baseline,
                operations: 500_000
            ) { n in
                let scheduler = loaded.value
                // Due among the others (they are due at 10^6 s + 1…N s), so that finding it is work.
                let middle = Duration.seconds(1_000_000 + pending / 2) - scheduler.now
                for _ in 0..<n {
                    let handle = scheduler.schedule(after: middle) { blackHole(2) }
                    handle.cancel()
                }
                blackHole(scheduler.pendingWorkCount)
            })
    }
    let dispatch = Lazy { DispatchQueueScheduler() }
    benchmarks.append(
        Benchmark(
            name: "scheduler: DispatchQueueScheduler schedule + cancel, caller's cost",
            baseline: baseline,
            operations: 200_000
        ) { n in
            let scheduler = dispatch.value
            for _ in 0..<n {
                // Delayed by a second, so that nothing fires during the run.
                let handle = scheduler.schedule(after: .seconds(1)) { blackHole(3) }
                handle.cancel()
            }
        })
    return benchmarks
}

/// A TestScheduler holding `pending` items due from 10^6 s on, scheduled in no particular order.
private func loadedTestScheduler(pending: Int) -> TestScheduler {
    let scheduler = TestScheduler()
    var generator = SystemRandomNumberGenerator()
    for second in (1...pending).shuffled(using: &generator) {
        scheduler.schedule(after: .seconds(1_000_000 + second)) { blackHole(0) }
    }
    return scheduler
}

/// A value made on first use: benchmarks that are filtered out never pay for their setup.
private final class Lazy<Value> {
    private let make: () -> Value
    private var made: Value?

    init(_ make: @escaping () -> Value) {
        self.make = make
    }

    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
