import Effects
import Testing

@Suite struct SwitchToLatestTests {
    @Test("sends the latest inner publisher's values; a new inner cancels the one before")
    func latestOnly() {
        let upstream = TestSubject<TestSubject<Int>>()
        let first = TestSubject<Int>(), second = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.switchToLatest().subscribe(recorder)

        upstream.send(first)
        first.send(1)
        upstream.send(second)
        #expect(first.cancellationCount == 1)
        first.send(2)
        second.send(3)
        #expect(recorder.history == [.subscription, .value(1), .value(3)])
    }

    @Test("finishes once the upstream and the latest inner have finished, in either order")
    func finishesAfterBoth() {
        let upstream = TestSubject<TestSubject<Int>>()
        let inner = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(inner)
        upstream.finish()
        #expect(recorder.history == [.subscription])
        inner.send(1)
        inner.finish()
        #expect(recorder.history == [.subscription, .value(1), .finished])

        let other = Recorder<Int>()
        [Just(1), Just(2)].publisher.switchToLatest().subscribe(other)
        #expect(other.history == [.subscription, .value(1), .value(2), .finished])
    }

    @Test("an inner that finishes while the upstream runs does not finish it")
    func innerFinishAlone() {
        let upstream = TestSubject<Just<Int>>()
        let recorder = Recorder<Int>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(Just(1))
        #expect(recorder.history == [.subscription, .value(1)])
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(1), .finished])
    }

    @Test("with map, the latest query's delayed results only: a search as the user types")
    func mapThenSwitch() {
        let scheduler = TestScheduler()
        let queries = PassthroughSubject<String>()
        let recorder = TimedRecorder<String>(clock: scheduler)
        queries
            .map { query in
                Just("results for \(query)").delay(for: .seconds(1), scheduler: scheduler)
            }
            .switchToLatest()
            .subscribe(recorder)

        queries.send("d")
        scheduler.advance(by: .milliseconds(500))
        queries.send("du")
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.advance(by: .seconds(2))
        #expect(recorder.timeline == [.value("results for du", at: .milliseconds(1_500))])
    }

    @Test("cancelling cancels the upstream and the running inner")
    func cancelCancelsBoth() {
        let upstream = TestSubject<TestSubject<Int>>()
        let inner = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(inner)
        recorder.cancel()
        #expect(upstream.cancellationCount == 1)
        #expect(inner.cancellationCount == 1)
    }

    @Test(
        "cancelling cancels the running inner publisher first, then the upstream, as Combine does")
    func cancelOrder() {
        let log = EventLog()
        let upstream = TestSubject<String>()
        let inners = ["a": TestSubject<Int>(), "b": TestSubject<Int>()]
        let recorder = Recorder<Int>()
        upstream
            .handleEvents(receiveCancel: { log.note("upstream") })
            .map { name in
                inners[name]!.handleEvents(receiveCancel: { log.note("inner \(name)") })
            }
            .switchToLatest()
            .subscribe(recorder)
        upstream.send("a")
        upstream.send("b")
        #expect(log.all == ["inner a"])
        recorder.cancel()
        #expect(log.all == ["inner a", "inner b", "upstream"])
    }

    @Test("describes its upstream")
    func description() {
        #expect(
            [Just(1)].publisher.switchToLatest().description
                == "SwitchToLatest(Sequence([Just(1)]))")
    }
}
