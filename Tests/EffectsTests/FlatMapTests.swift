import Effects
import Testing

@Suite struct FlatMapTests {
    @Test(
        "interleaves the inner publishers' values as they arrive, and finishes after the upstream and every inner"
    )
    func interleavesAndFinishesLast() {
        let upstream = TestSubject<String>()
        let inners = ["a": TestSubject<String>(), "b": TestSubject<String>()]
        let recorder = Recorder<String>()
        upstream.flatMap { inners[$0]! }.subscribe(recorder)

        upstream.send("a")
        upstream.send("b")
        inners["a"]!.send("a1")
        inners["b"]!.send("b1")
        inners["a"]!.send("a2")
        upstream.finish()
        inners["a"]!.finish()
        #expect(recorder.history == [.subscription, .value("a1"), .value("b1"), .value("a2")])
        inners["b"]!.finish()
        #expect(
            recorder.history == [
                .subscription, .value("a1"), .value("b1"), .value("a2"), .finished,
            ])
    }

    @Test("inner publishers that finish while the upstream runs do not finish it")
    func upstreamStillRunning() {
        let upstream = TestSubject<Int>()
        let recorder = Recorder<Int>()
        upstream.flatMap { Just($0 * 10) }.subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        #expect(recorder.history == [.subscription, .value(10), .value(20)])
        upstream.finish()
        #expect(recorder.history == [.subscription, .value(10), .value(20), .finished])
    }

    @Test(
        "maxPublishers: .max(1) runs one inner publisher at a time; values wait, in order, for a free place"
    )
    func oneAtATime() {
        let scheduler = TestScheduler()
        let upstream = TestSubject<Int>()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        upstream
            .flatMap(maxPublishers: .max(1)) {
                Just($0).delay(for: .seconds(1), scheduler: scheduler)
            }
            .subscribe(recorder)

        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        upstream.finish()
        #expect(scheduler.pendingWorkCount == 1)
        scheduler.advance(by: .seconds(10))
        #expect(
            recorder.timeline == [
                .value(1, at: .seconds(1)),
                .value(2, at: .seconds(2)),
                .value(3, at: .seconds(3)),
                .finished(at: .seconds(3)),
            ])
    }

    @Test("maxPublishers: .max(2) runs two at a time")
    func twoAtATime() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<Int>(clock: scheduler)
        [1, 2, 3, 4].publisher
            .flatMap(maxPublishers: .max(2)) {
                Just($0).delay(for: .seconds(1), scheduler: scheduler)
            }
            .subscribe(recorder)
        #expect(scheduler.pendingWorkCount == 2)
        scheduler.advance(by: .seconds(10))
        #expect(
            recorder.timeline == [
                .value(1, at: .seconds(1)),
                .value(2, at: .seconds(1)),
                .value(3, at: .seconds(2)),
                .value(4, at: .seconds(2)),
                .finished(at: .seconds(2)),
            ])
    }

    @Test(
        "100,000 queued values whose publishers finish at once run in a loop, not a growing stack")
    func synchronousInnersDoNotRecurse() {
        let counter = CountingSubscriber<Int>()
        Array(0..<100_000).publisher.flatMap(maxPublishers: .max(1)) { Just($0) }.subscribe(counter)
        #expect(counter.valueCount == 100_000)
        #expect(counter.completionCount == 1)
    }

    @Test(
        "cancelling cancels the upstream and every running inner publisher, and drops the waiting values"
    )
    func cancelCancelsAll() {
        let upstream = TestSubject<Int>()
        let inners = [TestSubject<Int>(), TestSubject<Int>()]
        let recorder = Recorder<Int>()
        upstream.flatMap(maxPublishers: .max(2)) { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        upstream.send(1)
        upstream.send(0)
        recorder.cancel()
        #expect(upstream.cancellationCount == 1)
        #expect(inners[0].cancellationCount == 1)
        #expect(inners[1].cancellationCount == 1)
        inners[0].send(5)
        #expect(recorder.history == [.subscription])
    }

    @Test(
        "cancelling cancels the running inner publishers first, oldest first, then the upstream, as Combine does"
    )
    func cancelOrder() {
        let log = EventLog()
        let upstream = TestSubject<String>()
        let inners = ["a": TestSubject<Int>(), "b": TestSubject<Int>()]
        let recorder = Recorder<Int>()
        upstream
            .handleEvents(receiveCancel: { log.note("upstream") })
            .flatMap { name in
                inners[name]!.handleEvents(receiveCancel: { log.note("inner \(name)") })
            }
            .subscribe(recorder)
        upstream.send("a")
        upstream.send("b")
        recorder.cancel()
        #expect(log.all == ["inner a", "inner b", "upstream"])
    }

    @Test("maxPublishers of zero or less is refused with a precondition failure")
    func zeroLimitTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = ConcurrencyLimit.max(0)
        }
    }

    @Test("describes its limit and upstream")
    func description() {
        #expect(
            [1].publisher.flatMap { Just($0) }.description == "FlatMap(unlimited, Sequence([1]))")
        #expect(
            [1].publisher.flatMap(maxPublishers: .max(2)) { Just($0) }.description
                == "FlatMap(max(2), Sequence([1]))")
    }
}
