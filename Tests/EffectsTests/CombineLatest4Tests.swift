import Effects
import Testing

@Suite struct CombineLatest4Tests {
    @Test("sends nothing until every upstream has sent, then the latest of each on every value")
    func latestOfEach() {
        let a = TestSubject<Int>(), b = TestSubject<String>()
        let c = TestSubject<Character>(), d = TestSubject<Bool>()
        let recorder = Recorder<String>()
        a.combineLatest(b, c, d) { "\($0)\($1)\($2)\($3)" }.subscribe(recorder)

        a.send(1)
        b.send("x")
        c.send("!")
        a.send(2)
        #expect(recorder.values == [])
        d.send(true)
        c.send("?")
        d.send(false)
        #expect(recorder.values == ["2x!true", "2x?true", "2x?false"])
    }

    @Test("without a transform, sends tuples of the latest values, and finishes after all")
    func tuples() {
        let recorder = Recorder<String>()
        [1].publisher.combineLatest(["a"].publisher, [true].publisher, [0.5, 1.5].publisher)
            .map { "\($0.0)\($0.1)\($0.2)\($0.3)" }
            .subscribe(recorder)
        #expect(
            recorder.history == [
                .subscription, .value("1atrue0.5"), .value("1atrue1.5"), .finished,
            ])
    }

    @Test("finishes once every upstream has finished, not before")
    func finishesAfterAll() {
        let upstreams = (0..<4).map { _ in TestSubject<Int>() }
        let recorder = Recorder<Int>()
        upstreams[0].combineLatest(upstreams[1], upstreams[2], upstreams[3]) { $0 + $1 + $2 + $3 }
            .subscribe(recorder)
        for (index, upstream) in upstreams.enumerated() {
            upstream.send(index)
        }
        for upstream in upstreams.dropLast() {
            upstream.finish()
        }
        #expect(recorder.history == [.subscription, .value(6)])
        upstreams[3].finish()
        #expect(recorder.history == [.subscription, .value(6), .finished])
    }

    @Test("cancelling cancels every upstream, first to last")
    func cancelCancelsAll() {
        let log = EventLog()
        let upstreams = (0..<4).map { _ in TestSubject<Int>() }
        let recorder = Recorder<Int>()
        let logged = upstreams.enumerated().map { $1.notingCancel(as: "\($0)", in: log) }
        logged[0].combineLatest(logged[1], logged[2], logged[3]) { $0 + $1 + $2 + $3 }
            .subscribe(recorder)
        recorder.cancel()
        #expect(log.all == ["0", "1", "2", "3"])
        for upstream in upstreams { upstream.send(1) }
        #expect(recorder.history == [.subscription])
    }

    @Test("describes its upstreams")
    func description() {
        #expect(
            Just(1).combineLatest(Just("a"), Just(true), Just(2)).description
                == "CombineLatest4(Just(1), Just(a), Just(true), Just(2))")
    }
}
