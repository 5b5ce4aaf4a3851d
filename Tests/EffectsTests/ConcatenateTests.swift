import Effects
import Testing

@Suite struct ConcatenateTests {
    @Test("sends the prefix's values, then the suffix's, then finishes")
    func prefixThenSuffix() {
        let recorder = Recorder<Int>()
        [1, 2].publisher.append([3, 4].publisher).subscribe(recorder)
        #expect(
            recorder.history == [
                .subscription, .value(1), .value(2), .value(3), .value(4), .finished,
            ])
    }

    @Test("the suffix is not subscribed to until the prefix finishes")
    func suffixWaitsForPrefix() {
        let prefix = TestSubject<String>(), suffix = TestSubject<String>()
        let recorder = Recorder<String>()
        Publishers.Concatenate(prefix: prefix, suffix: suffix).subscribe(recorder)
        #expect(prefix.subscriptionCount == 1)
        #expect(suffix.subscriptionCount == 0)

        prefix.send("p")
        #expect(suffix.subscriptionCount == 0)
        prefix.finish()
        #expect(suffix.subscriptionCount == 1)
        suffix.send("s")
        #expect(recorder.history == [.subscription, .value("p"), .value("s")])
        suffix.finish()
        #expect(recorder.history == [.subscription, .value("p"), .value("s"), .finished])
    }

    @Test("a value sent from inside the downstream's call waits for that call to return")
    func reentrantValueWaits() {
        let prefix = TestSubject<Int>(), suffix = TestSubject<Int>()
        let log = EventLog()
        let recorder = Recorder<Int> { recorder, event in
            guard event == .value(1) else { return }
            prefix.send(2)
            log.note("after the nested send: \(recorder.values)")
        }
        prefix.append(suffix).subscribe(recorder)
        prefix.send(1)
        #expect(log.all == ["after the nested send: [1]"])
        #expect(recorder.values == [1, 2])
    }

    @Test("a deferred suffix is made only once a delayed prefix has finished")
    func deferredSuffixMadeAfterDelayedPrefix() {
        let scheduler = TestScheduler()
        let suffixesMade = Lock(0)
        let recorder = Recorder<Int>()
        Just(1).delay(for: .seconds(1), scheduler: scheduler)
            .append(
                Deferred {
                    suffixesMade.withLock { $0 += 1 }
                    return Just(2)
                }
            )
            .subscribe(recorder)

        scheduler.advance(by: .milliseconds(999))
        #expect(suffixesMade.withLock { $0 } == 0)
        #expect(recorder.history == [.subscription])
        scheduler.advance(by: .milliseconds(1))
        #expect(suffixesMade.withLock { $0 } == 1)
        #expect(recorder.history == [.subscription, .value(1), .value(2), .finished])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling during the prefix cancels it and never subscribes to the suffix")
    func cancelDuringPrefix() {
        let prefix = TestSubject<Int>(), suffix = TestSubject<Int>()
        let recorder = Recorder<Int>()
        prefix.append(suffix).subscribe(recorder)
        prefix.send(1)
        recorder.cancel()
        prefix.send(2)
        prefix.finish()
        #expect(recorder.history == [.subscription, .value(1)])
        #expect(prefix.cancellationCount == 1)
        #expect(suffix.subscriptionCount == 0)
    }

    @Test("cancelling from a value handler stops a synchronous prefix")
    func cancelFromValueHandlerInSynchronousPrefix() {
        let suffix = TestSubject<Int>()
        let recorder = Recorder<Int> { recorder, event in
            if event == .value(2) { recorder.cancel() }
        }
        [1, 2, 3].publisher.append(suffix).subscribe(recorder)
        #expect(recorder.history == [.subscription, .value(1), .value(2)])
        #expect(suffix.subscriptionCount == 0)
    }

    @Test("a long chain of synchronous publishers does not grow the stack")
    func longChainOfJusts() {
        let recorder = CountingSubscriber<Int>()
        Effect.concatenate((0..<10_000).map { Effect.just($0) }).subscribe(recorder)
        #expect(recorder.valueCount == 10_000)
        #expect(recorder.completionCount == 1)
    }

    @Test("describes its prefix and suffix")
    func description() {
        #expect(Just(1).append(Just(2)).description == "Concatenate(Just(1), Just(2))")
    }
}
