import Effects

func effectsBenchmarks() -> [Benchmark] {
    let baseline = "baseline: counter reducer, raw loop"
    return [
        Benchmark(name: "effects: Just → sink", baseline: baseline, operations: 2_000_000) { n in
            var total = 0
            for index in 0..<n {
                _ = Just(index).sink { blackHole($0) }
                total &+= index
            }
            blackHole(total)
        },
        Benchmark(name: "effects: Empty → sink", baseline: baseline, operations: 2_000_000) { n in
            for index in 0..<n {
                _ = Empty<Int>().sink(
                    receiveCompletion: { _ in blackHole(index) }, receiveValue: { blackHole($0) })
            }
        },
        Benchmark(
            name: "effects: 10-element sequence, per element", baseline: baseline,
            operations: 10_000_000
        ) { n in
            let elements = Array(0..<10)
            for _ in 0..<(n / 10) {
                _ = elements.publisher.sink { blackHole($0) }
            }
        },
        Benchmark(
            name: "effects: Delay on TestScheduler, per value", baseline: baseline,
            operations: 200_000
        ) { n in
            let scheduler = TestScheduler()
            var cancellables: [AnyCancellable] = []
            cancellables.reserveCapacity(1_000)
            var delivered = 0
            while delivered < n {
                for index in 0..<1_000 {
                    cancellables.append(
                        Just(index).delay(for: .seconds(1), scheduler: scheduler).sink {
                            blackHole($0)
                        })
                }
                scheduler.advance(by: .seconds(1))
                cancellables.removeAll(keepingCapacity: true)
                delivered += 1_000
            }
        },
        Benchmark(
            name: "effects: Delay over a 10-value sequence on TestScheduler, per value",
            baseline: baseline, operations: 200_000
        ) { n in
            // The relaying shape of Delay: an upstream of several values, each waiting its turn.
            relayTenValues(n) { $0.delay(for: .seconds(1), scheduler: $1) }
        },
        Benchmark(
            name: "effects: receive(on:) a TestScheduler, a 10-value sequence, per value",
            baseline: baseline, operations: 200_000
        ) { n in
            relayTenValues(n) { $0.receive(on: $1) }
        },
    ]
}

/// Subscribes 100 sinks at a time to `relay` over a 10-value sequence, then lets the scheduler
/// deliver all 1,000 values, until `n` values went through.
private func relayTenValues<Relayed: Publisher>(
    _ n: Int, _ relay: (Publishers.Sequence<[Int]>, TestScheduler) -> Relayed
) {
    let scheduler = TestScheduler()
    let values = Array(0..<10)
    var cancellables: [AnyCancellable] = []
    cancellables.reserveCapacity(100)
    var delivered = 0
    while delivered < n {
        for _ in 0..<100 {
            cancellables.append(relay(values.publisher, scheduler).sink { blackHole($0) })
        }
        scheduler.advance(by: .seconds(1))
        cancellables.removeAll(keepingCapacity: true)
        delivered += 1_000
    }
}
