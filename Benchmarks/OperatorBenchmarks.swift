import Effects

/// The operators middlewares reach for, at their speed targets: a debounce on virtual time, a
/// synchronous chain of shape operators, and a subject's send.
func operatorBenchmarks() -> [Benchmark] {
    let baseline = "baseline: counter reducer, raw loop"
    return [
        Benchmark(
            name: "operators: debounce on TestScheduler, 9 of 10 values dropped, per value",
            baseline: baseline,
            operations: 1_000_000
        ) { n in
            // Bursts of ten values, one a millisecond, then a pause: each burst's last value is
            // sent 5 ms after it, the other nine are dropped. Includes the subject's send and the
            // scheduler's advances, as a middleware's test would pay them.
            let scheduler = TestScheduler()
            let keystrokes = PassthroughSubject<Int>()
            let cancellable = keystrokes.debounce(for: .milliseconds(5), scheduler: scheduler).sink
            { blackHole($0) }
            var value = 0
            while value < n {
                for _ in 0..<10 {
                    keystrokes.send(value)
                    value += 1
                    scheduler.advance(by: .milliseconds(1))
                }
                scheduler.advance(by: .milliseconds(5))
            }
            withExtendedLifetime(cancellable) {}
        },
        Benchmark(
            name: "operators: debounce on TestScheduler, bursts of 10 at one instant, per value",
            baseline: baseline,
            operations: 1_000_000
        ) { n in
            // The same drop rate with one advance per burst instead of one per value: what the
            // debounce (and the subject's send) cost, with little of the scheduler's.
            let scheduler = TestScheduler()
            let keystrokes = PassthroughSubject<Int>()
            let cancellable = keystrokes.debounce(for: .milliseconds(5), scheduler: scheduler).sink
            { blackHole($0) }
            var value = 0
            while value < n {
                for _ in 0..<10 {
                    keystrokes.send(value)
                    value += 1
                }
                scheduler.advance(by: .milliseconds(5))
            }
            withExtendedLifetime(cancellable) {}
        },
        Benchmark(
            name: "operators: removeDuplicates → scan → map, 1,000-element sequence, per element",
            baseline: baseline,
            operations: 10_000_000
        ) { n in
            // Runs of three equal values, so that removeDuplicates drops two thirds.
            let elements = (0..<1_000).map { $0 / 3 }
            for _ in 0..<(n / 1_000) {
                _ = elements.publisher
                    .removeDuplicates()
                    .scan(0) { $0 &+ $1 }
                    .map { $0 &* 2 }
                    .sink { blackHole($0) }
            }
        },
        Benchmark(
            name: "operators: PassthroughSubject send, one subscriber, per send",
            baseline: baseline,
            operations: 10_000_000
        ) { n in
            let subject = PassthroughSubject<Int>()
            let cancellable = subject.sink { blackHole($0) }
            for index in 0..<n {
                subject.send(index)
            }
            withExtendedLifetime(cancellable) {}
        },
    ]
}
