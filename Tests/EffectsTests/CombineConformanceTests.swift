import Effects
import Testing

/// The operators and sources added for issue 13, held to Combine's documented behaviour: for
/// each, a test replays the example or the rule from Combine's documentation on virtual time,
/// and each deliberate difference has a test of its own, named for it.
///
/// Two differences hold for every one of them, by design of this package: there is no failure
/// type (so no `tryX` variants, and errors become values: `timeout(…, sending:)`, `Future`'s
/// promise takes a value), and there is no demand (every subscription is unlimited; where
/// Combine limits by demand, as `flatMap(maxPublishers:)` does, values wait in a queue instead).
///
/// | Operator | Follows Combine | Deliberate difference |
/// |---|---|---|
/// | `debounce(for:scheduler:)` | A value is sent once `dueTime` has passed without a newer one, on the scheduler; each value restarts the wait; with nothing waiting, the completion comes on the scheduler | A value still waiting when the upstream finishes is sent at its time, before the completion (Combine drops it) |
/// | `throttle(for:scheduler:latest:)` | The first value goes out at once (on the scheduler); then at most one per interval, the latest or the first of those held; a held value goes out before the completion | — |
/// | `timeout(_:scheduler:)` | The wait starts at subscription and restarts with each value; when it runs out the upstream is cancelled and the publisher finishes; events come on the scheduler | `sending:` a value stands for `customError:` |
/// | `Publishers.Timer(every:scheduler:)` | Ticks every interval, on the same grid; with `share()`, every subscriber gets the one series, as with `Timer.publish(…).autoconnect()` | Not connectable: alone, each subscriber gets its own series, from its own subscription (`autoconnect()` shares one timer; add `share()` for that); sends the scheduler's time rather than a `Date` |
/// | `removeDuplicates()`, `(by:)` | Each value is compared with the previous one received | — |
/// | `scan(_:_:)` | Sends every running result | — |
/// | `prefix(_:)` | Sends at most n values, then finishes and cancels the upstream | Finishes right after the n-th value (Combine waits for one more value from the upstream); `prefix(0)` finishes at once |
/// | `first()`, `first(where:)` | The first (matching) value, then the completion; the upstream is cancelled | — |
/// | `collect()` | Every value in one array when the upstream finishes; an empty array for an empty upstream | — |
/// | `handleEvents(…)` | Each closure runs before its event goes on | No `receiveRequest` (no demand) |
/// | `replaceEmpty(with:)` | The replacement, then the completion, for an upstream that sent nothing | — |
/// | `flatMap(maxPublishers:_:)` | Values of all inner publishers, interleaved; finishes after the upstream and every inner; a cancel cancels the inner publishers first, then the upstream | Over the limit, values wait in order for a free place (Combine does not request them) |
/// | `switchToLatest()` | The latest inner publisher's values; the previous one is cancelled; finishes after the upstream and the latest inner; a cancel cancels the inner publisher first, then the upstream | — |
/// | `combineLatest` of two, three and four, with or without a transform; `CombineLatest3`, `CombineLatest4` | Nothing until each has sent; then the latest of each on every value; finishes once all have finished | — |
/// | `zip` of two, three and four, with or without a transform; `Zip3`, `Zip4` | Values by position, oldest first; finishes when an upstream has finished and has nothing left to pair | — |
/// | `PassthroughSubject` | Values go to the subscribers of the moment; a subscriber that comes after the completion gets the completion | A send made while another is being delivered (re-entrant, or from another thread) is delivered after it, never nested or concurrent |
/// | `CurrentValueSubject` | A new subscriber gets the current value first; setting `value` sends it; after the completion, a new subscriber gets the completion alone, `send` is ignored and setting `value` changes it without sending | Same serial delivery as `PassthroughSubject` |
/// | `Future` | The closure runs once, when the future is made; every subscriber gets the one value, then the completion | The promise takes a value, not a `Result` |
/// | `dropFirst(_:)`, `drop(while:)`, `prefix(while:)` | Leading values left out, or sent while the predicate holds; `prefix(while:)` finishes at the first value that fails and cancels the upstream | — |
/// | `output(at:)`, `output(in:)` | The values at those positions; the upstream is cancelled after the last | Finishes right after the value at the last position (Combine waits for one more value, as its `prefix` does); an empty range finishes at once |
/// | `ignoreOutput()` | Only the completion; the output is `Never` | — |
/// | `count()`, `reduce(_:_:)`, `last()`, `last(where:)` | One value when the upstream finishes; `last` of an empty upstream sends none | — |
/// | `contains(_:)`, `contains(where:)`, `allSatisfy(_:)` | The answer as soon as it is known, and the upstream cancelled then; otherwise when it finishes | — |
/// | `prepend(…)`, `append(…)` of values, a sequence, a publisher | `Concatenate` with a `Sequence` for values and sequences, as in Combine | — |
/// | `merge(with:_:…)`, `MergeMany` from a sequence | All the publishers' values, interleaved; finishes once all have finished | Three or more publishers must be of one type (Combine's `Merge3`…`Merge8` take different types): erase mixed ones |
/// | `share()` | One upstream subscription, made for the first subscriber; a late subscriber gets only later values; the last cancel cancels the upstream; the next subscriber subscribes again; the completion reaches everyone, later ones too | Values reach the subscribers as through `PassthroughSubject` (serial, never nested) |
@Suite struct CombineConformanceTests {
    // MARK: Time

    @Test(
        "debounce: Combine's example — bounces at 0, 0.25, 1, 1.25, 1.5 and 2 s, debounced by 0.5 s, print 1, 4 and 5"
    )
    func debounceCombineExample() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        subject.debounce(for: .milliseconds(500), scheduler: scheduler).subscribe(recorder)

        let bounces: [(Int, Duration)] = [
            (0, .zero), (1, .milliseconds(250)), (2, .seconds(1)), (3, .milliseconds(1_250)),
            (4, .milliseconds(1_500)), (5, .seconds(2)),
        ]
        for (index, time) in bounces {
            scheduler.advance(to: time)
            subject.send(index)
        }
        scheduler.advance(to: .seconds(3))
        #expect(
            recorder.timeline == [
                .value(1, at: .milliseconds(750)),
                .value(4, at: .seconds(2)),
                .value(5, at: .milliseconds(2_500)),
            ])
    }

    @Test(
        "debounce, deliberate difference: a value waiting when the upstream finishes is sent at its time (Combine drops it)"
    )
    func debounceKeepsLastValue() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        Just(1).debounce(for: .seconds(1), scheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.timeline == [.value(1, at: .seconds(1)), .finished(at: .seconds(1))])
    }

    @Test(
        "throttle: the first value at once, then one per interval — the latest (latest: true) or the first (latest: false)"
    )
    func throttleLatestOrFirst() {
        for latest in [true, false] {
            let scheduler = TestScheduler()
            let subject = PassthroughSubject<Int>()
            let recorder = TimedRecorder<Int>(clock: scheduler)
            subject.throttle(for: .seconds(1), scheduler: scheduler, latest: latest).subscribe(
                recorder)
            for value in 0..<4 {
                subject.send(value)
                scheduler.advance(by: .milliseconds(300))
            }
            scheduler.advance(to: .seconds(3))
            #expect(
                recorder.timeline == [
                    .value(0, at: .zero), .value(latest ? 3 : 1, at: .seconds(1)),
                ])
        }
    }

    @Test(
        "timeout: finishes after the interval without a value, counted from subscription and from each value"
    )
    func timeoutFinishes() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        subject.timeout(.seconds(5), scheduler: scheduler).subscribe(recorder)
        scheduler.advance(to: .seconds(4))
        subject.send(1)
        scheduler.advance(to: .seconds(20))
        #expect(recorder.timeline == [.value(1, at: .seconds(4)), .finished(at: .seconds(9))])
    }

    @Test("timeout, deliberate difference: sending: a value where Combine fails with customError:")
    func timeoutSendsValue() {
        let scheduler = TestScheduler()
        let recorder = Recorder<String>()
        Empty<String>(completeImmediately: false).timeout(
            .seconds(5), scheduler: scheduler, sending: "timed out"
        ).subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.history == [.subscription, .value("timed out"), .finished])
    }

    @Test(
        "Timer, deliberate difference: ticks from subscription, no connect, and sends the scheduler's time"
    )
    func timerStartsOnSubscription() {
        let scheduler = TestScheduler()
        scheduler.advance(by: .seconds(7))
        let recorder = Recorder<Duration>()
        Publishers.Timer(every: .seconds(3), scheduler: scheduler).prefix(2).subscribe(recorder)
        scheduler.advance(by: .seconds(10))
        #expect(
            recorder.history == [
                .subscription, .value(.seconds(10)), .value(.seconds(13)), .finished,
            ])
    }

    @Test(
        "Timer with share(): one series for every subscriber, as Combine's autoconnect() gives; alone, one per subscriber"
    )
    func timerSharedLikeAutoconnect() {
        let scheduler = TestScheduler()
        let timer = Publishers.Timer(every: .seconds(2), scheduler: scheduler)
        let shared = timer.share()
        let alone = Recorder<Duration>(), sharedFirst = Recorder<Duration>()
        let sharedLate = Recorder<Duration>()
        shared.subscribe(sharedFirst)
        scheduler.advance(by: .seconds(1))
        shared.subscribe(sharedLate)
        timer.subscribe(alone)
        scheduler.advance(to: .seconds(4))
        #expect(sharedFirst.values == [.seconds(2), .seconds(4)])
        #expect(sharedLate.values == [.seconds(2), .seconds(4)])
        #expect(alone.values == [.seconds(3)])
        for recorder in [alone, sharedFirst, sharedLate] { recorder.cancel() }
        #expect(scheduler.pendingWorkCount == 0)
    }

    // MARK: Shape

    @Test(
        "removeDuplicates: Combine's example — 0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 0 gives 0, 1, 2, 3, 4, 0"
    )
    func removeDuplicatesCombineExample() {
        let recorder = Recorder<Int>()
        [0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 0].publisher.removeDuplicates().subscribe(recorder)
        #expect(recorder.values == [0, 1, 2, 3, 4, 0])
    }

    @Test("scan: Combine's example — 0...5 scanned from 0 with + gives 0, 1, 3, 6, 10, 15")
    func scanCombineExample() {
        let recorder = Recorder<Int>()
        Array(0...5).publisher.scan(0) { $0 + $1 }.subscribe(recorder)
        #expect(recorder.values == [0, 1, 3, 6, 10, 15])
    }

    @Test("prefix: Combine's example — 0...10 prefixed by 2 gives 0 and 1")
    func prefixCombineExample() {
        let recorder = Recorder<Int>()
        Array(0...10).publisher.prefix(2).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(0), .value(1), .finished])
    }

    @Test(
        "prefix, deliberate difference: finishes right after the last value, without waiting for one more"
    )
    func prefixFinishesAtOnce() {
        let subject = PassthroughSubject<Int>()
        let recorder = Recorder<Int>()
        subject.prefix(2).subscribe(recorder)
        subject.send(0)
        subject.send(1)
        // Combine finishes only when the upstream sends its third value.
        #expect(recorder.history == [.subscription, .value(0), .value(1), .finished])
    }

    @Test(
        "first and first(where:): Combine's examples — -10...10 gives -10, and the first above 0 is 1"
    )
    func firstCombineExamples() {
        let first = Recorder<Int>()
        Array(-10...10).publisher.first().subscribe(first)
        #expect(first.history == [.subscription, .value(-10), .finished])
        let firstPositive = Recorder<Int>()
        Array(-10...10).publisher.first { $0 > 0 }.subscribe(firstPositive)
        #expect(firstPositive.history == [.subscription, .value(1), .finished])
    }

    @Test("collect: every value in one array at the end, and an empty array for an empty upstream")
    func collectCombine() {
        let all = Recorder<[Int]>()
        Array(0...10).publisher.collect().subscribe(all)
        #expect(all.values == [Array(0...10)])
        let none = Recorder<[Int]>()
        Empty<Int>().collect().subscribe(none)
        #expect(none.values == [[]])
    }

    @Test(
        "handleEvents: each closure runs before its event goes on; deliberate difference: no receiveRequest"
    )
    func handleEventsOrder() {
        let log = Lock<[String]>([])
        let recorder = Recorder<Int> { _, event in log.withLock { $0.append("got \(event)") } }
        Just(1).handleEvents(receiveOutput: { value in log.withLock { $0.append("saw \(value)") } })
            .subscribe(recorder)
        #expect(
            log.withLock { $0 } == ["got subscription", "saw 1", "got value(1)", "got finished"])
    }

    @Test("replaceEmpty: Combine's example — an empty publisher replaced with a value sends it")
    func replaceEmptyCombineExample() {
        let recorder = Recorder<Int>()
        Empty<Int>().replaceEmpty(with: -1).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(-1), .finished])
    }

    // MARK: Combining

    @Test(
        "flatMap: inner values interleaved as they come; finishes after the upstream and every inner"
    )
    func flatMapCombine() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<String>(clock: scheduler)
        [2, 1].publisher
            .flatMap { seconds in
                Just("after \(seconds) s").delay(for: .seconds(seconds), scheduler: scheduler)
            }
            .subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(
            recorder.timeline == [
                .value("after 1 s", at: .seconds(1)), .value("after 2 s", at: .seconds(2)),
                .finished(at: .seconds(2)),
            ])
    }

    @Test(
        "flatMap, deliberate difference: over maxPublishers, values wait in order for a free place (Combine asks for fewer)"
    )
    func flatMapQueues() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<String>(clock: scheduler)
        [2, 1].publisher
            .flatMap(maxPublishers: .max(1)) { seconds in
                Just("after \(seconds) s").delay(for: .seconds(seconds), scheduler: scheduler)
            }
            .subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(
            recorder.timeline == [
                .value("after 2 s", at: .seconds(2)), .value("after 1 s", at: .seconds(3)),
                .finished(at: .seconds(3)),
            ])
    }

    @Test("switchToLatest: a new inner cancels the previous; only the latest one's values arrive")
    func switchToLatestCombine() {
        let subjects = [PassthroughSubject<Int>(), PassthroughSubject<Int>()]
        let outer = PassthroughSubject<PassthroughSubject<Int>>()
        let recorder = Recorder<Int>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(subjects[0])
        subjects[0].send(1)
        outer.send(subjects[1])
        subjects[0].send(2)
        subjects[1].send(3)
        outer.send(completion: .finished)
        subjects[1].send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(1), .value(3), .finished])
    }

    @Test("combineLatest: Combine's example — (2, 2), (3, 2), (45, 2), (45, 22)")
    func combineLatestCombineExample() {
        let pub1 = PassthroughSubject<Int>()
        let pub2 = PassthroughSubject<Int>()
        let recorder = Recorder<String>()
        pub1.combineLatest(pub2) { "(\($0), \($1))" }.subscribe(recorder)
        pub1.send(1)
        pub1.send(2)
        pub2.send(2)
        pub1.send(3)
        pub1.send(45)
        pub2.send(22)
        #expect(recorder.values == ["(2, 2)", "(3, 2)", "(45, 2)", "(45, 22)"])
    }

    @Test("zip: Combine's example — (1, \"A\"), (2, \"B\")")
    func zipCombineExample() {
        let numbersPub = PassthroughSubject<Int>()
        let lettersPub = PassthroughSubject<String>()
        let recorder = Recorder<String>()
        numbersPub.zip(lettersPub) { "(\($0), \"\($1)\")" }.subscribe(recorder)
        numbersPub.send(1)
        numbersPub.send(2)
        lettersPub.send("A")
        numbersPub.send(3)
        lettersPub.send("B")
        #expect(recorder.values == ["(1, \"A\")", "(2, \"B\")"])
    }

    @Test("zip of three: a tuple once each has a value at the position, oldest first")
    func zipThree() {
        let numbers = PassthroughSubject<Int>(), letters = PassthroughSubject<String>()
        let marks = PassthroughSubject<String>()
        let recorder = Recorder<String>()
        numbers.zip(letters, marks) { "\($0)\($1)\($2)" }.subscribe(recorder)
        numbers.send(1)
        numbers.send(2)
        letters.send("A")
        marks.send("!")
        letters.send("B")
        numbers.send(3)
        marks.send("?")
        #expect(recorder.values == ["1A!", "2B?"])
    }

    @Test("combineLatest of four: nothing until all four have sent, then the latest of each")
    func combineLatestFour() {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int>() }
        let recorder = Recorder<Int>()
        subjects[0].combineLatest(subjects[1], subjects[2], subjects[3]) { $0 + $1 + $2 + $3 }
            .subscribe(recorder)
        for (index, subject) in subjects.enumerated() {
            subject.send(index * 10)
        }
        subjects[0].send(1)
        #expect(recorder.values == [60, 61])
    }

    // MARK: Sources

    @Test(
        "PassthroughSubject: values reach the subscribers of the moment; a late subscriber gets the completion"
    )
    func passthroughSubjectCombine() {
        let subject = PassthroughSubject<Int>()
        subject.send(0)
        let recorder = Recorder<Int>()
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        let late = Recorder<Int>()
        subject.subscribe(late)
        #expect(recorder.history == [.subscription, .value(1), .finished])
        #expect(late.history == [.subscription, .finished])
    }

    @Test(
        "subjects, deliberate difference: a send from inside a subscriber is delivered after the current call (Combine nests it)"
    )
    func subjectQueuesReentrantSend() {
        let subject = CurrentValueSubject(0)
        let depth = Lock(0)
        let maxDepth = Lock(0)
        let recorder = Recorder<Int> { _, event in
            guard case .value(let value) = event else { return }
            let current = depth.withLock {
                $0 += 1; return $0
            }
            maxDepth.withLock { $0 = max($0, current) }
            if value < 3 { subject.send(value + 1) }
            depth.withLock { $0 -= 1 }
        }
        subject.subscribe(recorder)
        #expect(recorder.values == [0, 1, 2, 3])
        #expect(maxDepth.withLock { $0 } == 1)
    }

    @Test(
        "CurrentValueSubject: the current value first; setting value sends it; after the completion, the completion alone, and value still settable"
    )
    func currentValueSubjectCombine() {
        let subject = CurrentValueSubject(1)
        let recorder = Recorder<Int>()
        subject.subscribe(recorder)
        subject.value = 2
        subject.send(completion: .finished)
        let late = Recorder<Int>()
        subject.subscribe(late)
        subject.send(3)
        subject.value = 4
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(late.history == [.subscription, .finished])
        #expect(subject.value == 4)
    }

    @Test(
        "Future: Combine's example — a value promised two seconds later reaches the subscriber then, once"
    )
    func futureCombineExample() {
        let scheduler = TestScheduler()
        let runs = Lock(0)
        let future = Future<Int> { promise in
            runs.withLock { $0 += 1 }
            scheduler.schedule(after: .seconds(2)) { promise(7) }
        }
        let recorder = TimedRecorder<Int>(clock: scheduler)
        future.subscribe(recorder)
        future.subscribe(TimedRecorder<Int>(clock: scheduler))
        scheduler.advance(by: .seconds(3))
        #expect(recorder.timeline == [.value(7, at: .seconds(2)), .finished(at: .seconds(2))])
        #expect(runs.withLock { $0 } == 1)
    }

    // MARK: Ported operators (issue 28)

    @Test(
        "dropFirst, drop(while:), prefix(while:): Combine's examples — 1...10 without 5, -62…5 from 10, 0...10 while below 5"
    )
    func dropAndPrefixCombineExamples() {
        let dropped = Recorder<Int>()
        Array(1...10).publisher.dropFirst(5).subscribe(dropped)
        #expect(dropped.values == [6, 7, 8, 9, 10])
        let droppedWhile = Recorder<Int>()
        [-62, -1, 0, 10, 0, 22, 41, -1, 5].publisher.drop { $0 <= 0 }.subscribe(droppedWhile)
        #expect(droppedWhile.values == [10, 0, 22, 41, -1, 5])
        let prefixed = Recorder<Int>()
        Array(0...10).publisher.prefix { $0 < 5 }.subscribe(prefixed)
        #expect(
            prefixed.history == [
                .subscription, .value(0), .value(1), .value(2), .value(3), .value(4), .finished,
            ])
    }

    @Test(
        "output(at:) and output(in:): Combine's example — positions 3...5 give 2, 2, 3; position 5 gives 3"
    )
    func outputCombineExample() {
        let numbers = [1, 1, 2, 2, 2, 3, 4, 5, 6]
        let inRange = Recorder<Int>(), atIndex = Recorder<Int>()
        numbers.publisher.output(in: 3...5).subscribe(inRange)
        numbers.publisher.output(at: 5).subscribe(atIndex)
        #expect(inRange.history == [.subscription, .value(2), .value(2), .value(3), .finished])
        #expect(atIndex.history == [.subscription, .value(3), .finished])
    }

    @Test(
        "output, deliberate difference: finishes right after the last position, without waiting for one more"
    )
    func outputFinishesAtOnce() {
        let subject = PassthroughSubject<Int>()
        let recorder = Recorder<Int>()
        subject.output(at: 1).subscribe(recorder)
        subject.send(0)
        subject.send(1)
        // Combine finishes only when the upstream sends its third value.
        #expect(recorder.history == [.subscription, .value(1), .finished])
        let empty = Recorder<Int>()
        subject.output(in: 2..<2).subscribe(empty)
        #expect(empty.history == [.subscription, .finished])
    }

    @Test("ignoreOutput: only the completion, and the output is Never")
    func ignoreOutputCombine() {
        let recorder = Recorder<Never>()
        let ignoring: Publishers.IgnoreOutput<Publishers.Sequence<[Int]>> = [1, 2].publisher
            .ignoreOutput()
        ignoring.subscribe(recorder)
        #expect(recorder.history.map(\.description) == ["subscription", "finished"])
    }

    @Test(
        "count, reduce, last: one value at the end — 10 letters, 0...10 summed to 55, the last of -10...10 is 10"
    )
    func reducingCombineExamples() {
        let count = Recorder<Int>(), sum = Recorder<Int>(), last = Recorder<Int>()
        "ABCDEFGHIJ".map { $0 }.publisher.count().subscribe(count)
        Array(0...10).publisher.reduce(0, +).subscribe(sum)
        Array(-10...10).publisher.last().subscribe(last)
        #expect(count.history == [.subscription, .value(10), .finished])
        #expect(sum.history == [.subscription, .value(55), .finished])
        #expect(last.history == [.subscription, .value(10), .finished])
        let lastBelowSix = Recorder<Int>()
        Array(-10...10).publisher.last { $0 < 6 }.subscribe(lastBelowSix)
        #expect(lastBelowSix.values == [5])
    }

    @Test(
        "contains and allSatisfy: Combine's examples — -1, 5, 10, 5 contains 5 and a value above 4; -1, 0, 10, 5 all lie in -1...100"
    )
    func containsAndAllSatisfyCombineExamples() {
        let numbers = [-1, 5, 10, 5]
        let contains = Recorder<Bool>(), containsWhere = Recorder<Bool>()
        numbers.publisher.contains(5).subscribe(contains)
        numbers.publisher.contains { $0 > 4 }.subscribe(containsWhere)
        #expect(contains.history == [.subscription, .value(true), .finished])
        #expect(containsWhere.history == [.subscription, .value(true), .finished])
        let targetRange = -1...100
        let allInRange = Recorder<Bool>()
        [-1, 0, 10, 5].publisher.allSatisfy { targetRange.contains($0) }.subscribe(allInRange)
        #expect(allInRange.history == [.subscription, .value(true), .finished])
    }

    @Test("prepend and append: values, a range, an array and a publisher, in the order written")
    func prependAndAppendCombine() {
        let recorder = Recorder<Int>()
        (10...12).publisher
            .append(1, 2)
            .append(99...101)
            .append([-100, -200])
            .append((20...22).publisher)
            .prepend(0)
            .subscribe(recorder)
        #expect(
            recorder.values == [0, 10, 11, 12, 1, 2, 99, 100, 101, -100, -200, 20, 21, 22])
    }

    @Test(
        "merge of three, deliberate difference: the publishers are of one type (Combine's Merge3 takes three types)"
    )
    func mergeOfThreeIsOneType() {
        let a = PassthroughSubject<Int>(), b = PassthroughSubject<Int>()
        let c = Just(3).eraseToAnyPublisher()
        let recorder = Recorder<Int>()
        let merged: Publishers.MergeMany<AnyPublisher<Int>> = a.eraseToAnyPublisher()
            .merge(with: b.eraseToAnyPublisher(), c)
        merged.subscribe(recorder)
        b.send(2)
        a.send(1)
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(recorder.history == [.subscription, .value(3), .value(2), .value(1), .finished])
    }

    @Test(
        "share: one upstream subscription; late subscribers get later values; the last cancel cancels it; the completion reaches all"
    )
    func shareCombine() {
        let upstream = TestSubject<Int>()
        let shared = upstream.share()
        let first = Recorder<Int>(), late = Recorder<Int>()
        shared.subscribe(first)
        upstream.send(1)
        shared.subscribe(late)
        upstream.send(2)
        #expect(upstream.subscriptionCount == 1)
        #expect(first.values == [1, 2])
        #expect(late.values == [2])
        first.cancel()
        late.cancel()
        #expect(upstream.cancellationCount == 1)
        let next = Recorder<Int>(), other = Recorder<Int>()
        shared.subscribe(next)
        shared.subscribe(other)
        #expect(upstream.subscriptionCount == 2)
        upstream.finish()
        #expect(next.history == [.subscription, .finished])
        #expect(other.history == [.subscription, .finished])
    }
}
