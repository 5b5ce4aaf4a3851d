import Effects
import Testing

@Suite struct CombineLatest3Tests {
    @Test("sends nothing until every upstream has sent, then the latest of each on every value")
    func latestOfEach() {
        let a = TestSubject<Int>(), b = TestSubject<String>(), c = TestSubject<Character>()
        let recorder = Recorder<String>()
        a.combineLatest(b, c) { "\($0)\($1)\($2)" }.subscribe(recorder)

        a.send(1)
        b.send("x")
        a.send(2)
        #expect(recorder.values == [])
        c.send("!")
        b.send("y")
        c.send("?")
        #expect(recorder.values == ["2x!", "2y!", "2y?"])
    }

    @Test("without a transform, sends tuples of the latest values")
    func tuples() {
        let recorder = Recorder<String>()
        [1, 2].publisher.combineLatest(["a"].publisher, [true, false].publisher)
            .map { "\($0.0)\($0.1)\($0.2)" }
            .subscribe(recorder)
        #expect(
            recorder.history == [.subscription, .value("2atrue"), .value("2afalse"), .finished])
    }

    @Test("finishes once every upstream has finished; a finished one keeps its last value")
    func finishesAfterAll() {
        let a = TestSubject<Int>(), b = TestSubject<Int>(), c = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.combineLatest(b, c) { $0 + $1 + $2 }.subscribe(recorder)
        a.send(1)
        a.finish()
        b.send(10)
        b.finish()
        c.send(100)
        c.send(200)
        #expect(recorder.history == [.subscription, .value(111), .value(211)])
        c.finish()
        #expect(recorder.history == [.subscription, .value(111), .value(211), .finished])
    }

    @Test("on virtual time, the first combination goes out when the last upstream first sends")
    func onVirtualTime() {
        let scheduler = TestScheduler()
        let recorder = TimedRecorder<String>(clock: scheduler)
        Just(1).delay(for: .seconds(1), scheduler: scheduler)
            .combineLatest(
                Just("a").delay(for: .seconds(3), scheduler: scheduler),
                [true, false].publisher.delay(for: .seconds(2), scheduler: scheduler)
            ) { "\($0)\($1)\($2)" }
            .subscribe(recorder)
        scheduler.advance(by: .seconds(5))
        #expect(
            recorder.timeline == [.value("1afalse", at: .seconds(3)), .finished(at: .seconds(3))])
        #expect(scheduler.pendingWorkCount == 0)
    }

    @Test("cancelling cancels every upstream, first to last, and nothing more arrives")
    func cancelCancelsAll() {
        let log = EventLog()
        let a = TestSubject<Int>(), b = TestSubject<Int>(), c = TestSubject<Int>()
        let recorder = Recorder<Int>()
        a.notingCancel(as: "a", in: log)
            .combineLatest(
                b.notingCancel(as: "b", in: log),
                c.notingCancel(as: "c", in: log)
            ) { $0 + $1 + $2 }
            .subscribe(recorder)
        a.send(1)
        b.send(1)
        recorder.cancel()
        #expect(log.all == ["a", "b", "c"])
        c.send(1)
        #expect(recorder.history == [.subscription])
    }

    @Test("describes its upstreams")
    func description() {
        #expect(
            Just(1).combineLatest(Just("a"), Just(true)).description
                == "CombineLatest3(Just(1), Just(a), Just(true))")
    }
}
