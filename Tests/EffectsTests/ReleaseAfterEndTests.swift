import Effects
import Testing

/// Nothing is retained after the end: every publisher and operator lets go of its downstream,
/// of its closures (and what they capture) and of its subscriptions as soon as it completes or
/// is cancelled, even while the subscriber still holds its subscription (the usual shape, and a
/// cycle until someone breaks it).
///
/// One row per publisher and operator; each row is played twice, ended by its upstream and
/// ended by a cancel, and three weak references are checked after each end: the subscriber, an
/// object the operator's closures capture, and the subscription the subscriber holds.
@Suite struct ReleaseAfterEndTests {
    @Test(
        "after it completes, nothing of the subscription is left",
        arguments: ReleaseRow.all.filter(\.completes))
    func releasedAfterCompletion(row: ReleaseRow) async throws {
        try await play(row) { parts, subscriber in
            await parts.end()
            await settle { subscriber.isFinished }
            #expect(subscriber.isFinished, "the subscriber was not finished")
        }
    }

    @Test("after a cancel, nothing of the subscription is left", arguments: ReleaseRow.all)
    func releasedAfterCancel(row: ReleaseRow) async throws {
        try await play(row) { _, subscriber in
            subscriber.cancelHeldSubscription()
        }
    }

    @Test(
        "a sink lets go of its closures when its publisher finishes, while its cancellable is held",
        arguments: SinkRow.all)
    func sinkReleasedAfterCompletion(row: SinkRow) async throws {
        let parts = ReleaseParts()
        weak var weakWitness: Witness?
        let cancellable: AnyCancellable = {
            let witness = Witness()
            weakWitness = witness
            return row.attach(parts, witness)
        }()
        await parts.end()
        await settle { weakWitness == nil }
        #expect(weakWitness == nil, "the sink's closures were kept")
        _ = cancellable
    }

    @Test("a sink lets go of its closures when it is cancelled", arguments: SinkRow.all)
    func sinkReleasedAfterCancel(row: SinkRow) async throws {
        let parts = ReleaseParts()
        weak var weakWitness: Witness?
        let cancellable: AnyCancellable = {
            let witness = Witness()
            weakWitness = witness
            return row.attach(parts, witness)
        }()
        cancellable.cancel()
        #expect(weakWitness == nil, "the sink's closures were kept")
        _ = cancellable
    }

    /// Attaches the row's subscriber, lets go of everything but the parts, ends it with `end`,
    /// then expects the subscriber, the witness and the subscription to be gone.
    private func play(
        _ row: ReleaseRow,
        sourceLocation: SourceLocation = #_sourceLocation,
        end: (ReleaseParts, any HoldsSubscription) async -> Void
    ) async throws {
        let parts = ReleaseParts()
        weak var weakSubscriber: (any HoldsSubscription)?
        weak var weakWitness: Witness?
        weak var weakSubscription: (any Subscription)?
        do {
            let witness = Witness()
            weakWitness = witness
            let subscriber = row.attach(parts, witness)
            weakSubscriber = subscriber
            let subscription = try #require(subscriber.heldSubscription, "no subscription arrived")
            // The one shared subscription that holds nothing lives for the whole program.
            if subscription !== Subscriptions.empty { weakSubscription = subscription }
            if row.captures {
                #expect(weakWitness != nil, "the row's closures capture nothing")
            }
            await end(parts, subscriber)
        }
        await settle { weakSubscriber == nil && weakWitness == nil && weakSubscription == nil }
        #expect(weakSubscriber == nil, "the subscriber was kept")
        #expect(weakWitness == nil, "what the closures capture was kept")
        #expect(weakSubscription == nil, "the subscription was kept")
    }
}

/// Lets work on other threads (a ``Publishers/Run`` task) catch up, until `isDone` or a bound
/// on the number of yields; returns at once for everything synchronous.
private func settle(_ isDone: () -> Bool) async {
    for _ in 0..<10_000 where !isDone() {
        await Task.yield()
    }
}

/// One publisher or operator, built on the parts, with a ``HoldingSubscriber`` attached.
struct ReleaseRow: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether it ends on its own once ``ReleaseParts/end()`` has run (a timer never does).
    var completes = true
    /// Whether the closures it takes capture the witness (some operators take none).
    var captures = true
    /// Builds the publisher, with every closure it takes capturing the witness, and attaches a
    /// subscriber that stores its subscription.
    let attach: @Sendable (ReleaseParts, Witness) -> any HoldsSubscription

    var testDescription: String { name }

    static let all: [ReleaseRow] = [
        ReleaseRow(name: "PassthroughSubject", captures: false) { parts, _ in
            hold(parts.source)
        },
        ReleaseRow(name: "CurrentValueSubject", captures: false) { parts, _ in
            hold(parts.current)
        },
        ReleaseRow(name: "map on a subject") { parts, witness in
            hold(
                parts.source.map {
                    witness.touch(); return $0
                })
        },
        ReleaseRow(name: "allSatisfy") { parts, witness in
            hold(
                parts.source.allSatisfy { _ in
                    witness.touch(); return true
                })
        },
        ReleaseRow(name: "eraseToAnyPublisher", captures: false) { parts, _ in
            hold(parts.source.eraseToAnyPublisher())
        },
        ReleaseRow(name: "collect", captures: false) { parts, _ in
            hold(parts.source.collect())
        },
        ReleaseRow(name: "combineLatest") { parts, witness in
            hold(
                parts.source.combineLatest(parts.other) { a, b in
                    witness.touch(); return a + b
                })
        },
        ReleaseRow(name: "compactMap") { parts, witness in
            hold(
                parts.source.compactMap {
                    witness.touch(); return $0
                })
        },
        ReleaseRow(name: "append of a publisher", captures: false) { parts, _ in
            hold(parts.source.append(parts.other))
        },
        ReleaseRow(name: "append of values", captures: false) { parts, _ in
            hold(parts.source.append(7, 8))
        },
        ReleaseRow(name: "contains", captures: false) { parts, _ in
            hold(parts.source.contains(99))
        },
        ReleaseRow(name: "contains(where:)") { parts, witness in
            hold(
                parts.source.contains {
                    witness.touch(); return $0 > 99
                })
        },
        ReleaseRow(name: "count", captures: false) { parts, _ in
            hold(parts.source.count())
        },
        ReleaseRow(name: "debounce", captures: false) { parts, _ in
            hold(parts.source.debounce(for: .seconds(1), scheduler: parts.scheduler))
        },
        ReleaseRow(name: "Deferred") { parts, witness in
            let source = parts.source
            return hold(
                Deferred {
                    witness.touch(); return source
                })
        },
        ReleaseRow(name: "delay", captures: false) { parts, _ in
            hold(parts.source.delay(for: .seconds(1), scheduler: parts.scheduler))
        },
        ReleaseRow(name: "dropFirst", captures: false) { parts, _ in
            hold(parts.source.dropFirst())
        },
        ReleaseRow(name: "drop(while:)") { parts, witness in
            hold(
                parts.source.drop { _ in
                    witness.touch(); return false
                })
        },
        ReleaseRow(name: "Empty", captures: false) { _, _ in
            hold(Empty<Int>())
        },
        ReleaseRow(name: "Empty that never completes", completes: false, captures: false) {
            _, _ in
            hold(Empty<Int>(completeImmediately: false))
        },
        ReleaseRow(name: "filter") { parts, witness in
            hold(
                parts.source.filter { _ in
                    witness.touch(); return true
                })
        },
        ReleaseRow(name: "first", captures: false) { parts, _ in
            hold(parts.source.first())
        },
        ReleaseRow(name: "first(where:)") { parts, witness in
            hold(
                parts.source.first {
                    witness.touch(); return $0 > 99
                })
        },
        ReleaseRow(name: "flatMap") { parts, witness in
            let other = parts.other
            return hold(
                parts.source.flatMap { _ in
                    witness.touch(); return other
                })
        },
        ReleaseRow(name: "Future fulfilled later", captures: false) { parts, _ in
            hold(parts.future)
        },
        ReleaseRow(name: "Future fulfilled already", captures: false) { _, _ in
            hold(Future<Int> { $0(1) })
        },
        ReleaseRow(name: "handleEvents") { parts, witness in
            hold(
                parts.source.handleEvents(
                    receiveSubscription: { _ in witness.touch() },
                    receiveOutput: { _ in witness.touch() },
                    receiveCompletion: { _ in witness.touch() },
                    receiveCancel: { witness.touch() }
                ))
        },
        ReleaseRow(name: "ignoreOutput", captures: false) { parts, _ in
            hold(parts.source.ignoreOutput())
        },
        ReleaseRow(name: "Just", captures: false) { _, _ in
            hold(Just(1))
        },
        ReleaseRow(name: "last", captures: false) { parts, _ in
            hold(parts.source.last())
        },
        ReleaseRow(name: "last(where:)") { parts, witness in
            hold(
                parts.source.last {
                    witness.touch(); return $0 > 0
                })
        },
        ReleaseRow(name: "merge", captures: false) { parts, _ in
            hold(parts.source.merge(with: parts.other))
        },
        ReleaseRow(name: "MergeMany", captures: false) { parts, _ in
            hold(Publishers.MergeMany(parts.source, parts.other))
        },
        ReleaseRow(name: "output(at:)", captures: false) { parts, _ in
            hold(parts.source.output(at: 5))
        },
        ReleaseRow(name: "prefix", captures: false) { parts, _ in
            hold(parts.source.prefix(5))
        },
        ReleaseRow(name: "prefix(while:)") { parts, witness in
            hold(
                parts.source.prefix { _ in
                    witness.touch(); return true
                })
        },
        ReleaseRow(name: "prepend of values", captures: false) { parts, _ in
            hold(parts.source.prepend(7, 8))
        },
        ReleaseRow(name: "prepend of a publisher", captures: false) { parts, _ in
            hold(parts.other.prepend(parts.source))
        },
        ReleaseRow(name: "receive(on:)", captures: false) { parts, _ in
            hold(parts.source.receive(on: parts.scheduler))
        },
        ReleaseRow(name: "reduce") { parts, witness in
            hold(
                parts.source.reduce(0) {
                    witness.touch(); return $0 + $1
                })
        },
        ReleaseRow(name: "removeDuplicates(by:)") { parts, witness in
            hold(
                parts.source.removeDuplicates {
                    witness.touch(); return $0 == $1
                })
        },
        ReleaseRow(name: "replaceEmpty", captures: false) { parts, _ in
            hold(parts.source.replaceEmpty(with: 0))
        },
        ReleaseRow(name: "Run") { _, witness in
            hold(
                Publishers.Run<Int> { send in
                    witness.touch()
                    await send(1)
                })
        },
        ReleaseRow(name: "scan") { parts, witness in
            hold(
                parts.source.scan(0) {
                    witness.touch(); return $0 + $1
                })
        },
        ReleaseRow(name: "Sequence", captures: false) { _, _ in
            hold([1, 2, 3].publisher)
        },
        ReleaseRow(name: "share", captures: false) { parts, _ in
            hold(parts.source.share())
        },
        ReleaseRow(name: "switchToLatest") { parts, witness in
            let other = parts.other
            return hold(
                parts.source.map { _ in
                    witness.touch(); return other
                }.switchToLatest())
        },
        ReleaseRow(name: "throttle", captures: false) { parts, _ in
            hold(parts.source.throttle(for: .seconds(1), scheduler: parts.scheduler, latest: true))
        },
        ReleaseRow(name: "timeout", captures: false) { parts, _ in
            hold(parts.source.timeout(.seconds(5), scheduler: parts.scheduler))
        },
        ReleaseRow(name: "Timer", completes: false, captures: false) { parts, _ in
            hold(Publishers.Timer(every: .seconds(1), scheduler: parts.scheduler))
        },
        ReleaseRow(name: "zip") { parts, witness in
            hold(
                parts.source.zip(parts.other) { a, b in
                    witness.touch(); return a + b
                })
        },
        ReleaseRow(name: "Effect of a publisher, mapped") { parts, witness in
            hold(
                Effect(parts.source).map {
                    witness.touch(); return $0
                })
        },
        ReleaseRow(name: "Effect of a publisher, compactMapped") { parts, witness in
            hold(
                Effect(parts.source).compactMap {
                    witness.touch(); return $0
                })
        },
        ReleaseRow(name: "Effect.just, compactMapped and delayed", captures: false) {
            parts, witness in
            hold(
                Effect.just(1).compactMap {
                    witness.touch(); return $0
                }
                .delay(for: .seconds(1), scheduler: parts.scheduler))
        },
        ReleaseRow(name: "Effect.just, delayed", captures: false) { parts, _ in
            hold(Effect.just(1).delay(for: .seconds(1), scheduler: parts.scheduler))
        },
        ReleaseRow(name: "Effect of a publisher, delayed", captures: false) { parts, _ in
            hold(Effect(parts.source).delay(for: .seconds(1), scheduler: parts.scheduler))
        },
        ReleaseRow(name: "Effect.merge", captures: false) { parts, _ in
            hold(Effect.merge(Effect(parts.source), Effect(parts.other)))
        },
        ReleaseRow(name: "Effect.concatenate", captures: false) { parts, _ in
            hold(Effect.concatenate(Effect(parts.source), Effect(parts.other)))
        },
        ReleaseRow(name: "Effect, cancellable", captures: false) { parts, _ in
            hold(Effect(parts.source).cancellable(id: "release"))
        },
        ReleaseRow(name: "Effect, debounced by id", captures: false) { parts, _ in
            hold(
                Effect(parts.source).debounce(
                    id: "release", for: .seconds(1), scheduler: parts.scheduler))
        },
        ReleaseRow(name: "Effect, throttled by id", captures: false) { parts, _ in
            hold(
                Effect(parts.source).throttle(
                    id: "release", for: .seconds(1), scheduler: parts.scheduler, latest: true))
        },
        ReleaseRow(name: "Effect, received on a scheduler", captures: false) { parts, _ in
            hold(Effect(parts.source).receive(on: parts.scheduler))
        },
        ReleaseRow(name: "Effect.run") { _, witness in
            hold(
                Effect<Int>.run { send in
                    witness.touch()
                    await send(1)
                })
        },
        ReleaseRow(name: "zip of three") { parts, witness in
            hold(
                parts.source.zip(parts.other, parts.third) { a, b, c in
                    witness.touch()
                    return a + b + c
                })
        },
        ReleaseRow(name: "zip of four") { parts, witness in
            hold(
                parts.source.zip(parts.other, parts.third, parts.current) { a, b, c, d in
                    witness.touch()
                    return a + b + c + d
                })
        },
        ReleaseRow(name: "combineLatest of three") { parts, witness in
            hold(
                parts.source.combineLatest(parts.other, parts.third) { a, b, c in
                    witness.touch()
                    return a + b + c
                })
        },
        ReleaseRow(name: "combineLatest of four") { parts, witness in
            hold(
                parts.source.combineLatest(parts.other, parts.third, parts.current) { a, b, c, d in
                    witness.touch()
                    return a + b + c + d
                })
        },
    ]
}

/// One way to attach a `sink`, with both its closures capturing the witness.
struct SinkRow: Sendable, CustomTestStringConvertible {
    let name: String
    let attach: @Sendable (ReleaseParts, Witness) -> AnyCancellable

    var testDescription: String { name }

    static let all: [SinkRow] = [
        SinkRow(name: "sink on a subject") { parts, witness in
            parts.source.sink(
                receiveCompletion: { _ in witness.touch() }, receiveValue: { _ in witness.touch() })
        },
        SinkRow(name: "sink on a map of a subject") { parts, witness in
            parts.source.map { $0 + 1 }.sink { _ in witness.touch() }
        },
        SinkRow(name: "sink on a future") { parts, witness in
            parts.future.sink(
                receiveCompletion: { _ in witness.touch() }, receiveValue: { _ in witness.touch() })
        },
        SinkRow(name: "sink on a delay") { parts, witness in
            parts.source.delay(for: .seconds(1), scheduler: parts.scheduler).sink(
                receiveCompletion: { _ in witness.touch() }, receiveValue: { _ in witness.touch() })
        },
    ]
}

/// What a row builds on: three subjects, a current-value subject, a future whose promise the test
/// keeps, and a test scheduler. Ended together by ``end()``.
final class ReleaseParts: Sendable {
    let source = PassthroughSubject<Int>()
    /// A second upstream: the other side of a merge or zip, or the inner publisher of a flatMap.
    let other = PassthroughSubject<Int>()
    /// A third upstream, for a zip or combineLatest of three or four.
    let third = PassthroughSubject<Int>()
    let current = CurrentValueSubject<Int>(0)
    let scheduler = TestScheduler()
    let future: Future<Int>
    private let promise: Lock<Future<Int>.Promise?>

    init() {
        let promise = Lock<Future<Int>.Promise?>(nil)
        future = Future { fulfil in promise.withLock { $0 = fulfil } }
        self.promise = promise
    }

    /// Sends a value through each upstream, finishes each, fulfils the future, and runs the
    /// scheduler past any delay.
    func end() async {
        source.send(1)
        other.send(2)
        third.send(3)
        source.send(completion: .finished)
        other.send(completion: .finished)
        third.send(completion: .finished)
        current.send(completion: .finished)
        promise.withLock { $0 }?(3)
        scheduler.advance(by: .seconds(60))
    }
}

/// A subscriber the test lets go of, which it reaches only through weak references.
protocol HoldsSubscription: AnyObject, Sendable {
    var heldSubscription: (any Subscription)? { get }
    var isFinished: Bool { get }
    func cancelHeldSubscription()
}

/// A subscriber that stores its subscription and never lets go of it, even after it finishes
/// or cancels it, as an object holding a token does.
final class HoldingSubscriber<Input: Sendable>: Subscriber, HoldsSubscription {
    private let subscription = Lock<(any Subscription)?>(nil)
    private let finished = Lock(false)

    var heldSubscription: (any Subscription)? {
        subscription.withLock { $0 }
    }

    var isFinished: Bool {
        finished.withLock { $0 }
    }

    func receive(subscription: any Subscription) {
        self.subscription.withLock { $0 = subscription }
    }

    func receive(_ input: Input) {}

    func receive(completion: Subscribers.Completion) {
        finished.withLock { $0 = true }
    }

    func cancelHeldSubscription() {
        heldSubscription?.cancel()
    }
}

/// Attaches a new ``HoldingSubscriber`` to `publisher`.
private func hold<P: Publisher>(_ publisher: P) -> any HoldsSubscription {
    let subscriber = HoldingSubscriber<P.Output>()
    publisher.subscribe(subscriber)
    return subscriber
}
