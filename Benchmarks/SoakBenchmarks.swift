import Effects

/// One soak case: a cycle run a million times, and the resident memory around the run.
///
/// A cycle that leaves anything behind (a subscriber its subscription never lets go of, a
/// closure's captures) grows the resident set by at least that much per cycle: a few dozen bytes
/// leaked per cycle show as tens of MiB. Flat means growth ≤ 1 MiB.
struct SoakCase {
    let name: String
    let cycle: (Int) -> Void
}

/// The resident memory around one soak case's run.
struct SoakResult {
    let name: String
    let cycles: Int
    let beforeKiB: Int
    let afterKiB: Int

    /// The growth the soak cases allow: 1 MiB.
    static let allowedGrowthKiB = 1024

    var growthKiB: Int { afterKiB - beforeKiB }
}

/// The soak cases: subscribe, deliver and end, over and over, on the publishers whose ends
/// must let go of everything.
func soakCases() -> [SoakCase] {
    let subject = PassthroughSubject<Int>()
    return [
        SoakCase(name: "soak: PassthroughSubject → map, subscribe + send + cancel, resident growth")
        {
            index in
            let subscriber = SoakSubscriber<Int>()
            subject.map { $0 &+ 1 }.subscribe(subscriber)
            subject.send(index)
            subscriber.cancel()
        },
        SoakCase(name: "soak: Future, subscribe + fulfil + release, resident growth") { index in
            let promise = Lock<Future<Int>.Promise?>(nil)
            let future = Future<Int> { fulfil in promise.withLock { $0 = fulfil } }
            future.subscribe(SoakSubscriber<Int>())
            promise.withLock { $0 }?(index)
        },
        SoakCase(
            name: "soak: sink, publisher finishes while its AnyCancellable is held, resident growth"
        ) { index in
            let source = PassthroughSubject<Int>()
            let captured = SoakSubscriber<Int>()
            let cancellable = source.sink(
                receiveCompletion: { _ in blackHole(captured) },
                receiveValue: { blackHole($0 &+ index) })
            source.send(index)
            source.send(completion: .finished)
            blackHole(cancellable)
        },
    ]
}

/// Runs each selected soak case `cycles` times (after a warm-up) and reads the resident set size
/// before and after; nil entries where there is no `/proc/self/statm`.
func measureSoaks(_ cases: [SoakCase], cycles: Int) -> [SoakResult] {
    cases.compactMap { soak in
        for index in 0..<10_000 { soak.cycle(index) }
        _ = residentKiB()
        guard let before = residentKiB() else { return nil }
        for index in 0..<cycles { soak.cycle(index) }
        guard let after = residentKiB() else { return nil }
        return SoakResult(name: soak.name, cycles: cycles, beforeKiB: before, afterKiB: after)
    }
}

/// A subscriber that stores its subscription and keeps it, the usual shape (and the one that
/// leaked: it and its subscription held each other).
private final class SoakSubscriber<Input: Sendable>: Subscriber, Sendable {
    private let subscription = Lock<(any Subscription)?>(nil)

    func receive(subscription: any Subscription) {
        self.subscription.withLock { $0 = subscription }
    }

    func receive(_ input: Input) {
        blackHole(input)
    }

    func receive(completion: Subscribers.Completion) {}

    func cancel() {
        subscription.withLock { $0 }?.cancel()
    }
}
